import type { ReactNode } from "react";
import { FieldError, Label } from "@web/components/ui/label";

/** The ids that tie a field to its message: pass `inputProps` to the input. */
export function fieldAria(id: string, error: string | undefined, extraDescription?: string) {
  const describedBy = [error ? `${id}-error` : null, extraDescription].filter(Boolean).join(" ");
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy || undefined,
  } as const;
}

type FormFieldProps = {
  id: string;
  label: ReactNode;
  error?: string;
  /** Shown on the label's line, at the right (a "Forgot password?" link, for example). */
  aside?: ReactNode;
  /** Guidance shown under the message (a password's rules, for example). */
  hint?: ReactNode;
  children: ReactNode;
};

/** Label, control and the control's validation message under it. */
export function FormField({ id, label, error, aside, hint, children }: FormFieldProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={id}>{label}</Label>
        {aside}
      </div>
      {children}
      <FieldError id={`${id}-error`} message={error} />
      {hint}
    </div>
  );
}
