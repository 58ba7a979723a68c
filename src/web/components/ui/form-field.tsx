import type { ComponentProps, ReactNode } from "react";
import { cn } from "@web/lib/utils";
import { Input } from "./input";
import { Label } from "./label";
import { Textarea } from "./textarea";

/** The props that tie a control to its label, its message and its hint. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

/**
 * The props that tie a control to its messages, for a control laid out by hand (a checkbox beside its label):
 * pass `errorId` to ErrorList, and the hint's id as `hintId`.
 */
export function fieldAria(id: string, error: string | undefined, hintId?: string): FieldControlProps {
  const describedBy = [error ? `${id}-error` : null, hintId].filter(Boolean).join(" ");
  return { id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined };
}

/** A field's validation message (or messages), under it; its id is what the field's aria-describedby names. */
export function ErrorList({ id, errors }: { id: string; errors?: (string | undefined)[] }) {
  const shown = (errors ?? []).filter((error): error is string => Boolean(error));
  if (shown.length === 0) return null;
  return (
    <ul id={id} className="flex flex-col gap-1">
      {shown.map((error) => (
        <li key={error} className="text-sm font-medium text-destructive">
          {error}
        </li>
      ))}
    </ul>
  );
}

type FormFieldProps = {
  id: string;
  label: ReactNode;
  error?: string;
  /** Shown on the label's line, at the right (a "Forgot password?" link, for example). */
  aside?: ReactNode;
  /** Guidance under the control (a password's rules, for example); the control is described by it. */
  hint?: ReactNode;
  /** Hides the label visually (it still names the control). */
  hideLabel?: boolean;
  className?: string;
  /** The control, given the props that wire it to the label, the message and the hint. */
  children: (control: FieldControlProps) => ReactNode;
};

/** Label, control, the control's validation message and its hint, wired together once (epic-stack's Field). */
export function FormField({ id, label, error, aside, hint, hideLabel = false, className, children }: FormFieldProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-2", className)}>
      <div className={cn("flex items-center justify-between gap-2", hideLabel && !aside && "sr-only")}>
        <Label htmlFor={id} className={cn(hideLabel && "sr-only")}>
          {label}
        </Label>
        {aside}
      </div>
      {children(fieldAria(id, error, hintId))}
      <ErrorList id={`${id}-error`} errors={[error]} />
      {hint ? (
        <div id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

type ControlFieldProps<P> = Omit<FormFieldProps, "children"> & { controlProps?: P };

/** A labelled one-line text field. */
export function Field({ controlProps, ...field }: ControlFieldProps<Omit<ComponentProps<"input">, "id">>) {
  return <FormField {...field}>{(aria) => <Input {...aria} {...controlProps} />}</FormField>;
}

/** A labelled multi-line text field. */
export function TextareaField({ controlProps, ...field }: ControlFieldProps<Omit<ComponentProps<"textarea">, "id">>) {
  return <FormField {...field}>{(aria) => <Textarea {...aria} {...controlProps} />}</FormField>;
}
