import type * as React from "react";
import { useId } from "react";
import { cn } from "../../lib/cn";

/** Props a Field hands to its control so label, hint and error are wired to it. */
export type FieldControlProps = {
  id: string;
  "aria-describedby"?: string;
  "aria-invalid"?: true;
  required?: true;
};

export type FieldProps = Omit<React.ComponentProps<"div">, "children" | "id"> & {
  /** Id of the control; generated when omitted. Hint and error ids derive from it. */
  id?: string;
  /** Visible label, linked to the control with htmlFor. */
  label: React.ReactNode;
  /** Helper text under the control. */
  hint?: React.ReactNode;
  /** Error text; when set the control is marked invalid and the message is announced. */
  error?: React.ReactNode;
  /** Shows a required marker and marks the control required. */
  required?: boolean;
  /** Renders the control; spread the given props onto it. */
  children: (control: FieldControlProps) => React.ReactNode;
};

export function Field({ id, label, hint, error, required, className, children, ...props }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;

  return (
    <div
      data-slot="field"
      data-invalid={error ? "" : undefined}
      className={cn("flex flex-col gap-1.5", className)}
      {...props}
    >
      <label data-slot="field-label" htmlFor={controlId} className="text-sm font-medium text-foreground">
        {label}
        {required ? (
          <span aria-hidden className="ml-0.5 text-error">
            *
          </span>
        ) : null}
      </label>
      {children({
        id: controlId,
        "aria-describedby": describedBy,
        "aria-invalid": error ? true : undefined,
        required: required || undefined,
      })}
      {hint ? (
        <p data-slot="field-hint" id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p data-slot="field-error" id={errorId} role="alert" className="text-xs text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
