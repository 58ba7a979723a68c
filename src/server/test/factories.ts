import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { User } from "@shared/contracts/users";
import type { DB } from "../db/schema";
import { sessionCookie } from "./app";

export const TEST_PASSWORD = "Faithful123";

export interface Member {
  user: User;
  cookie: string;
  username: string;
  password: string;
}

let registrations = 0;
/** Each registration comes from its own loopback address, so the per-address registration cap never trips a suite. */
const nextRegistrationAddress = () => {
  registrations += 1;
  return `127.1.${Math.floor(registrations / 250) % 250}.${(registrations % 250) + 1}`;
};

/** Registers a new member through the real API and answers their session cookie. */
export async function registerMember(
  app: FastifyInstance,
  overrides: Partial<{ username: string; displayName: string; email: string; password: string }> = {},
): Promise<Member> {
  const suffix = randomBytes(4).toString("hex");
  const payload = {
    username: overrides.username ?? `member_${suffix}`,
    displayName: overrides.displayName ?? `Member ${suffix}`,
    email: overrides.email ?? `member_${suffix}@example.org`,
    password: overrides.password ?? TEST_PASSWORD,
  };
  const response = await app.inject({ method: "POST", url: "/api/auth/register", payload, remoteAddress: nextRegistrationAddress() });
  if (response.statusCode !== 201) throw new Error(`register failed: ${response.statusCode} ${response.body}`);
  return { user: response.json(), cookie: sessionCookie(response), username: payload.username, password: payload.password };
}

/** A group, straight in the table (groups have no create route: admins seed them). */
export async function createGroup(db: Kysely<DB>, name: string, description = ""): Promise<{ id: number }> {
  return db
    .insertInto("groups")
    .values({ name, description, createdBy: null, createdAt: new Date().toISOString() })
    .returning("id")
    .executeTakeFirstOrThrow();
}
