import type { FastifyInstance } from "fastify";
import { authRoutes as routes } from "@shared/contracts/auth";
import type { AppContext } from "../../context";
import { mount } from "../../http/route";
import { createMyDataService } from "../mydata/mydata.service";
import { createUsersService } from "../users/users.service";
import { ownOrigin } from "../../http/security";
import { createAuthService } from "./auth.service";
import { createEmailLinksService } from "./email-links.service";
import { readDeviceCookie, setDeviceCookie } from "./device-cookie";
import { requireViewer } from "./session";

/** Sign-in, registration, sign-out and password change. */
export async function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const auth = createAuthService(ctx);
  const myData = createMyDataService(ctx);
  const users = createUsersService(ctx);
  const links = createEmailLinksService(ctx);

  mount(app, routes.current, async (request) => {
    const viewer = requireViewer(request);
    return users.profile(viewer.id, viewer);
  });

  mount(app, routes.login, async (request, reply) => {
    const { user, deviceToken } = await auth.login(request.body, { ip: request.ip, deviceToken: readDeviceCookie(request) }, request.log);
    await ctx.sessions.start(request, reply, user.id, request.body.rememberMe === true);
    // Signing in during a deletion's grace period keeps the account (decision 0016).
    await myData.signedIn(user.id);
    setDeviceCookie(request, reply, ctx.config, deviceToken);
    return users.profile(user.id, user);
  });

  mount(app, routes.register, async (request, reply) => {
    const { id, deviceToken } = await auth.register(request.body, request.ip);
    request.log.info({ event: "registered", userId: id }, "member registered");
    await ctx.sessions.start(request, reply, id, false);
    setDeviceCookie(request, reply, ctx.config, deviceToken);
    return users.profile(id, { id });
  });

  mount(app, routes.logout, async (request, reply) => {
    if (request.viewer) request.log.info({ event: "sign_out", userId: request.viewer.id }, "signed out");
    const ended = request.viewer && request.sessionId ? { userId: request.viewer.id, sessionId: request.sessionId } : null;
    await ctx.sessions.end(request, reply);
    if (ended) await ctx.live.endSessions(ended);
    return null;
  });

  mount(app, routes.changePassword, async (request, reply) => {
    const viewer = requireViewer(request);
    const { deviceToken } = await auth.changePassword(viewer, request.body, request.sessionId);
    // The session in use survives but gets a new id, like at sign-in; every other session's sockets close at once.
    await ctx.sessions.start(request, reply, viewer.id, false);
    await ctx.live.endSessions({ userId: viewer.id, exceptSessionId: request.sessionId! });
    setDeviceCookie(request, reply, ctx.config, deviceToken);
    request.log.info({ event: "password_changed", userId: viewer.id }, "password changed");
    return null;
  });

  mount(app, routes.passwordResetAvailability, async () => ({ available: links.available() }));

  mount(app, routes.requestPasswordReset, async (request) => {
    await links.requestPasswordReset(request.body.email, request.ip, ownOrigin(request, ctx.config));
    request.log.info({ event: "password_reset_requested" }, "password reset requested");
    return null;
  });

  mount(app, routes.resetPassword, async (request, reply) => {
    const { userId, deviceToken } = await links.resetPassword(request.body.token, request.body.newPassword);
    // Every earlier session has ended; this browser starts a fresh one.
    await ctx.sessions.start(request, reply, userId, false);
    setDeviceCookie(request, reply, ctx.config, deviceToken);
    request.log.info({ event: "password_reset", userId }, "password reset by email link");
    return users.profile(userId, { id: userId });
  });

  mount(app, routes.confirmEmail, async (request) => {
    await links.confirmEmail(request.body.token);
    return null;
  });
}
