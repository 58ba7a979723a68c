import { Controller } from "react-hook-form";
import { Link, useLocation } from "wouter";
import { LogIn } from "lucide-react";
import { loginSchema, type LoginInput } from "@shared/contracts/auth";
import { messages } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Checkbox } from "@web/components/ui/checkbox";
import { Field, FormField } from "@web/components/ui/form-field";
import { Label } from "@web/components/ui/label";
import { FacebookIcon } from "@web/components/layout/social-icons";
import { serverMessage } from "@web/lib/api";
import { useSchemaForm } from "@web/lib/forms";
import { toast } from "@web/lib/use-toast";
import { PasswordInput } from "./password-input";
import { useAuth } from "./use-auth";

export function LoginForm() {
  const { login } = useAuth();
  const [, navigate] = useLocation();
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(loginSchema, { defaultValues: { username: "", password: "", rememberMe: false } });

  async function handleLogin(values: LoginInput) {
    try {
      const user = await login(values);
      toast({ title: messages.welcomeBackTitle, description: `You are now logged in as ${user.displayName}` });
      navigate("/", { replace: true });
    } catch (error) {
      toast({
        title: messages.loginFailedTitle,
        description: serverMessage(error, messages.loginFailed),
        variant: "destructive",
      });
    }
  }

  function handleFacebook() {
    toast({
      title: "Facebook sign-in",
      description: "Signing in with Facebook isn't enabled for this community. Please use your username and password.",
    });
  }

  return (
    <form onSubmit={handleSubmit(handleLogin)} noValidate className="flex flex-col gap-5">
      <Field
        id="login-username"
        label="Username"
        error={errors.username?.message}
        controlProps={{ autoComplete: "username", placeholder: "Enter your username", ...register("username") }}
      />

      <FormField
        id="login-password"
        label="Password"
        error={errors.password?.message}
        aside={
          <Link href="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        }
      >
        {(aria) => <PasswordInput {...aria} autoComplete="current-password" placeholder="Enter your password" {...register("password")} />}
      </FormField>

      <div className="flex items-center gap-2.5">
        <Controller
          control={control}
          name="rememberMe"
          render={({ field }) => (
            <Checkbox
              id="login-remember"
              checked={field.value === true}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              ref={field.ref}
            />
          )}
        />
        <Label htmlFor="login-remember" className="cursor-pointer font-normal">
          Remember me
        </Label>
      </div>

      <Button type="submit" size="lg" disabled={isSubmitting} className="w-full">
        <LogIn aria-hidden="true" />
        {isSubmitting ? "Signing in…" : "Sign In"}
      </Button>

      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase">
        <span className="h-px flex-1 bg-border" />
        or continue with
        <span className="h-px flex-1 bg-border" />
      </div>

      <Button type="button" variant="outline" size="lg" className="w-full" onClick={handleFacebook}>
        <FacebookIcon />
        Facebook
      </Button>

      <p className="text-center text-sm text-muted-foreground">
        Don't have an account?{" "}
        <Link href="/auth/register" className="font-medium text-primary hover:underline">
          Register now
        </Link>
      </p>
    </form>
  );
}
