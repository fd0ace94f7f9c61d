import type * as React from "react";
import { Field } from "../field";
import { Input, type InputProps } from "../input";

export type PasswordFieldProps = Omit<InputProps, "type" | "id" | "value" | "onChange"> & {
  /** Id of the input; generated when omitted. */
  id?: string;
  label: React.ReactNode;
  hint?: React.ReactNode;
  error?: React.ReactNode;
  value: string;
  onValueChange: (value: string) => void;
  /** `current-password` where the person proves who they are, `new-password` where they choose one. */
  autoComplete: "current-password" | "new-password";
};

/** A labelled password input: a Field around an Input of type password. */
export function PasswordField({
  id,
  label,
  hint,
  error,
  value,
  onValueChange,
  className,
  ...props
}: PasswordFieldProps) {
  return (
    <Field id={id} label={label} hint={hint} error={error} className={className}>
      {(control) => (
        <Input
          {...control}
          {...props}
          type="password"
          value={value}
          onChange={(event) => onValueChange(event.target.value)}
        />
      )}
    </Field>
  );
}
