import type { Kysely } from "kysely";
import { type Clock, systemClock } from "./clock";
import type { Config } from "./config";
import type { Database } from "./db/database";
import type { LiveHub } from "./live/hub";
import type { DB } from "./db/schema";
import { type SessionManager, createSessionManager } from "./modules/auth/session";
import { createSessionsRepository } from "./modules/auth/sessions.repository";
import { type Throttle, createThrottle } from "./throttle/throttle";

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
  /** The live link's hub, set up when /ws is registered; modules use it to reach members in real time. */
  live?: LiveHub;
}

export function createContext(config: Config, database: Database, clock: Clock = systemClock): AppContext {
  return {
    clock,
    config,
    database,
    db: database.db,
    throttle: createThrottle(database.db, clock),
    sessions: createSessionManager(config, createSessionsRepository(database.db), clock),
  };
}
