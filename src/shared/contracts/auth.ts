import { z } from "zod";
import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from "../constants";
import { messages } from "../messages";

export const loginSchema = z.object({
  username: z.string().trim().min(1, messages.usernameRequired).max(64),
  password: z.string().min(1, messages.passwordRequired).max(256),
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, messages.passwordMin)
  .max(256)
  .regex(/[A-Z]/, messages.passwordUpper)
  .regex(/[a-z]/, messages.passwordLower)
  .regex(/[0-9]/, messages.passwordNumber);

/** POST /api/auth/register (spec §7). */
export const registerSchema = z.object({
  username: z
    .string()
    .trim()
    .min(USERNAME_MIN_LENGTH, messages.usernameMin)
    .max(32)
    .regex(/^[A-Za-z0-9_.-]+$/, "Username may only contain letters, numbers, dots, dashes and underscores"),
  email: z.email(messages.emailInvalid).max(254),
  password: passwordSchema,
  displayName: z.string().trim().min(1, messages.displayNameRequired).max(80),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form adds the required terms checkbox to the API's payload. */
export const registerFormSchema = registerSchema.extend({
  terms: z.boolean().refine((value) => value, messages.termsRequired),
});
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const changePasswordSchema = z.object({
  currentPassword: z.string().min(1, messages.passwordRequired).max(256),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const newsletterSchema = z.object({ email: z.email(messages.emailInvalid).max(254) });
