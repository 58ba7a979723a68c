import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { createRoomSchema, iceServersSchema, roomCodeParamsSchema, roomListQuerySchema, roomSchema } from "@shared/contracts/rooms";
import type { AppContext } from "../../context";
import { notFound } from "../../http/errors";
import { errorResponses } from "../../http/schemas";
import { requireViewer } from "../auth/session";
import { createRoomsRepository } from "./rooms.repository";
import { createRoomsService } from "./rooms.service";

export async function roomsRoutes(app: FastifyInstance, ctx: AppContext) {
  const rooms = createRoomsRepository(ctx.db);
  const service = createRoomsService(ctx.db, () => ctx.live);
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.post("/rooms", { schema: { body: createRoomSchema, response: { 201: roomSchema, ...errorResponses } } }, async (request, reply) => {
    const viewer = requireViewer(request);
    const room = await service.create(viewer.id, request.body);
    request.log.info({ event: "room_created", roomCode: room.roomCode, hostId: viewer.id }, "conference room created");
    return reply.code(201).send(room);
  });

  route.get(
    "/rooms",
    { schema: { querystring: roomListQuerySchema, response: { 200: z.array(roomSchema), ...errorResponses } } },
    async (request) => {
      requireViewer(request);
      // Only active rooms are ever listed: closed ones have ended and can't be joined.
      return rooms.listActive();
    },
  );

  route.get("/rooms/ice-servers", { schema: { response: { 200: iceServersSchema, ...errorResponses } } }, async (request) => {
    requireViewer(request);
    return { iceServers: ctx.config.iceServers };
  });

  route.get(
    "/rooms/:roomCode",
    { schema: { params: roomCodeParamsSchema, response: { 200: roomSchema, ...errorResponses } } },
    async (request) => {
      const room = await rooms.findActiveByCode(request.params.roomCode);
      if (!room) throw notFound("That conference does not exist or has ended.");
      return room;
    },
  );

  route.post(
    "/rooms/:roomCode/close",
    { schema: { params: roomCodeParamsSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await service.close(viewer, request.params.roomCode);
      request.log.info({ event: "room_closed", roomCode: request.params.roomCode }, "conference room closed by its host");
      return reply.code(204).send(null);
    },
  );
}
