import { Redis } from "ioredis";

/** A seat in a seat group (a room, say): the member holding it and the value the owning module stored with it. */
export interface Seat {
  memberId: number;
  value: string;
}

/** A seat that went away without its member leaving: its instance stopped, or died and its lease ran out. */
export interface ReleasedSeat extends Seat {
  group: string;
}

/** What an instance held when it stopped or was found dead: members now offline everywhere, and its seats. */
export interface Released {
  /** Members with no live connection left who let others see them online (announce them offline). */
  offline: number[];
  seats: ReleasedSeat[];
}

/**
 * What every instance must agree on, leased per instance: how many connections each member has open
 * (presence, and the per-member connection cap), and seat groups capped at a capacity (room seats).
 * An instance renews its lease on a timer; entries of an instance whose lease ran out stop counting at once
 * and are removed by the next instance that notices (`reapExpired`). The values are opaque to the transport.
 */
export interface LiveState {
  /** Registers or renews this instance's lease; false when another instance already reaped it as dead. */
  renew(): Promise<boolean>;
  /** Counts one more open connection of the member unless they already hold `max`; answers the new count or null. */
  addConnection(userId: number, max: number): Promise<number | null>;
  /** Answers the member's live connections left, on every instance. */
  removeConnection(userId: number): Promise<number>;
  isOnline(userId: number): Promise<boolean>;
  /** Whether a member lets others see them online (their Online status toggle). */
  setVisible(userId: number, visible: boolean): Promise<void>;
  isVisible(userId: number): Promise<boolean>;
  /** Those of `among` with a live connection who let others see them online. */
  onlineUserIds(among: number[]): Promise<number[]>;
  /** Those of `among` with a live connection, seen or not (who can be told something live). */
  connectedUserIds(among: number[]): Promise<number[]>;

  /** Takes (or keeps) the member's seat in the group unless it is full; answers the group's seats in joining order. */
  takeSeat(group: string, memberId: number, value: string, capacity: number): Promise<Seat[] | null>;
  /** Answers whether the member held a seat, and the live seats left. */
  releaseSeat(group: string, memberId: number): Promise<{ released: boolean; remaining: number }>;
  seats(group: string): Promise<Seat[]>;
  hasSeat(group: string, memberId: number): Promise<boolean>;
  updateSeat(group: string, memberId: number, value: string): Promise<boolean>;
  clearSeats(group: string): Promise<void>;

  /** Removes the entries of instances whose lease ran out (each dead instance is reaped by one instance only). */
  reapExpired(): Promise<Released>;
  /** Removes this instance's own entries and lease (a graceful stop). */
  release(): Promise<Released>;
  close(): Promise<void>;
}

type StoredSeat = { order: number; value: string };

/** One process: nothing to lease, since the state dies with the process. */
export function createMemoryState(): LiveState {
  const seatGroups = new Map<string, Map<number, StoredSeat>>();
  const connections = new Map<number, number>();
  const hidden = new Set<number>();
  let order = 0;
  const list = (group: string): Seat[] =>
    [...(seatGroups.get(group) ?? new Map<number, StoredSeat>())]
      .sort(([, a], [, b]) => a.order - b.order)
      .map(([memberId, seat]) => ({ memberId, value: seat.value }));

  return {
    async renew() {
      return true;
    },
    async addConnection(userId, max) {
      const count = connections.get(userId) ?? 0;
      if (count >= max) return null;
      connections.set(userId, count + 1);
      return count + 1;
    },
    async removeConnection(userId) {
      const count = Math.max(0, (connections.get(userId) ?? 0) - 1);
      if (count === 0) connections.delete(userId);
      else connections.set(userId, count);
      return count;
    },
    async isOnline(userId) {
      return (connections.get(userId) ?? 0) > 0;
    },
    async setVisible(userId, visible) {
      if (visible) hidden.delete(userId);
      else hidden.add(userId);
    },
    async isVisible(userId) {
      return !hidden.has(userId);
    },
    async onlineUserIds(among) {
      return among.filter((id) => connections.has(id) && !hidden.has(id));
    },
    async connectedUserIds(among) {
      return among.filter((id) => connections.has(id));
    },

    async takeSeat(group, memberId, value, capacity) {
      const seats = seatGroups.get(group) ?? new Map<number, StoredSeat>();
      const existing = seats.get(memberId);
      if (!existing && seats.size >= capacity) return null;
      seats.set(memberId, { order: existing?.order ?? ++order, value });
      seatGroups.set(group, seats);
      return list(group);
    },
    async releaseSeat(group, memberId) {
      const seats = seatGroups.get(group);
      const released = seats?.delete(memberId) ?? false;
      if (seats && seats.size === 0) seatGroups.delete(group);
      return { released, remaining: seats?.size ?? 0 };
    },
    async seats(group) {
      return list(group);
    },
    async hasSeat(group, memberId) {
      return seatGroups.get(group)?.has(memberId) ?? false;
    },
    async updateSeat(group, memberId, value) {
      const seat = seatGroups.get(group)?.get(memberId);
      if (!seat) return false;
      seat.value = value;
      return true;
    },
    async clearSeats(group) {
      seatGroups.delete(group);
    },

    async reapExpired() {
      return { offline: [], seats: [] };
    },
    async release() {
      const released: Released = {
        offline: [...connections.keys()].filter((id) => !hidden.has(id)),
        seats: [...seatGroups.keys()].flatMap((group) => list(group).map((seat) => ({ group, ...seat }))),
      };
      connections.clear();
      seatGroups.clear();
      return released;
    },
    async close() {
      connections.clear();
      seatGroups.clear();
    },
  };
}

// ---------------------------------------------------------------- Redis
//
// Keys (all under the deployment's prefix):
//   instances          set of instance ids not yet reaped
//   lease:<iid>        present while the instance is alive (PX = lease time, renewed by its timer)
//   conns:<uid>        hash instance id → connections the member has open there
//   users:<iid>        set of members with connections on the instance
//   hidden             set of members who turned Online status off
//   seats:<group>      hash memberId → "<iid>\t<order>\t<value>"
//   held:<iid>         set of seat groups where the instance holds seats
// Every read counts only the entries of instances whose lease exists, so a dead instance stops counting
// the moment its lease runs out, before anyone has reaped it.

const PRELUDE = `
local prefix = ARGV[1]
local leases = {}
local function alive(iid)
  local known = leases[iid]
  if known == nil then
    known = redis.call('EXISTS', prefix .. 'lease:' .. iid) == 1
    leases[iid] = known
  end
  return known
end
local function liveConnections(uid)
  local hash = redis.call('HGETALL', prefix .. 'conns:' .. uid)
  local total = 0
  for i = 1, #hash, 2 do
    if alive(hash[i]) then total = total + tonumber(hash[i + 1]) end
  end
  return total
end
local function seatInstance(stored)
  return string.match(stored, '^([^\\t]*)\\t')
end
`;

const RENEW = `${PRELUDE}
local iid, leaseMs, first = ARGV[2], ARGV[3], ARGV[4]
if first == '1' then
  redis.call('SADD', prefix .. 'instances', iid)
elseif redis.call('SISMEMBER', prefix .. 'instances', iid) == 0 then
  return 0
end
redis.call('SET', prefix .. 'lease:' .. iid, '1', 'PX', leaseMs)
return 1`;

const ADD_CONNECTION = `${PRELUDE}
local iid, uid, max = ARGV[2], ARGV[3], tonumber(ARGV[4])
local total = liveConnections(uid)
if total >= max then return -1 end
redis.call('HINCRBY', prefix .. 'conns:' .. uid, iid, 1)
redis.call('SADD', prefix .. 'users:' .. iid, uid)
return total + 1`;

const REMOVE_CONNECTION = `${PRELUDE}
local iid, uid = ARGV[2], ARGV[3]
local key = prefix .. 'conns:' .. uid
if redis.call('HEXISTS', key, iid) == 1 and redis.call('HINCRBY', key, iid, -1) <= 0 then
  redis.call('HDEL', key, iid)
  redis.call('SREM', prefix .. 'users:' .. iid, uid)
end
return liveConnections(uid)`;

const IS_ONLINE = `${PRELUDE}
return liveConnections(ARGV[2])`;

// ARGV[2] is '1' to leave out hidden members; the members asked about follow.
const ONLINE_AMONG = `${PRELUDE}
local seenOnly = ARGV[2] == '1'
local out = {}
for i = 3, #ARGV do
  local uid = ARGV[i]
  if (not seenOnly or redis.call('SISMEMBER', prefix .. 'hidden', uid) == 0) and liveConnections(uid) > 0 then out[#out + 1] = uid end
end
return out`;

const SEATS = `${PRELUDE}
local hash = redis.call('HGETALL', prefix .. 'seats:' .. ARGV[2])
local out = {}
for i = 1, #hash, 2 do
  if alive(seatInstance(hash[i + 1])) then
    out[#out + 1] = hash[i]
    out[#out + 1] = hash[i + 1]
  end
end
return out`;

const TAKE_SEAT = `${PRELUDE}
local iid, group, member, value, capacity = ARGV[2], ARGV[3], ARGV[4], ARGV[5], tonumber(ARGV[6])
local key = prefix .. 'seats:' .. group
local hash = redis.call('HGETALL', key)
local taken, order = 0, nil
for i = 1, #hash, 2 do
  if hash[i] == member then
    order = string.match(hash[i + 1], '^[^\\t]*\\t([^\\t]*)\\t')
  elseif alive(seatInstance(hash[i + 1])) then
    taken = taken + 1
  end
end
if taken >= capacity then return 0 end
if order == nil then order = tostring(redis.call('INCR', prefix .. 'seat-order')) end
redis.call('HSET', key, member, iid .. '\\t' .. order .. '\\t' .. value)
redis.call('SADD', prefix .. 'held:' .. iid, group)
return 1`;

const RELEASE_SEAT = `${PRELUDE}
local key = prefix .. 'seats:' .. ARGV[2]
local released = redis.call('HDEL', key, ARGV[3])
local hash = redis.call('HGETALL', key)
local remaining = 0
for i = 1, #hash, 2 do
  if alive(seatInstance(hash[i + 1])) then remaining = remaining + 1 end
end
return { released, remaining }`;

const HAS_SEAT = `${PRELUDE}
local stored = redis.call('HGET', prefix .. 'seats:' .. ARGV[2], ARGV[3])
if stored and alive(seatInstance(stored)) then return 1 end
return 0`;

const UPDATE_SEAT = `${PRELUDE}
local key = prefix .. 'seats:' .. ARGV[2]
local stored = redis.call('HGET', key, ARGV[3])
if not stored then return 0 end
local iid, order = string.match(stored, '^([^\\t]*)\\t([^\\t]*)\\t')
redis.call('HSET', key, ARGV[3], iid .. '\\t' .. order .. '\\t' .. ARGV[4])
return 1`;

// Removes everything an instance held; answers the members left offline and the seats it held.
const RELEASE_INSTANCE = `${PRELUDE}
local iid = ARGV[2]
redis.call('DEL', prefix .. 'lease:' .. iid)
redis.call('SREM', prefix .. 'instances', iid)
leases[iid] = false
local offline = {}
for _, uid in ipairs(redis.call('SMEMBERS', prefix .. 'users:' .. iid)) do
  local key = prefix .. 'conns:' .. uid
  redis.call('HDEL', key, iid)
  if liveConnections(uid) == 0 and redis.call('SISMEMBER', prefix .. 'hidden', uid) == 0 then offline[#offline + 1] = uid end
end
redis.call('DEL', prefix .. 'users:' .. iid)
local seats = {}
for _, group in ipairs(redis.call('SMEMBERS', prefix .. 'held:' .. iid)) do
  local key = prefix .. 'seats:' .. group
  local hash = redis.call('HGETALL', key)
  for i = 1, #hash, 2 do
    if seatInstance(hash[i + 1]) == iid then
      redis.call('HDEL', key, hash[i])
      seats[#seats + 1] = group
      seats[#seats + 1] = hash[i]
      seats[#seats + 1] = string.match(hash[i + 1], '^[^\\t]*\\t[^\\t]*\\t(.*)$')
    end
  end
end
redis.call('DEL', prefix .. 'held:' .. iid)
return { offline, seats }`;

type OrderedSeat = Seat & { order: number };
const parseSeat = (memberId: string, stored: string): OrderedSeat => {
  const [, order, ...value] = stored.split("\t");
  return { memberId: Number(memberId), value: value.join("\t"), order: Number(order) };
};

/** The shared state in Redis for several instances; `instanceId` names this instance's lease. */
export function createRedisState(url: string, prefix: string, options: { instanceId: string; leaseMs: number }): LiveState {
  const redis = new Redis(url, { maxRetriesPerRequest: 3 });
  // Errors are retried by ioredis; without a listener they would crash the process.
  redis.on("error", () => {});
  const { instanceId, leaseMs } = options;
  let registered = false;
  const run = (script: string, ...args: (string | number)[]) => redis.eval(script, 0, prefix, ...args.map(String));

  // In slices, so one script never blocks Redis for long.
  async function onlineAmong(among: number[], seenOnly: boolean): Promise<number[]> {
    const out: number[] = [];
    for (let start = 0; start < among.length; start += 500) {
      const ids = (await run(ONLINE_AMONG, seenOnly ? "1" : "0", ...among.slice(start, start + 500))) as string[];
      out.push(...ids.map(Number));
    }
    return out;
  }

  const toSeats = (flat: string[]): Seat[] => {
    const seats: OrderedSeat[] = [];
    for (let i = 0; i < flat.length; i += 2) seats.push(parseSeat(flat[i]!, flat[i + 1]!));
    return seats.sort((a, b) => a.order - b.order).map(({ memberId, value }) => ({ memberId, value }));
  };
  const toReleased = (result: unknown): Released => {
    const [offline, flat] = result as [string[], string[]];
    const seats: ReleasedSeat[] = [];
    for (let i = 0; i < flat.length; i += 3) seats.push({ group: flat[i]!, memberId: Number(flat[i + 1]), value: flat[i + 2]! });
    return { offline: offline.map(Number), seats };
  };

  return {
    async renew() {
      const renewed = Number(await run(RENEW, instanceId, leaseMs, registered ? "0" : "1")) === 1;
      // An instance that was reaped registers afresh on its next renewal.
      registered = renewed;
      return renewed;
    },
    async addConnection(userId, max) {
      const count = Number(await run(ADD_CONNECTION, instanceId, userId, max));
      return count < 0 ? null : count;
    },
    async removeConnection(userId) {
      return Number(await run(REMOVE_CONNECTION, instanceId, userId));
    },
    async isOnline(userId) {
      return Number(await run(IS_ONLINE, userId)) > 0;
    },
    async setVisible(userId, visible) {
      if (visible) await redis.srem(`${prefix}hidden`, String(userId));
      else await redis.sadd(`${prefix}hidden`, String(userId));
    },
    async isVisible(userId) {
      return (await redis.sismember(`${prefix}hidden`, String(userId))) === 0;
    },
    async onlineUserIds(among) {
      return onlineAmong(among, true);
    },
    async connectedUserIds(among) {
      return onlineAmong(among, false);
    },

    async takeSeat(group, memberId, value, capacity) {
      const taken = Number(await run(TAKE_SEAT, instanceId, group, memberId, value, capacity)) === 1;
      return taken ? toSeats((await run(SEATS, group)) as string[]) : null;
    },
    async releaseSeat(group, memberId) {
      const [released, remaining] = (await run(RELEASE_SEAT, group, memberId)) as [number, number];
      return { released: released > 0, remaining };
    },
    async seats(group) {
      return toSeats((await run(SEATS, group)) as string[]);
    },
    async hasSeat(group, memberId) {
      return Number(await run(HAS_SEAT, group, memberId)) === 1;
    },
    async updateSeat(group, memberId, value) {
      return Number(await run(UPDATE_SEAT, group, memberId, value)) === 1;
    },
    async clearSeats(group) {
      await redis.del(`${prefix}seats:${group}`);
    },

    async reapExpired() {
      const released: Released = { offline: [], seats: [] };
      for (const other of await redis.smembers(`${prefix}instances`)) {
        if (other === instanceId || (await redis.exists(`${prefix}lease:${other}`)) === 1) continue;
        // Whoever removes it from the set reaps it; the others skip it.
        if ((await redis.srem(`${prefix}instances`, other)) !== 1) continue;
        const reaped = toReleased(await run(RELEASE_INSTANCE, other));
        released.offline.push(...reaped.offline);
        released.seats.push(...reaped.seats);
      }
      return released;
    },
    async release() {
      return toReleased(await run(RELEASE_INSTANCE, instanceId));
    },
    async close() {
      redis.disconnect();
    },
  };
}
