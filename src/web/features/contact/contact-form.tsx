import { Send } from "lucide-react";
import { type CreateContact, createContactSchema } from "@shared/contracts/contact";
import { Button } from "@web/components/ui/button";
import { Field, TextareaField } from "@web/components/ui/form-field";
import { callRoute, routeKey, serverMessage } from "@web/lib/api";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { toast } from "@web/lib/use-toast";
import { queryClient } from "@web/lib/query-client";
import { useAuth } from "@web/features/auth/use-auth";

type ContactFormProps = {
  /** Prefix for field ids, so two forms could share a page. */
  idPrefix?: string;
  defaultSubject?: string;
  messagePlaceholder?: string;
  submitLabel?: string;
};

/** A message to the church office (POST /api/contact); a signed-in member's name and email are filled in. */
export function ContactForm(props: ContactFormProps) {
  const { user } = useAuth();
  // Mounted again when the member signs in or out, so their name and email are filled in.
  return <ContactFormFields key={user?.id ?? "visitor"} {...props} />;
}

function ContactFormFields({
  idPrefix = "contact",
  defaultSubject = "",
  messagePlaceholder = "How can we help?",
  submitLabel = "Send Message",
}: ContactFormProps) {
  const { user } = useAuth();
  const id = (name: string) => `${idPrefix}-${name}`;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(createContactSchema, {
    defaultValues: { name: user?.displayName ?? "", email: user?.email ?? "", subject: defaultSubject, message: "" },
  });
  const fields = createContactSchema.shape;

  async function handleSend(input: CreateContact) {
    try {
      await callRoute("POST /api/contact", { body: input });
      reset();
      toast({ title: "Message Sent", description: "Thank you! The church office will get back to you soon." });
      if (user?.role === "admin") void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/contact") });
    } catch (error) {
      toast({
        title: "Error",
        description: serverMessage(error, "Your message could not be sent. Please try again."),
        variant: "destructive",
      });
    }
  }

  return (
    <form onSubmit={handleSubmit(handleSend)} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <Field
          id={id("name")}
          label="Name"
          error={errors.name?.message}
          controlProps={{ autoComplete: "name", maxLength: maxLengthOf(fields.name), ...register("name") }}
        />
        <Field
          id={id("email")}
          label="Email"
          error={errors.email?.message}
          controlProps={{ type: "email", autoComplete: "email", maxLength: maxLengthOf(fields.email), ...register("email") }}
        />
      </div>
      <Field
        id={id("subject")}
        label="Subject"
        error={errors.subject?.message}
        controlProps={{ maxLength: maxLengthOf(fields.subject), ...register("subject") }}
      />
      <TextareaField
        id={id("message")}
        label="Message"
        error={errors.message?.message}
        controlProps={{ rows: 6, placeholder: messagePlaceholder, maxLength: maxLengthOf(fields.message), ...register("message") }}
      />
      <Button type="submit" disabled={isSubmitting} className="self-start">
        <Send aria-hidden="true" />
        {isSubmitting ? "Sending..." : submitLabel}
      </Button>
    </form>
  );
}
