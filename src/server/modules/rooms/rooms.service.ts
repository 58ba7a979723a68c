import { randomInt } from "node:crypto";
import { ROOM_CODE_ALPHABET, ROOM_CODE_LENGTH } from "@shared/constants";
import type { CreateRoomInput } from "@shared/contracts/rooms";
import type { Kysely } from "kysely";
import type { DB } from "../../db/schema";
import { forbidden, isUniqueViolation, notFound } from "../../http/errors";
import type { LiveHub } from "../../live/hub";
import { policies } from "../../policies";
import { createRoomsRepository } from "./rooms.repository";

/** A room code: ROOM_CODE_LENGTH characters of A-Z and 0-9 from a cryptographic random source. */
export function generateRoomCode(): string {
  let code = "";
  for (let i = 0; i < ROOM_CODE_LENGTH; i += 1) code += ROOM_CODE_ALPHABET[randomInt(ROOM_CODE_ALPHABET.length)];
  return code;
}

const CODE_ATTEMPTS = 8;

export function createRoomsService(db: Kysely<DB>, live: () => LiveHub | undefined) {
  const rooms = createRoomsRepository(db);
  return {
    /** Creates a room hosted by the viewer; the active-code unique index settles a (rare) clash with another active room. */
    async create(hostId: number, input: Required<Pick<CreateRoomInput, "name" | "maxParticipants">> & { description?: string | null }) {
      for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt += 1) {
        const roomCode = generateRoomCode();
        try {
          await rooms.create({
            name: input.name,
            description: input.description?.trim() ? input.description.trim() : null,
            roomCode,
            hostId,
            maxParticipants: input.maxParticipants,
            createdAt: new Date().toISOString(),
          });
          return (await rooms.findActiveByCode(roomCode))!;
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
        }
      }
      throw new Error("could not find a free room code");
    },

    async close(viewer: { id: number; role: "member" | "creator" | "admin" }, roomCode: string) {
      const room = await rooms.findActiveByCode(roomCode);
      if (!room) throw notFound("That conference does not exist or has ended.");
      if (!policies.changeOwned(viewer, room.hostId)) throw forbidden("Only the host can end this conference.");
      const hub = live();
      if (hub) await hub.closeRoom(room.id, room.roomCode);
      else await rooms.close(room.id, new Date().toISOString());
    },
  };
}
