import type * as React from "react";
import { useState } from "react";
import { Button } from "../button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  type DialogContentProps,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "../dialog";

export type ConfirmDialogTone = "danger" | "primary";

export type ConfirmDialogProps = Omit<DialogContentProps, "title" | "children"> & {
  /** Whether the dialog is shown (controlled). */
  open: boolean;
  /** Called with `false` on cancel, Esc or after a successful confirm. */
  onOpenChange: (open: boolean) => void;
  /** The question, e.g. 删除这个想法？ */
  title: React.ReactNode;
  /** What happens on confirm, e.g. 删除后无法恢复。 */
  description?: React.ReactNode;
  /** Label of the confirm button. */
  confirmLabel?: string;
  /** Label of the cancel button. */
  cancelLabel?: string;
  /** `danger` for destructive actions (red confirm button). */
  tone?: ConfirmDialogTone;
  /** Shows the confirm button as busy, e.g. while the caller's mutation runs. */
  pending?: boolean;
  /** Runs on confirm; a returned promise keeps the dialog open and busy until it settles, closing it on success. */
  onConfirm: () => unknown;
  /** Called when the user cancels (button or Esc). */
  onCancel?: () => void;
};

export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel = "确认",
  cancelLabel = "取消",
  tone = "primary",
  pending = false,
  onConfirm,
  onCancel,
  ...props
}: ConfirmDialogProps) {
  const [running, setRunning] = useState(false);
  const busy = pending || running;

  const confirm = async () => {
    const result = onConfirm();
    if (!(result instanceof Promise)) return onOpenChange(false);
    setRunning(true);
    try {
      await result;
      onOpenChange(false);
    } catch {
      // The caller reports the failure; the dialog stays open so the user can retry or cancel.
    } finally {
      setRunning(false);
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (next || busy) return;
        onCancel?.();
        onOpenChange(false);
      }}
    >
      <DialogContent
        role="alertdialog"
        size="sm"
        showCloseButton={false}
        data-tone={tone}
        data-pending={busy ? "" : undefined}
        onInteractOutside={(event) => event.preventDefault()}
        {...props}
      >
        <DialogHeader className="pr-0">
          <DialogTitle>{title}</DialogTitle>
          {description ? <DialogDescription>{description}</DialogDescription> : null}
        </DialogHeader>
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="secondary" disabled={busy}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button variant={tone} loading={busy} onClick={confirm}>
            {confirmLabel}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
