import { z } from "zod";
import { text } from "./common";
import { PASSWORD_MIN_LENGTH, USERNAME_MIN_LENGTH } from "../constants";
import { messages } from "../messages";
import { defineRoute } from "./route";
import type { PageDataAnswer } from "../page-data";
import { userSchema } from "./users";

/** The auth module's own messages; the spec's sign-in and registration texts stay in `messages`. */
export const authMessages = {
  usernameCharacters: "Username may only contain letters, numbers, dots, dashes and underscores",
  tooManyRegistrations: "Too many accounts have been created from your network. Please try again later.",
  tooManyPasswordAttempts: "Too many password attempts. Please try again later.",
  emailOff:
    "This site can't send email, so passwords can't be reset by email here. Please contact the church office and they will help you sign in.",
  resetSent: "If an account uses that address, we've sent it a link to choose a new password. The link works once, for 30 minutes.",
  tooManyResets: "Too many reset requests. Please wait a while before asking again.",
  linkExpired: "This link has expired or has already been used. Please ask for a new one.",
  emailConfirmSent: (email: string) => `We've sent a link to ${email}. Your email changes once you open it.`,
  emailChanged: "Your email address has been changed.",
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

/** POST /api/auth/password-reset: ask for a reset link. The answer is the same whether or not the address is known. */
export const passwordResetRequestSchema = z.object({ email: z.email(messages.emailInvalid).max(254) });

/** An emailed link's token (43 base64url characters). */
const linkTokenSchema = z
  .string()
  .max(100)
  .regex(/^[A-Za-z0-9_-]{20,100}$/, authMessages.linkExpired);

/** POST /api/auth/password-reset/confirm: the token from the emailed link and the new password. */
export const passwordResetSchema = z.object({ token: linkTokenSchema, newPassword: passwordSchema });

/** POST /api/auth/email/confirm: the token from the link sent to the new address. */
export const emailConfirmSchema = z.object({ token: linkTokenSchema });

export const passwordResetAvailabilitySchema = z.object({
  available: z.boolean().describe("false when the server sends no email: the screen points to the church office instead"),
});

/**
 * What the server puts in the page it sends (INITIAL_STATE_ID): the signed-in member (null for a visitor), and the
 * answers of the API reads the page's first screen makes, by URL (src/shared/page-data.ts).
 */
export type InitialState = {
  user: z.infer<typeof userSchema> | null;
  data?: Record<string, PageDataAnswer>;
  /** A random number in [0, 1) the page was made with: the server's render and the browser's pick the same from it. */
  seed?: number;
  /** When the server made the page (ms since the epoch): both renders count "5 minutes ago" from it. */
  renderedAt?: number;
};

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
  passwordResetAvailability: defineRoute({
    method: "GET",
    path: "/api/auth/password-reset",
    summary: "Whether a password can be reset by email here (SMTP is set up)",
    access: "public",
    response: passwordResetAvailabilitySchema,
  }),
  requestPasswordReset: defineRoute({
    method: "POST",
    path: "/api/auth/password-reset",
    summary: "Email a single-use, 30-minute reset link to the account with this address, if any (throttled); 409 when email is off",
    access: "public",
    body: passwordResetRequestSchema,
    status: 204,
    response: z.null(),
  }),
  resetPassword: defineRoute({
    method: "POST",
    path: "/api/auth/password-reset/confirm",
    summary: "Set a new password with the token of an emailed link; every session of the member ends and this browser is signed in",
    access: "public",
    body: passwordResetSchema,
    response: userSchema,
  }),
  confirmEmail: defineRoute({
    method: "POST",
    path: "/api/auth/email/confirm",
    summary: "Confirm a change of email address with the token sent to the new address",
    access: "public",
    body: emailConfirmSchema,
    status: 204,
    response: z.null(),
  }),
};
