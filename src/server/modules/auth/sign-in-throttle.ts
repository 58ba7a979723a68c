import type { FastifyBaseLogger } from "fastify";
import { messages } from "@shared/messages";
import type { AppContext } from "../../context";
import { tooManyRequests } from "../../http/errors";
import type { ThrottleRule, ThrottleVerdict } from "../../throttle/throttle";

/** Where an attempt comes from: the client's address, and the device when it carries a valid device cookie. */
export interface SignInClient {
  ip: string;
  /** The nonce of a valid device cookie for the username tried, or null. */
  device: string | null;
}

/** An attempt reserved before the password is checked. */
export interface SignInAttempt {
  /** The password was right: the client's failures are forgotten and the shared counts get this attempt back. */
  succeeded(): Promise<void>;
}

const MINUTE = 60_000;

/**
 * Sign-in throttling (decision 0010), every count reserved atomically before argon2 runs:
 * - per username and client (the device when it has a device cookie, otherwise the address): a hard limit,
 *   LOGIN_MAX_FAILURES per LOGIN_WINDOW_SECONDS, answered 429 with Retry-After; a success clears it;
 * - per username and per address across clients without a device cookie: per-minute ceilings that only slow
 *   (a refused attempt waits out the minute), so guesses from many addresses or at many names stay slow while the
 *   member is never locked out for long, and not at all from a device they signed in on before.
 */
export function createSignInThrottle(ctx: AppContext) {
  const { config, throttle } = ctx;
  const rule = (name: string, limit: number, windowMs: number): ThrottleRule => ({
    name,
    limit,
    windowMs,
    message: messages.tooManyAttempts,
  });
  const rules = {
    client: rule("sign-in-client", config.loginMaxFailures, config.loginWindowMs),
    account: rule("sign-in-account", config.loginAccountPerMinute, MINUTE),
    address: rule("sign-in-address", config.loginAddressPerMinute, MINUTE),
  };

  const refuse = (refused: ThrottleVerdict[], log: FastifyBaseLogger, key: string): never => {
    log.warn({ event: "sign_in_throttled", key }, "sign-in throttled");
    throw tooManyRequests(messages.tooManyAttempts, Math.max(...refused.map((verdict) => verdict.retryAfterMs)) / 1000);
  };

  return {
    /** Counts the attempt before the password is checked; answers 429 with Retry-After when a limit is reached. */
    async reserve(username: string, client: SignInClient, log: FastifyBaseLogger): Promise<SignInAttempt> {
      const name = username.toLowerCase();
      const clientKey = client.device ? `${name}|device:${client.device}` : `${name}|ip:${client.ip}`;
      const byClient = await throttle.hit(rules.client, clientKey);
      if (!byClient.allowed) refuse([byClient], log, `client:${clientKey}`);

      // A device the member signed in on before is not slowed by what other clients do.
      const shared = client.device
        ? []
        : [
            { rule: rules.account, subject: name },
            { rule: rules.address, subject: client.ip },
          ];
      const verdicts = await Promise.all(
        shared.map(async (count) => ({ ...count, verdict: await throttle.hit(count.rule, count.subject) })),
      );
      const refused = verdicts.filter((count) => !count.verdict.allowed);
      if (refused.length > 0) {
        // Only slowed, not failed: give back what this attempt took elsewhere, so waiting costs the client nothing.
        await throttle.release(rules.client, clientKey);
        await Promise.all(verdicts.filter((count) => count.verdict.allowed).map((count) => throttle.release(count.rule, count.subject)));
        refuse(
          refused.map((count) => count.verdict),
          log,
          refused.map((count) => `${count.rule.name}:${count.subject}`).join(","),
        );
      }

      return {
        async succeeded() {
          await throttle.reset(rules.client, clientKey);
          await Promise.all(verdicts.map((count) => throttle.release(count.rule, count.subject)));
        },
      };
    },
  };
}
export type SignInThrottle = ReturnType<typeof createSignInThrottle>;
