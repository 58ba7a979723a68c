import { z } from "zod";
import { text } from "./common";
import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from "../constants";
import { messages } from "../messages";
import { defineRoute } from "./route";
import { userSchema } from "./users";

/** The auth module's own messages; the spec's sign-in and registration texts stay in `messages`. */
export const authMessages = {
  usernameCharacters: "Username may only contain letters, numbers, dots, dashes and underscores",
  tooManyRegistrations: "Too many accounts have been created from your network. Please try again later.",
  tooManyPasswordAttempts: "Too many password attempts. Please try again later.",
} as const;

export const loginSchema = z.object({
  username: text().trim().min(1, messages.usernameRequired).max(64),
  password: text().min(1, messages.passwordRequired).max(256),
  rememberMe: z.boolean().optional(),
});
export type LoginInput = z.infer<typeof loginSchema>;

export const passwordSchema = text()
  .min(PASSWORD_MIN_LENGTH, messages.passwordMin)
  .max(256)
  .regex(/[A-Z]/, messages.passwordUpper)
  .regex(/[a-z]/, messages.passwordLower)
  .regex(/[0-9]/, messages.passwordNumber);

/** POST /api/auth/register (spec §7). */
export const registerSchema = z.object({
  username: text()
    .trim()
    .min(USERNAME_MIN_LENGTH, messages.usernameMin)
    .max(32)
    .regex(/^[A-Za-z0-9_.-]+$/, authMessages.usernameCharacters),
  email: z.email(messages.emailInvalid).max(254),
  password: passwordSchema,
  displayName: text().trim().min(1, messages.displayNameRequired).max(80),
});
export type RegisterInput = z.infer<typeof registerSchema>;

/** The register form adds the required terms checkbox to the API's payload. */
export const registerFormSchema = registerSchema.extend({
  terms: z.boolean().refine((value) => value, messages.termsRequired),
});
export type RegisterFormInput = z.infer<typeof registerFormSchema>;

export const changePasswordSchema = z.object({
  currentPassword: text().min(1, messages.passwordRequired).max(256),
  newPassword: passwordSchema,
});
export type ChangePasswordInput = z.infer<typeof changePasswordSchema>;

export const newsletterSchema = z.object({ email: z.email(messages.emailInvalid).max(254) });

/** The auth module's routes: sign-in, registration, sign-out and password change. */
export const authRoutes = {
  current: defineRoute({
    method: "GET",
    path: "/api/auth/current",
    summary: "The signed-in member",
    access: "member",
    response: userSchema,
  }),
  login: defineRoute({
    method: "POST",
    path: "/api/auth/login",
    summary: "Sign in (throttled per username and client; decision 0010)",
    access: "public",
    body: loginSchema,
    response: userSchema,
  }),
  register: defineRoute({
    method: "POST",
    path: "/api/auth/register",
    summary: "Create an account and sign in (throttled per address)",
    access: "public",
    body: registerSchema,
    status: 201,
    response: userSchema,
  }),
  logout: defineRoute({
    method: "POST",
    path: "/api/auth/logout",
    summary: "Sign out: the session ends on the server",
    access: "public",
    status: 204,
    response: z.null(),
  }),
  changePassword: defineRoute({
    method: "POST",
    path: "/api/auth/password",
    summary: "Change the password (the current one is checked, throttled per member); other sessions end",
    access: "member",
    body: changePasswordSchema,
    status: 204,
    response: z.null(),
  }),
};
