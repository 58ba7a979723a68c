import { z } from "zod";
import { KeyRound } from "lucide-react";
import { changePasswordSchema } from "@shared/contracts/auth";
import { Button } from "@web/components/ui/button";
import { FormField } from "@web/components/ui/form-field";
import { callRoute, serverMessage } from "@web/lib/api";
import { useSchemaForm } from "@web/lib/forms";
import { toast } from "@web/lib/use-toast";
import { PasswordInput } from "@web/features/auth/password-input";

const PASSWORDS_DIFFER = "The new passwords do not match";
const SAME_PASSWORD = "Choose a password different from your current one";

/** The contract's rules (spec §5 password rules), plus the confirmation a form needs. */
const changePasswordFormSchema = changePasswordSchema
  .extend({ confirmPassword: z.string() })
  .refine((input) => input.newPassword === input.confirmPassword, { path: ["confirmPassword"], message: PASSWORDS_DIFFER })
  .refine((input) => input.newPassword !== input.currentPassword, { path: ["newPassword"], message: SAME_PASSWORD });
type ChangePasswordForm = z.infer<typeof changePasswordFormSchema>;

/** Changes the password; the server ends the member's other sessions and keeps this one. */
export function ChangePasswordForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useSchemaForm(changePasswordFormSchema, { defaultValues: { currentPassword: "", newPassword: "", confirmPassword: "" } });

  async function handleChangePassword({ currentPassword, newPassword }: ChangePasswordForm) {
    try {
      await callRoute("POST /api/auth/password", { body: { currentPassword, newPassword } });
      reset();
      toast({ title: "Password Changed", description: "Your password has been changed. You have been signed out on your other devices." });
    } catch (error) {
      toast({
        title: "Error",
        description: serverMessage(error, "Could not change your password. Please try again."),
        variant: "destructive",
      });
    }
  }

  return (
    <form onSubmit={handleSubmit(handleChangePassword)} noValidate className="flex max-w-md flex-col gap-4">
      <FormField id="current-password" label="Current password" error={errors.currentPassword?.message}>
        {(aria) => <PasswordInput {...aria} autoComplete="current-password" {...register("currentPassword")} />}
      </FormField>
      <FormField
        id="new-password"
        label="New password"
        error={errors.newPassword?.message}
        hint="At least 8 characters, with an uppercase letter, a lowercase letter and a number."
      >
        {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...register("newPassword")} />}
      </FormField>
      <FormField id="confirm-password" label="Confirm new password" error={errors.confirmPassword?.message}>
        {(aria) => <PasswordInput {...aria} autoComplete="new-password" {...register("confirmPassword")} />}
      </FormField>
      <p className="text-sm text-muted-foreground">Changing your password signs you out on every other device.</p>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        <KeyRound aria-hidden="true" />
        {isSubmitting ? "Changing..." : "Change Password"}
      </Button>
    </form>
  );
}
