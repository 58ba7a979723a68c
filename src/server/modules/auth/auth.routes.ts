import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { changePasswordSchema, loginSchema, registerSchema } from "@shared/contracts/auth";
import { userSchema } from "@shared/contracts/users";
import type { AppContext } from "../../context";
import { errorResponses } from "../../http/schemas";
import { createNotificationsRepository } from "../notifications/notifications.repository";
import { presentUser } from "../users/users.presenter";
import { createUsersRepository } from "../users/users.repository";
import { createAuthService } from "./auth.service";
import { createLoginAttemptsRepository } from "./login-attempts.repository";
import { requireViewer } from "./session";
import { createSessionsRepository } from "./sessions.repository";

export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const users = createUsersRepository(ctx.db);
  const auth = createAuthService({
    config: ctx.config,
    users,
    sessions: createSessionsRepository(ctx.db),
    loginAttempts: createLoginAttemptsRepository(ctx.db),
    notifications: createNotificationsRepository(ctx.db),
  });
  const route = app.withTypeProvider<ZodTypeProvider>();

  route.get("/auth/current", { schema: { response: { 200: userSchema, ...errorResponses } } }, async (request) => {
    const viewer = requireViewer(request);
    const user = await users.findById(viewer.id);
    return presentUser(user ?? viewer, viewer.id);
  });

  route.post("/auth/login", { schema: { body: loginSchema, response: { 200: userSchema, ...errorResponses } } }, async (request, reply) => {
    const user = await auth.login(request.body, request.ip, request.log);
    await ctx.sessions.start(request, reply, user.id, request.body.rememberMe === true);
    const full = await users.findById(user.id);
    return presentUser(full ?? user, user.id);
  });

  route.post(
    "/auth/register",
    { schema: { body: registerSchema, response: { 201: userSchema, ...errorResponses } } },
    async (request, reply) => {
      const id = await auth.register(request.body);
      request.log.info({ event: "registered", userId: id }, "member registered");
      await ctx.sessions.start(request, reply, id, false);
      const user = await users.findById(id);
      return reply.code(201).send(presentUser(user!, id));
    },
  );

  route.post("/auth/logout", { schema: { response: { 204: z.null(), ...errorResponses } } }, async (request, reply) => {
    if (request.viewer) request.log.info({ event: "sign_out", userId: request.viewer.id }, "signed out");
    const ended = request.viewer && request.sessionId ? { userId: request.viewer.id, sessionId: request.sessionId } : null;
    await ctx.sessions.end(request, reply);
    if (ended) await ctx.live.endSessions(ended);
    return reply.code(204).send(null);
  });

  route.post(
    "/auth/password",
    { schema: { body: changePasswordSchema, response: { 204: z.null(), ...errorResponses } } },
    async (request, reply) => {
      const viewer = requireViewer(request);
      await auth.changePassword(viewer, request.body, request.sessionId);
      // The session in use survives but gets a new id, like at sign-in.
      await ctx.sessions.start(request, reply, viewer.id, false);
      await ctx.live.endSessions({ userId: viewer.id, exceptSessionId: request.sessionId! });
      request.log.info({ event: "password_changed", userId: viewer.id }, "password changed");
      return reply.code(204).send(null);
    },
  );
}
