import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import type { Config } from "../../config";

/**
 * A device cookie (OWASP, "Slow down online guessing attacks with device cookies"; decision 0010): a browser in which a
 * member signed in before carries `<user id>.<nonce>.<signature>`. Its sign-in attempts are counted on their own, so
 * neither an attacker's guesses at the member's name nor a shared address slow or lock out the member there.
 * The signature is an HMAC keyed with the member's password hash, which never leaves the server: no secret to configure,
 * and a password change retires every device cookie issued before it.
 */
export const DEVICE_COOKIE = "did";
const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 86_400;

interface DeviceOwner {
  id: number;
  passwordHash: string;
}

const sign = (owner: DeviceOwner, nonce: string) =>
  createHmac("sha256", owner.passwordHash).update(`device:${owner.id}.${nonce}`).digest("base64url");

/** A device cookie for this member: a fresh device, or the same device again after a password change. */
export function issueDeviceToken(owner: DeviceOwner, nonce: string = randomBytes(16).toString("base64url")): string {
  return `${owner.id}.${nonce}.${sign(owner, nonce)}`;
}

/** The device's nonce when the token was issued to this member (under their current password), otherwise null. */
export function trustedDevice(token: string | undefined, owner: DeviceOwner | undefined): string | null {
  if (!token || !owner) return null;
  const [id, nonce, signature] = token.split(".");
  if (Number(id) !== owner.id || !nonce || !signature) return null;
  const expected = Buffer.from(sign(owner, nonce));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? nonce : null;
}

export function readDeviceCookie(request: FastifyRequest): string | undefined {
  return request.cookies[DEVICE_COOKIE];
}

/** Sent only to the auth routes, never readable by scripts. */
export function setDeviceCookie(request: FastifyRequest, reply: FastifyReply, config: Config, token: string): void {
  reply.setCookie(DEVICE_COOKIE, token, {
    path: "/api/auth",
    httpOnly: true,
    sameSite: "strict",
    secure: config.cookieSecure === "true" || (config.cookieSecure === "auto" && request.protocol === "https"),
    maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS,
  });
}
