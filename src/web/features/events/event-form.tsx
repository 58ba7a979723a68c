import { useId } from "react";
import { Controller } from "react-hook-form";
import { type ChurchEvent, type CreateEvent, createEventSchema } from "@shared/contracts/events";
import { Button } from "@web/components/ui/button";
import { DialogFooter } from "@web/components/ui/dialog";
import { Field, FormField, TextareaField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { errorMessage } from "@web/lib/api";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { useSaveEvent } from "./use-events";

const fields = createEventSchema.shape;

/** A datetime-local value (the browser's local time) for an ISO timestamp; "" for none. */
function toLocalInput(iso: string | undefined): string {
  if (!iso) return "";
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}

/** The ISO timestamp of a datetime-local value; undefined while it is empty, so the contract says it is required. */
function fromLocalInput(value: string): string | undefined {
  return value ? new Date(value).toISOString() : undefined;
}

/** New Event / Edit Event (admins): the contract's fields, with the times picked in the member's own time zone. */
export function EventForm({ event, onDone }: { event?: ChurchEvent; onDone: () => void }) {
  const save = useSaveEvent();
  // React's ids, so they never look like an event card's id ("event-{id}").
  const id = useId();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(createEventSchema, {
    defaultValues: {
      title: event?.title ?? "",
      description: event?.description ?? "",
      location: event?.location ?? "",
      startTime: event?.startTime,
      endTime: event?.endTime,
    },
  });
  const handleSave = (values: CreateEvent) => save.mutate({ id: event?.id, event: values }, { onSuccess: onDone });

  return (
    <form onSubmit={handleSubmit(handleSave)} className="grid gap-3" noValidate>
      <Field
        id={`${id}-title`}
        label="Title"
        error={errors.title?.message}
        controlProps={{ maxLength: maxLengthOf(fields.title), ...register("title") }}
      />
      <TextareaField
        id={`${id}-description`}
        label="Description"
        error={errors.description?.message}
        controlProps={{ rows: 3, maxLength: maxLengthOf(fields.description), ...register("description") }}
      />
      <Field
        id={`${id}-location`}
        label="Location"
        error={errors.location?.message}
        controlProps={{ maxLength: maxLengthOf(fields.location), ...register("location") }}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        {(["startTime", "endTime"] as const).map((name) => (
          <FormField key={name} id={`${id}-${name}`} label={name === "startTime" ? "Starts" : "Ends"} error={errors[name]?.message}>
            {(aria) => (
              <Controller
                control={control}
                name={name}
                render={({ field }) => (
                  <Input
                    {...aria}
                    type="datetime-local"
                    name={field.name}
                    ref={field.ref}
                    value={toLocalInput(field.value)}
                    onChange={(change) => field.onChange(fromLocalInput(change.target.value))}
                    onBlur={field.onBlur}
                  />
                )}
              />
            )}
          </FormField>
        ))}
      </div>
      {save.isError ? (
        <p role="alert" className="text-sm font-medium text-destructive">
          {errorMessage(save.error, "Failed to save the event")}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : event ? "Save Event" : "Create Event"}
        </Button>
      </DialogFooter>
    </form>
  );
}
