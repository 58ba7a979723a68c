import { createHmac } from "node:crypto";

/**
 * Time-limited TURN credentials by the TURN REST API's shared-secret scheme, which coturn checks with
 * `use-auth-secret` and `static-auth-secret`: the username is `<expiry in Unix seconds>:<member id>` and the
 * credential is base64(HMAC-SHA1(secret, username)). coturn recomputes the credential from the username, so the
 * platform stores nothing, and a credential copied out of a browser stops working at its expiry.
 */
export function turnCredentials(secret: string, userId: number, nowMs: number, ttlMs: number) {
  const expiresAtMs = Math.floor((nowMs + ttlMs) / 1000) * 1000;
  const username = `${expiresAtMs / 1000}:${userId}`;
  const credential = createHmac("sha1", secret).update(username).digest("base64");
  return { username, credential, expiresAt: new Date(expiresAtMs).toISOString() };
}
