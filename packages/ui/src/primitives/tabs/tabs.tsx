import { cva, type VariantProps } from "class-variance-authority";
import * as React from "react";
import { cn } from "../../lib/cn";

export const tabsListVariants = cva("group/tabs-list inline-flex items-center", {
  variants: {
    variant: {
      underline: "gap-1 border-b border-border",
      pill: "w-fit gap-1 rounded-full bg-muted p-1",
    },
  },
  defaultVariants: { variant: "underline" },
});

export const tabsTriggerVariants = cva([
  "relative inline-flex cursor-pointer items-center justify-center gap-1.5 whitespace-nowrap text-sm font-medium text-muted-foreground transition-colors outline-none",
  "hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring disabled:pointer-events-none disabled:opacity-50 [&_svg]:size-4",
  "group-data-[variant=underline]/tabs-list:h-10 max-md:group-data-[variant=underline]/tabs-list:h-11 group-data-[variant=underline]/tabs-list:rounded-sm group-data-[variant=underline]/tabs-list:px-3",
  "group-data-[variant=underline]/tabs-list:after:absolute group-data-[variant=underline]/tabs-list:after:inset-x-2 group-data-[variant=underline]/tabs-list:after:-bottom-px group-data-[variant=underline]/tabs-list:after:h-0.5 group-data-[variant=underline]/tabs-list:after:rounded-full",
  "group-data-[variant=underline]/tabs-list:data-[state=active]:text-primary group-data-[variant=underline]/tabs-list:data-[state=active]:after:bg-brand",
  "group-data-[variant=pill]/tabs-list:h-8 group-data-[variant=pill]/tabs-list:rounded-full group-data-[variant=pill]/tabs-list:px-4",
  "group-data-[variant=pill]/tabs-list:data-[state=active]:bg-primary group-data-[variant=pill]/tabs-list:data-[state=active]:text-primary-foreground group-data-[variant=pill]/tabs-list:data-[state=active]:shadow-sm",
]);

export type TabsListVariant = NonNullable<VariantProps<typeof tabsListVariants>["variant"]>;

// A tab row by hand rather than Radix Tabs: Radix brings its collection and roving-focus machinery
// (4.5 kB gzipped) into both first screens, /login and 首页, for two or three buttons. The roles,
// ids, data-state and keys (arrows wrap, Home, End; moving selects) are Radix's.
type TabsState = { baseId: string; value: string | undefined; select: (value: string) => void };
const TabsContext = React.createContext<TabsState | null>(null);

function useTabs(part: string) {
  const state = React.useContext(TabsContext);
  if (!state) throw new Error(`${part} must be inside <Tabs>`);
  return state;
}

const idOf = (baseId: string, part: "trigger" | "content", value: string) => `${baseId}-${part}-${value}`;

export type TabsProps = Omit<React.ComponentProps<"div">, "defaultValue"> & {
  /** The selected tab, when the parent controls it. */
  value?: string;
  /** The tab selected at first, when the parent does not control it. */
  defaultValue?: string;
  /** Called with a newly selected tab's value (not again for the one already selected). */
  onValueChange?: (value: string) => void;
};

export function Tabs({ value, defaultValue, onValueChange, className, ...props }: TabsProps) {
  const [own, setOwn] = React.useState(defaultValue);
  const current = value ?? own;
  const baseId = React.useId();
  const state = React.useMemo<TabsState>(
    () => ({
      baseId,
      value: current,
      select: (next) => {
        if (next === current) return;
        setOwn(next);
        onValueChange?.(next);
      },
    }),
    [baseId, current, onValueChange],
  );
  return (
    <TabsContext.Provider value={state}>
      <div data-slot="tabs" className={cn("flex flex-col gap-4", className)} {...props} />
    </TabsContext.Provider>
  );
}

export type TabsListProps = React.ComponentProps<"div"> & VariantProps<typeof tabsListVariants>;

const NAV_KEYS = ["ArrowLeft", "ArrowRight", "Home", "End"];

export function TabsList({ className, variant = "underline", onKeyDown, ...props }: TabsListProps) {
  return (
    <div
      role="tablist"
      aria-orientation="horizontal"
      data-slot="tabs-list"
      data-variant={variant}
      className={cn(tabsListVariants({ variant }), className)}
      onKeyDown={(event) => {
        onKeyDown?.(event);
        if (event.defaultPrevented || !NAV_KEYS.includes(event.key)) return;
        const tabs = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)')];
        const at = tabs.indexOf(document.activeElement as HTMLElement);
        if (at < 0) return;
        event.preventDefault();
        const step =
          { ArrowLeft: at - 1, ArrowRight: at + 1, Home: 0, End: tabs.length - 1 }[event.key] ?? at;
        const next = tabs[(step + tabs.length) % tabs.length];
        // Moving along the row selects, as Radix's automatic activation does.
        next?.focus();
        next?.click();
      }}
      {...props}
    />
  );
}

export type TabsTriggerProps = Omit<React.ComponentProps<"button">, "value"> & { value: string };

export function TabsTrigger({ value, className, disabled, onClick, ...props }: TabsTriggerProps) {
  const { baseId, value: current, select } = useTabs("TabsTrigger");
  const selected = value === current;
  return (
    <button
      type="button"
      role="tab"
      id={idOf(baseId, "trigger", value)}
      aria-selected={selected}
      data-state={selected ? "active" : "inactive"}
      data-slot="tabs-trigger"
      disabled={disabled}
      tabIndex={selected ? 0 : -1}
      className={cn(tabsTriggerVariants(), className)}
      onClick={(event) => {
        onClick?.(event);
        if (!event.defaultPrevented) select(value);
      }}
      {...props}
    />
  );
}

export type TabsContentProps = React.ComponentProps<"div"> & { value: string };

export function TabsContent({ value, className, children, ...props }: TabsContentProps) {
  const { baseId, value: current } = useTabs("TabsContent");
  const selected = value === current;
  const id = idOf(baseId, "content", value);
  // The panel, once drawn, gives its trigger aria-controls: 首页 and /login draw the row alone (an
  // aria-controls naming nothing is an error), and so carry none of this code on their first screen.
  React.useLayoutEffect(() => {
    const trigger = document.getElementById(idOf(baseId, "trigger", value));
    trigger?.setAttribute("aria-controls", id);
    return () => trigger?.removeAttribute("aria-controls");
  }, [baseId, value, id]);
  return (
    <div
      role="tabpanel"
      id={id}
      aria-labelledby={idOf(baseId, "trigger", value)}
      data-state={selected ? "active" : "inactive"}
      data-slot="tabs-content"
      hidden={!selected}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a panel without focusable content must still be reachable (WAI-ARIA tabs)
      tabIndex={0}
      className={cn("rounded-sm outline-none focus-visible:ring-2 focus-visible:ring-ring", className)}
      {...props}
    >
      {selected && children}
    </div>
  );
}
