import { type Migration, type MigrationProvider, Migrator, sql } from "kysely";
import type { Database } from "./database";
import { initial } from "./migrations/0001_initial";
import { media } from "./migrations/0002_media";
import { community } from "./migrations/0003_community";
import { live } from "./migrations/0004_live";
import { contact } from "./migrations/0005_contact";
import { throttle } from "./migrations/0006_throttle";
import { dropLoginAttempts } from "./migrations/0007_drop_login_attempts";
import { mediaCredits } from "./migrations/0008_media_credits";
import { jobsAndReach } from "./migrations/0009_jobs_and_reach";
import { feeds } from "./migrations/0010_feeds";
import { care } from "./migrations/0012_care";
import { streaming } from "./migrations/0011_streaming";
import { liveChat } from "./migrations/0015_live_chat";
import { moderation } from "./migrations/0016_moderation";
import { safeContact } from "./migrations/0017_safe_contact";
import { hiddenContent } from "./migrations/0018_hidden_content";
import { memberCounters } from "./migrations/0019_member_counters";
import { partialMessageIndexes } from "./migrations/0020_partial_message_indexes";

/** Migrations in order; add new files to this list. */
function migrationsFor(dialect: Database["dialect"]): Record<string, Migration> {
  return {
    "0001_initial": initial(dialect),
    "0002_media": media(dialect),
    "0003_community": community(dialect),
    "0004_live": live(dialect),
    "0005_contact": contact(dialect),
    "0006_throttle": throttle(dialect),
    "0007_drop_login_attempts": dropLoginAttempts(dialect),
    "0008_media_credits": mediaCredits(dialect),
    "0009_jobs_and_reach": jobsAndReach(dialect),
    "0010_feeds": feeds(dialect),
    "0012_care": care(dialect),
    "0011_streaming": streaming(dialect),
    "0015_live_chat": liveChat(dialect),
    "0016_moderation": moderation(dialect),
    "0017_safe_contact": safeContact(dialect),
    "0018_hidden_content": hiddenContent(),
    "0019_member_counters": memberCounters(dialect),
    "0020_partial_message_indexes": partialMessageIndexes(),
  };
}

/** Brings the schema to the latest version; throws when a migration fails. */
export async function migrateToLatest(database: Database): Promise<void> {
  const provider: MigrationProvider = { getMigrations: async () => migrationsFor(database.dialect) };
  // Kysely looks for its own tables in every schema unless told which one: with several PostgreSQL schemas
  // migrating at once (parallel test files), it would find another schema's lock table and fail.
  const migrationTableSchema =
    database.dialect === "postgres"
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(database.db)).rows[0]?.schema
      : undefined;
  const migrator = new Migrator({ db: database.db, provider, ...(migrationTableSchema ? { migrationTableSchema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === "Error");
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ""} failed: ${String((error as Error)?.message ?? error)}`);
  }
}
