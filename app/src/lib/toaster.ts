/**
 * The app's one toast at a time (a newer one replaces it), outside React so that any screen, or
 * code that runs after its screen has gone (a delete that navigates to 首页), can show one. The
 * root layout's ToasterHost draws it, so it survives navigation.
 */
export type ToastRequest = {
  message: string;
  /** One action, e.g. 撤销. */
  action?: { label: string; run: () => void };
  tone?: "default" | "error";
  /** Milliseconds it stays (paused while pointed at or focused); default the Toast's own. */
  duration?: number;
};
export type ShownToast = ToastRequest & { id: number };

let current: ShownToast | null = null;
let next = 1;
const listeners = new Set<() => void>();
const emit = () => {
  for (const listener of listeners) listener();
};

export const toaster = {
  show(request: ToastRequest): number {
    current = { ...request, id: next++ };
    emit();
    return current.id;
  },
  /** Closes the toast `id` (or whichever is shown); a newer one stays. */
  dismiss(id?: number) {
    if (!current || (id !== undefined && current.id !== id)) return;
    current = null;
    emit();
  },
  get: (): ShownToast | null => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
