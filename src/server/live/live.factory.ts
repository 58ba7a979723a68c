import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Clock } from "../clock";
import type { Config } from "../config";
import type { DB } from "../db/schema";
import { createMemoryBus, createRedisBus } from "./bus";
import { type LiveHub, type LiveHubOptions, createLiveHub } from "./hub";
import { createMemoryState, createRedisState } from "./state";

/** The hub over Redis when REDIS_URL is set (several instances), in memory otherwise (one process). */
export function createLiveHubFor(config: Config, db: Kysely<DB>, clock: Clock, overrides: Partial<LiveHubOptions> = {}): LiveHub {
  const options: Partial<LiveHubOptions> = {
    maxConnectionsPerMember: config.liveMaxConnectionsPerMember,
    leaseMs: config.liveLeaseMs,
    ...overrides,
  };
  const { redisUrl, redisPrefix } = config;
  const bus = redisUrl ? createRedisBus(redisUrl, redisPrefix) : createMemoryBus();
  const state = redisUrl
    ? createRedisState(redisUrl, redisPrefix, { instanceId: randomUUID(), leaseMs: options.leaseMs! })
    : createMemoryState();
  return createLiveHub({ db, bus, state, clock, options });
}
