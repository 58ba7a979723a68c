import { hash, verify } from "@node-rs/argon2";
import type { FastifyBaseLogger } from "fastify";
import { type ChangePasswordInput, type LoginInput, type RegisterInput, authMessages } from "@shared/contracts/auth";
import { messages } from "@shared/messages";
import type { AppContext } from "../../context";
import type { UserRow } from "../../db/schema";
import { HttpError, conflict, isUniqueViolation } from "../../http/errors";
import type { ThrottleRule } from "../../throttle/throttle";
import { createModerationService } from "../moderation/moderation.service";
import { createNotificationsRepository, welcomeNotifications } from "../notifications/notifications.repository";
import { createUsersRepository } from "../users/users.repository";
import { issueDeviceToken, trustedDevice } from "./device-cookie";
import { createSessionsRepository } from "./sessions.repository";
import { argon2Queue } from "./argon2-queue";
import { createSignInThrottle } from "./sign-in-throttle";

/** argon2id with OWASP's recommended parameters (19 MiB, 2 passes). */
// Algorithm.Argon2id is a const enum, which isolated modules cannot read; 2 is its value.
const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export function hashPassword(password: string): Promise<string> {
  return argon2Queue(() => hash(password, ARGON2_OPTIONS));
}

/** Checks a password against its argon2 hash, in the process's argon2 queue. */
export function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  return argon2Queue(() => verify(passwordHash, password));
}

/** Who is signing in: the client's address and the device cookie the browser sent, if any. */
export interface SignInRequest {
  ip: string;
  deviceToken: string | undefined;
}

/** Registration, sign-in and password change, with their throttles (decision 0010). */
export function createAuthService(ctx: AppContext) {
  const users = createUsersRepository(ctx.db);
  const sessions = createSessionsRepository(ctx.db);
  const notifications = createNotificationsRepository(ctx.db);
  const moderation = createModerationService(ctx);
  const signInThrottle = createSignInThrottle(ctx);
  const registerThrottle: ThrottleRule = {
    name: "register-address",
    limit: ctx.config.registerMaxPerHour,
    windowMs: 3_600_000,
    message: authMessages.tooManyRegistrations,
  };
  const passwordCheckThrottle: ThrottleRule = {
    name: "password-check",
    limit: ctx.config.loginMaxFailures,
    windowMs: ctx.config.loginWindowMs,
    message: authMessages.tooManyPasswordAttempts,
  };
  // Verified against when the username is unknown, so both paths take the same time.
  const dummyHash = hashPassword("not-a-real-password-0");

  return {
    /** Creates the member with three welcome notifications; 409 when the username or email is taken; throttled per address. */
    async register(input: RegisterInput, ip: string): Promise<{ id: number; deviceToken: string }> {
      await ctx.throttle.take(registerThrottle, ip);
      if (await users.usernameTaken(input.username)) throw conflict(messages.usernameTaken, "username_taken");
      if (await users.emailTaken(input.email)) throw conflict(messages.emailTaken, "email_taken");
      const now = ctx.clock.iso();
      const passwordHash = await hashPassword(input.password);
      try {
        const id = await users.create({
          username: input.username,
          displayName: input.displayName,
          email: input.email,
          passwordHash,
          bio: null,
          profileImageUrl: null,
          accountType: "free",
          role: "member",
          createdAt: now,
          passwordChangedAt: now,
        });
        await notifications.add(welcomeNotifications(id, input.displayName), now);
        // While admins require approval, a new member waits for review before posting, commenting or messaging.
        await moderation.registered(id);
        return { id, deviceToken: issueDeviceToken({ id, passwordHash }) };
      } catch (error) {
        // Two registrations racing for the same name: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(messages.usernameTaken, "username_taken");
        throw error;
      }
    },

    /**
     * Checks the credentials; answers the member and a device cookie for this browser, or 401. The attempt is counted
     * before argon2 runs, so concurrent guesses cannot pass the limit together.
     */
    async login(input: LoginInput, client: SignInRequest, log: FastifyBaseLogger): Promise<{ user: UserRow; deviceToken: string }> {
      const user = await users.findByUsername(input.username);
      const device = trustedDevice(client.deviceToken, user);
      const attempt = await signInThrottle.reserve(input.username, { ip: client.ip, device }, log);
      const valid = user
        ? await verifyPassword(user.passwordHash, input.password)
        : (await verifyPassword(await dummyHash, input.password), false);
      if (!user || !valid) {
        log.info({ event: "sign_in_failed", username: input.username }, "sign-in failed");
        throw new HttpError(401, messages.invalidCredentials, "invalid_credentials");
      }
      await attempt.succeeded();
      // The right password of a banned or suspended member answers why they can't sign in (decision 0021).
      moderation.assertMaySignIn(user);
      log.info({ event: "sign_in", userId: user.id }, "signed in");
      return { user, deviceToken: issueDeviceToken(user, device ?? undefined) };
    },

    /**
     * Changes the password and ends every other session of the member. The current-password check is throttled per
     * member: each check is counted before argon2 runs, and a right password clears the count.
     */
    async changePassword(viewer: UserRow, input: ChangePasswordInput, currentSessionId: string | null): Promise<{ deviceToken: string }> {
      await ctx.throttle.take(passwordCheckThrottle, viewer.id);
      const current = await users.findPasswordHash(viewer.id);
      if (!current || !(await verifyPassword(current, input.currentPassword))) {
        throw new HttpError(400, messages.wrongPassword, "wrong_password");
      }
      await ctx.throttle.reset(passwordCheckThrottle, viewer.id);
      const passwordHash = await hashPassword(input.newPassword);
      await users.setPassword(viewer.id, passwordHash, ctx.clock.iso());
      await sessions.deleteAllForUser(viewer.id, currentSessionId ?? undefined);
      return { deviceToken: issueDeviceToken({ id: viewer.id, passwordHash }) };
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
