import { Controller, useWatch } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { Check, Circle, UserPlus } from "lucide-react";
import { APP_NAME, PASSWORD_MIN_LENGTH } from "@shared/constants";
import { registerFormSchema, type RegisterFormInput } from "@shared/contracts/auth";
import { messages } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { ErrorList, Field, FormField, fieldAria } from "@web/components/ui/form-field";
import { Label } from "@web/components/ui/label";
import { serverMessage } from "@web/lib/api";
import { useSchemaForm } from "@web/lib/forms";
import { toast } from "@web/lib/use-toast";
import { cn } from "@web/lib/utils";
import { PasswordInput } from "./password-input";
import { useAuth } from "./use-auth";

const passwordHints = [
  { label: `At least ${PASSWORD_MIN_LENGTH} characters`, test: (value: string) => value.length >= PASSWORD_MIN_LENGTH },
  { label: "One uppercase letter", test: (value: string) => /[A-Z]/.test(value) },
  { label: "One lowercase letter", test: (value: string) => /[a-z]/.test(value) },
  { label: "One number", test: (value: string) => /[0-9]/.test(value) },
];

export function RegisterForm() {
  const { register: registerMember } = useAuth();
  const [, navigate] = useLocation();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(registerFormSchema, { defaultValues: { displayName: "", username: "", email: "", password: "", terms: false } });
  const password = useWatch({ control, name: "password" }) ?? "";

  async function handleRegister({ terms: _terms, ...input }: RegisterFormInput) {
    try {
      const user = await registerMember(input);
      toast({
        title: messages.registrationSuccessTitle,
        description: `Welcome to ${APP_NAME}, ${user.displayName}! Your account has been created.`,
      });
      navigate("/", { replace: true });
    } catch (error) {
      toast({
        title: messages.registrationFailedTitle,
        description: serverMessage(error, messages.registrationFailed),
        variant: "destructive",
      });
    }
  }

  return (
    <form onSubmit={handleSubmit(handleRegister)} noValidate className="flex flex-col gap-5">
      <Field
        id="register-display-name"
        label="Full Name"
        error={errors.displayName?.message}
        controlProps={{ autoComplete: "name", placeholder: "Enter your full name", ...register("displayName") }}
      />

      <Field
        id="register-username"
        label="Username"
        error={errors.username?.message}
        controlProps={{ autoComplete: "username", placeholder: "Choose a username", ...register("username") }}
      />

      <Field
        id="register-email"
        label="Email"
        error={errors.email?.message}
        controlProps={{ type: "email", autoComplete: "email", placeholder: "you@example.com", ...register("email") }}
      />

      <FormField
        id="register-password"
        label="Password"
        error={errors.password?.message}
        hint={
          <ul aria-label="Password requirements" className="grid gap-1 text-xs text-muted-foreground sm:grid-cols-2">
            {passwordHints.map((hint) => {
              const met = hint.test(password);
              return (
                <li key={hint.label} className={cn("flex items-center gap-1.5", met && "text-success")}>
                  {met ? <Check className="size-3.5" aria-hidden="true" /> : <Circle className="size-3" aria-hidden="true" />}
                  {hint.label}
                  {met ? <span className="sr-only">(met)</span> : null}
                </li>
              );
            })}
          </ul>
        }
      >
        {(aria) => <PasswordInput {...aria} autoComplete="new-password" placeholder="Create a password" {...register("password")} />}
      </FormField>

      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-2.5">
          <Controller
            control={control}
            name="terms"
            render={({ field }) => (
              <Checkbox
                {...fieldAria("register-terms", errors.terms?.message)}
                aria-required="true"
                className="mt-0.5"
                checked={field.value === true}
                onCheckedChange={(checked) => field.onChange(checked === true)}
                onBlur={field.onBlur}
                ref={field.ref}
              />
            )}
          />
          <Label htmlFor="register-terms" className="cursor-pointer leading-snug font-normal">
            I agree to the{" "}
            <a href="/terms" target="_blank" rel="noopener" className="font-medium text-primary underline-offset-2 hover:underline">
              Terms of Service
            </a>{" "}
            and{" "}
            <a href="/privacy" target="_blank" rel="noopener" className="font-medium text-primary underline-offset-2 hover:underline">
              Privacy Policy
            </a>
          </Label>
        </div>
        <ErrorList id="register-terms-error" errors={[errors.terms?.message]} />
      </div>

      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        <UserPlus aria-hidden="true" />
        {isSubmitting ? "Creating account…" : "Create Account"}
      </Button>

      <p className="text-center text-sm text-muted-foreground">
        Already a member?{" "}
        <Link href="/auth/login" className="font-medium text-primary hover:underline">
          Sign in
        </Link>
      </p>
    </form>
  );
}
