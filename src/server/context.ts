import type { Kysely } from "kysely";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/database";
import type { LiveHub, LiveHubOptions } from "./live/hub";
import { createLiveHubFor } from "./live/live.factory";
import type { DB } from "./db/schema";
import { type SessionManager, createSessionManager } from "./modules/auth/session";
import { createSessionsRepository } from "./modules/auth/sessions.repository";
import { type Throttle, createThrottle } from "./throttle/throttle";
import { type Jobs, createJobs } from "./jobs/jobs";
import { type Mailer, createMailer } from "./mail/mailer";

/** What every module receives: configuration, the database and the session manager. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Kysely<DB>;
  sessions: SessionManager;
  /** Every time the server reads comes from here; tests drive it. */
  clock: Clock;
  /** Throttles and caps, counted in the database so they hold across instances. */
  throttle: Throttle;
  /** The live link's transport, built with the context: modules register their handlers on it and reach members through it. */
  live: LiveHub;
  /** Background work in the database: enqueue inside the write's transaction; handlers are registered in `jobs/handlers.ts`. */
  jobs: Jobs;
  /** Email over SMTP, or off; only job handlers send (decision 0012). */
  mailer: Mailer;
}

export function createContext(
  config: Config,
  database: Database,
  clock: Clock = systemClock,
  /** Live-link settings a test tightens (heartbeat, rate, lease). */
  liveOptions: Partial<LiveHubOptions> = {},
): AppContext {
  return {
    clock,
    config,
    database,
    db: database.db,
    throttle: createThrottle(database.db, clock),
    sessions: createSessionManager(config, createSessionsRepository(database.db), clock),
    live: createLiveHubFor(config, database.db, clock, liveOptions),
    jobs: createJobs(database, clock, { pollMs: config.jobsPollMs }),
    mailer: createMailer(config),
  };
}
