import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link, useSearchParams } from "wouter";
import { z } from "zod";
import { KeyRound, Mail, MailCheck } from "lucide-react";
import { authMessages, passwordResetRequestSchema, passwordSchema } from "@shared/contracts/auth";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { Card, CardContent } from "@web/components/ui/card";
import { Field, FormField } from "@web/components/ui/form-field";
import { Spinner } from "@web/components/ui/spinner";
import { callRoute, routeQuery, serverMessage } from "@web/lib/api";
import { useSchemaForm } from "@web/lib/forms";
import { toast } from "@web/lib/use-toast";
import { PasswordInput } from "./password-input";

/** /forgot-password: ask for a reset link by email, or, where the site sends no email, the way to the church office. */
export function ForgotPasswordPage() {
  const availability = useQuery(routeQuery("GET /api/auth/password-reset"));
  const [sent, setSent] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(passwordResetRequestSchema, { defaultValues: { email: "" } });

  async function handleRequest(values: z.infer<typeof passwordResetRequestSchema>) {
    try {
      await callRoute("POST /api/auth/password-reset", { body: values });
      setSent(true);
    } catch (error) {
      toast({ title: "Error", description: serverMessage(error, "Could not send the link. Please try again."), variant: "destructive" });
    }
  }

  return (
    <>
      <PageHeader title="Forgot Password" icon={KeyRound} description="Choose a new password with a link sent to your email." />
      <Card className="max-w-lg">
        <CardContent className="flex flex-col gap-4 pt-6">
          {availability.isPending ? (
            <Spinner label="Loading…" />
          ) : availability.data?.available === false ? (
            <div className="flex flex-col gap-3" role="status">
              <p>{authMessages.emailOff}</p>
              <Button asChild className="self-start">
                <Link href="/contact">
                  <Mail aria-hidden="true" />
                  Contact the church office
                </Link>
              </Button>
            </div>
          ) : sent ? (
            <p role="status" className="flex items-start gap-2">
              <MailCheck className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
              {authMessages.resetSent}
            </p>
          ) : (
            <form onSubmit={handleSubmit(handleRequest)} noValidate className="flex flex-col gap-4">
              <Field
                id="reset-email"
                label="Email"
                error={errors.email?.message}
                controlProps={{ type: "email", autoComplete: "email", ...register("email") }}
              />
              <Button type="submit" disabled={isSubmitting} className="self-start">
                <Mail aria-hidden="true" />
                {isSubmitting ? "Sending..." : "Send reset link"}
              </Button>
            </form>
          )}
          <p className="text-sm text-muted-foreground">
            Remembered it?{" "}
            <Link href="/auth" className="font-medium text-primary hover:underline">
              Sign in
            </Link>
          </p>
        </CardContent>
      </Card>
    </>
  );
}

const resetFormSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((input) => input.newPassword === input.confirmPassword, { path: ["confirmPassword"], message: "The new passwords do not match" });

/** /reset-password?token=…: the emailed link's page: a new password, then signed in here and out everywhere else. */
export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(resetFormSchema, { defaultValues: { newPassword: "", confirmPassword: "" } });

  async function handleReset({ newPassword }: z.infer<typeof resetFormSchema>) {
    try {
      await callRoute("POST /api/auth/password-reset/confirm", { body: { token, newPassword } });
      // The server signed this browser in with a fresh session: load the app as that member.
      window.location.assign("/?password-reset=1");
    } catch (error) {
      toast({ title: "Error", description: serverMessage(error, authMessages.linkExpired), variant: "destructive" });
    }
  }

  return (
    <>
      <PageHeader title="Choose a New Password" icon={KeyRound} description="You will be signed out on every other device." />
      <Card className="max-w-lg">
        <CardContent className="pt-6">
          <form onSubmit={handleSubmit(handleReset)} noValidate className="flex flex-col gap-4">
            <FormField
              id="reset-new-password"
              label="New password"
              error={errors.newPassword?.message}
              hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
            >
              {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...register("newPassword")} />}
            </FormField>
            <FormField id="reset-confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
              {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...register("confirmPassword")} />}
            </FormField>
            <Button type="submit" disabled={isSubmitting || !token} className="self-start">
              <KeyRound aria-hidden="true" />
              {isSubmitting ? "Saving..." : "Set new password"}
            </Button>
            <p className="text-sm text-muted-foreground">
              Link expired?{" "}
              <Link href="/forgot-password" className="font-medium text-primary hover:underline">
                Ask for a new one
              </Link>
            </p>
          </form>
        </CardContent>
      </Card>
    </>
  );
}

/** /confirm-email?token=…: opening the link sent to a new address makes it the account's email. */
export function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get("token") ?? "";
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const started = useRef(false);
  useEffect(() => {
    // Once: the token works only once, and React may run effects twice in development.
    if (started.current) return;
    started.current = true;
    callRoute("POST /api/auth/email/confirm", { body: { token } })
      .then(() => setOutcome({ ok: true, message: authMessages.emailChanged }))
      .catch((error: unknown) => setOutcome({ ok: false, message: serverMessage(error, authMessages.linkExpired) }));
  }, [token]);

  return (
    <>
      <PageHeader title="Confirm Email" icon={MailCheck} />
      <Card className="max-w-lg">
        <CardContent className="flex flex-col gap-4 pt-6">
          {outcome ? <p role="status">{outcome.message}</p> : <Spinner label="Confirming…" />}
          {outcome?.ok ? (
            <Button asChild className="self-start">
              <Link href="/settings">Go to Settings</Link>
            </Button>
          ) : null}
        </CardContent>
      </Card>
    </>
  );
}
