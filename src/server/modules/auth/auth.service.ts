import { hash, verify } from "@node-rs/argon2";
import type { FastifyBaseLogger } from "fastify";
import type { ChangePasswordInput, LoginInput, RegisterInput } from "@shared/contracts/auth";
import { messages } from "@shared/messages";
import type { Config } from "../../config";
import type { UserRow } from "../../db/schema";
import { HttpError, conflict, isUniqueViolation, tooManyRequests } from "../../http/errors";
import { type NotificationsRepository, welcomeNotifications } from "../notifications/notifications.repository";
import type { UsersRepository } from "../users/users.repository";
import type { LoginAttemptsRepository } from "./login-attempts.repository";
import type { SessionsRepository } from "./sessions.repository";

/** argon2id with OWASP's recommended parameters (19 MiB, 2 passes). */
// Algorithm.Argon2id is a const enum, which isolated modules cannot read; 2 is its value.
const ARGON2_OPTIONS = { algorithm: 2 as const, memoryCost: 19_456, timeCost: 2, parallelism: 1 };
/** An IP may fail this many times more than a single username before it is throttled too. */
const IP_FAILURE_FACTOR = 4;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

export interface AuthServiceDeps {
  config: Config;
  users: UsersRepository;
  sessions: SessionsRepository;
  loginAttempts: LoginAttemptsRepository;
  notifications: NotificationsRepository;
}

export function createAuthService({ config, users, sessions, loginAttempts, notifications }: AuthServiceDeps) {
  // Verified against when the username is unknown, so both paths take the same time.
  const dummyHash = hashPassword("not-a-real-password-0");

  async function assertNotThrottled(keys: { user: string; ip: string }, now: Date, log: FastifyBaseLogger) {
    const since = new Date(now.getTime() - config.loginWindowMs).toISOString();
    const [byUser, byIp] = await Promise.all([loginAttempts.countSince(keys.user, since), loginAttempts.countSince(keys.ip, since)]);
    const limited =
      byUser.count >= config.loginMaxFailures ? byUser : byIp.count >= config.loginMaxFailures * IP_FAILURE_FACTOR ? byIp : null;
    if (!limited) return;
    const retryAfterMs = Date.parse(limited.oldest ?? now.toISOString()) + config.loginWindowMs - now.getTime();
    log.warn({ event: "sign_in_throttled", key: limited === byUser ? keys.user : keys.ip }, "sign-in throttled");
    throw tooManyRequests(messages.tooManyAttempts, retryAfterMs / 1000);
  }

  return {
    /** Creates the member with three welcome notifications; 409 when the username or email is taken. */
    async register(input: RegisterInput): Promise<number> {
      if (await users.usernameTaken(input.username)) throw conflict(messages.usernameTaken, "username_taken");
      if (await users.emailTaken(input.email)) throw conflict(messages.emailTaken, "email_taken");
      const now = new Date().toISOString();
      try {
        const id = await users.create({
          username: input.username,
          displayName: input.displayName,
          email: input.email,
          passwordHash: await hashPassword(input.password),
          bio: null,
          profileImageUrl: null,
          accountType: "free",
          role: "member",
          createdAt: now,
          passwordChangedAt: now,
        });
        await notifications.add(welcomeNotifications(id, input.displayName), now);
        return id;
      } catch (error) {
        // Two registrations racing for the same name: the unique index decides.
        if (isUniqueViolation(error)) throw conflict(messages.usernameTaken, "username_taken");
        throw error;
      }
    },

    /** Checks the credentials with throttling per username and per IP; answers the member or 401. */
    async login(input: LoginInput, ip: string, log: FastifyBaseLogger): Promise<UserRow> {
      const now = new Date();
      const keys = { user: `user:${input.username.toLowerCase()}`, ip: `ip:${ip}` };
      await assertNotThrottled(keys, now, log);
      const user = await users.findByUsername(input.username);
      const valid = user ? await verify(user.passwordHash, input.password) : (await verify(await dummyHash, input.password), false);
      if (!user || !valid) {
        await loginAttempts.record([keys.user, keys.ip], now.toISOString());
        log.info({ event: "sign_in_failed", username: input.username }, "sign-in failed");
        throw new HttpError(401, messages.invalidCredentials, "invalid_credentials");
      }
      await loginAttempts.clear(keys.user);
      log.info({ event: "sign_in", userId: user.id }, "signed in");
      return user;
    },

    /** Changes the password and ends every other session of the member. */
    async changePassword(viewer: UserRow, input: ChangePasswordInput, currentSessionId: string | null) {
      const current = await users.findPasswordHash(viewer.id);
      if (!current || !(await verify(current, input.currentPassword))) {
        throw new HttpError(400, messages.wrongPassword, "wrong_password");
      }
      await users.setPassword(viewer.id, await hashPassword(input.newPassword), new Date().toISOString());
      await sessions.deleteAllForUser(viewer.id, currentSessionId ?? undefined);
    },
  };
}
export type AuthService = ReturnType<typeof createAuthService>;
