import { useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import { Send } from "lucide-react";
import { type CreateContact, createContactSchema } from "@shared/contracts/contact";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { callRoute, routeKey, serverMessage } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";
import { queryClient } from "@web/lib/query-client";
import { FormField, fieldAria } from "@web/features/auth/form-field";
import { useAuth } from "@web/features/auth/use-auth";

export const textareaClasses =
  "w-full rounded-lg border border-input bg-card px-3 py-2 text-sm text-foreground shadow-xs placeholder:text-muted-foreground focus-visible:border-ring aria-invalid:border-destructive";

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
  } = useForm<CreateContact>({
    resolver: zodResolver(createContactSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { name: user?.displayName ?? "", email: user?.email ?? "", subject: defaultSubject, message: "" },
  });

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
        <FormField id={id("name")} label="Name" error={errors.name?.message}>
          <Input {...fieldAria(id("name"), errors.name?.message)} autoComplete="name" {...register("name")} />
        </FormField>
        <FormField id={id("email")} label="Email" error={errors.email?.message}>
          <Input {...fieldAria(id("email"), errors.email?.message)} type="email" autoComplete="email" {...register("email")} />
        </FormField>
      </div>
      <FormField id={id("subject")} label="Subject" error={errors.subject?.message}>
        <Input {...fieldAria(id("subject"), errors.subject?.message)} {...register("subject")} />
      </FormField>
      <FormField id={id("message")} label="Message" error={errors.message?.message}>
        <textarea
          {...fieldAria(id("message"), errors.message?.message)}
          rows={6}
          placeholder={messagePlaceholder}
          className={textareaClasses}
          {...register("message")}
        />
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        <Send aria-hidden="true" />
        {isSubmitting ? "Sending..." : submitLabel}
      </Button>
    </form>
  );
}
