import { type Kysely, sql } from "kysely";
import type { DB, EmailTokensTable } from "../../db/schema";

/** The tokens of emailed links, stored as their SHA-256; each is taken once, atomically, before it expires. */
export function createEmailTokensRepository(db: Kysely<DB>) {
  return {
    async create(
      trx: Kysely<DB>,
      token: {
        tokenHash: string;
        userId: number;
        purpose: EmailTokensTable["purpose"];
        newEmail: string | null;
        expiresAt: string;
        createdAt: string;
      },
    ) {
      // A new link replaces the member's earlier unused ones for the same purpose.
      await trx
        .updateTable("email_tokens")
        .set({ usedAt: token.createdAt })
        .where("userId", "=", token.userId)
        .where("purpose", "=", token.purpose)
        .where("usedAt", "is", null)
        .execute();
      await trx
        .insertInto("email_tokens")
        .values({ ...token, usedAt: null })
        .execute();
    },

    /** Marks the token used if it is unused and unexpired, in one statement; answers its member (and new email) or nothing. */
    async take(tokenHash: string, purpose: EmailTokensTable["purpose"], now: string) {
      return db
        .updateTable("email_tokens")
        .set({ usedAt: now })
        .where("tokenHash", "=", tokenHash)
        .where("purpose", "=", purpose)
        .where("usedAt", "is", null)
        .where("expiresAt", ">", now)
        .returning(["userId", "newEmail"])
        .executeTakeFirst();
    },

    async userByEmail(email: string) {
      return db
        .selectFrom("users")
        .select(["id", "email", "displayName"])
        .where(sql`lower("email")`, "=", email.toLowerCase())
        .executeTakeFirst();
    },
  };
}
