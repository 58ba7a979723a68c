import { Redis } from "ioredis";
import type { Participant } from "@shared/contracts/live";

export type JoinResult = { ok: true; participants: Participant[] } | { ok: false; reason: "full" };

/**
 * What every instance must agree on: who is in which room (with its host and camera/microphone state,
 * capped at maxParticipants atomically) and how many connections each member has open (presence).
 */
export interface LiveState {
  joinRoom(roomCode: string, participant: Participant, maxParticipants: number): Promise<JoinResult>;
  /** Answers true when the member was in the room. */
  leaveRoom(roomCode: string, userId: number): Promise<boolean>;
  participants(roomCode: string): Promise<Participant[]>;
  isInRoom(roomCode: string, userId: number): Promise<boolean>;
  updateMedia(roomCode: string, userId: number, media: { video: boolean; audio: boolean }): Promise<boolean>;
  clearRoom(roomCode: string): Promise<void>;
  /** Counts one more open connection of the member; answers the count. */
  addConnection(userId: number): Promise<number>;
  removeConnection(userId: number): Promise<number>;
  isOnline(userId: number): Promise<boolean>;
  /** Whether a member lets others see them online (their Online status toggle). */
  setVisible(userId: number, visible: boolean): Promise<void>;
  /** Members with an open connection who let others see them online. */
  onlineUserIds(): Promise<number[]>;
  close(): Promise<void>;
}

type Stored = { participant: Participant; order: number };
const byOrder = (a: Stored, b: Stored) => a.order - b.order;

export function createMemoryState(): LiveState {
  const rooms = new Map<string, Map<number, Stored>>();
  const connections = new Map<number, number>();
  const hidden = new Set<number>();
  let order = 0;
  return {
    async joinRoom(roomCode, participant, maxParticipants) {
      const room = rooms.get(roomCode) ?? new Map<number, Stored>();
      const existing = room.get(participant.userId);
      if (!existing && room.size >= maxParticipants) return { ok: false, reason: "full" };
      room.set(participant.userId, { participant, order: existing?.order ?? ++order });
      rooms.set(roomCode, room);
      return { ok: true, participants: [...room.values()].sort(byOrder).map((s) => s.participant) };
    },
    async leaveRoom(roomCode, userId) {
      const room = rooms.get(roomCode);
      const had = room?.delete(userId) ?? false;
      if (room && room.size === 0) rooms.delete(roomCode);
      return had;
    },
    async participants(roomCode) {
      return [...(rooms.get(roomCode)?.values() ?? [])].sort(byOrder).map((s) => s.participant);
    },
    async isInRoom(roomCode, userId) {
      return rooms.get(roomCode)?.has(userId) ?? false;
    },
    async updateMedia(roomCode, userId, media) {
      const stored = rooms.get(roomCode)?.get(userId);
      if (!stored) return false;
      stored.participant = { ...stored.participant, ...media };
      return true;
    },
    async clearRoom(roomCode) {
      rooms.delete(roomCode);
    },
    async addConnection(userId) {
      const count = (connections.get(userId) ?? 0) + 1;
      connections.set(userId, count);
      return count;
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
    async onlineUserIds() {
      return [...connections.keys()].filter((id) => !hidden.has(id));
    },
    async close() {
      rooms.clear();
      connections.clear();
    },
  };
}

// Joining checks the cap and adds the member in one atomic step, so two instances can't both take the last seat.
const JOIN_SCRIPT = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 and redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[3]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
redis.call('EXPIRE', KEYS[1], ARGV[4])
return 1`;
const UPDATE_SCRIPT = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[2])
return 1`;
const DECREMENT_SCRIPT = `
local count = redis.call('HINCRBY', KEYS[1], ARGV[1], -1)
if count <= 0 then redis.call('HDEL', KEYS[1], ARGV[1]) return 0 end
return count`;
/** A room nobody touches for a day is forgotten (its host's instance may have died without cleaning up). */
const ROOM_TTL_SECONDS = 24 * 3600;

/** Room membership as one Redis hash per room (userId → participant); presence as one hash of connection counts. */
export function createRedisState(url: string, prefix: string): LiveState {
  const redis = new Redis(url, { maxRetriesPerRequest: 3 });
  redis.on("error", () => {});
  const roomKey = (code: string) => `${prefix}room:${code}`;
  const presenceKey = `${prefix}presence`;
  const hiddenKey = `${prefix}hidden`;
  const read = (hash: Record<string, string>) =>
    Object.values(hash)
      .map((value) => JSON.parse(value) as Stored)
      .sort(byOrder)
      .map((s) => s.participant);

  return {
    async joinRoom(roomCode, participant, maxParticipants) {
      const key = roomKey(roomCode);
      const previous = await redis.hget(key, String(participant.userId));
      const order = previous ? (JSON.parse(previous) as Stored).order : Date.now() * 1000 + Math.floor(Math.random() * 1000);
      const stored: Stored = { participant, order };
      const ok = await redis.eval(
        JOIN_SCRIPT,
        1,
        key,
        String(participant.userId),
        JSON.stringify(stored),
        String(maxParticipants),
        String(ROOM_TTL_SECONDS),
      );
      if (Number(ok) !== 1) return { ok: false, reason: "full" };
      return { ok: true, participants: read(await redis.hgetall(key)) };
    },
    async leaveRoom(roomCode, userId) {
      return (await redis.hdel(roomKey(roomCode), String(userId))) > 0;
    },
    async participants(roomCode) {
      return read(await redis.hgetall(roomKey(roomCode)));
    },
    async isInRoom(roomCode, userId) {
      return (await redis.hexists(roomKey(roomCode), String(userId))) === 1;
    },
    async updateMedia(roomCode, userId, media) {
      const key = roomKey(roomCode);
      const previous = await redis.hget(key, String(userId));
      if (!previous) return false;
      const stored = JSON.parse(previous) as Stored;
      stored.participant = { ...stored.participant, ...media };
      return Number(await redis.eval(UPDATE_SCRIPT, 1, key, String(userId), JSON.stringify(stored))) === 1;
    },
    async clearRoom(roomCode) {
      await redis.del(roomKey(roomCode));
    },
    async addConnection(userId) {
      return redis.hincrby(presenceKey, String(userId), 1);
    },
    async removeConnection(userId) {
      return Number(await redis.eval(DECREMENT_SCRIPT, 1, presenceKey, String(userId)));
    },
    async isOnline(userId) {
      return Number(await redis.hget(presenceKey, String(userId))) > 0;
    },
    async setVisible(userId, visible) {
      if (visible) await redis.srem(hiddenKey, String(userId));
      else await redis.sadd(hiddenKey, String(userId));
    },
    async onlineUserIds() {
      const [counts, hidden] = await Promise.all([redis.hgetall(presenceKey), redis.smembers(hiddenKey)]);
      const hiddenIds = new Set(hidden);
      return Object.entries(counts)
        .filter(([id, count]) => Number(count) > 0 && !hiddenIds.has(id))
        .map(([id]) => Number(id));
    },
    async close() {
      redis.disconnect();
    },
  };
}
