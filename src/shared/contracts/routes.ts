import { authRoutes } from "./auth";
import { contactRoutes } from "./contact";
import { eventsRoutes } from "./events";
import { feedsApiRoutes } from "./feed-settings";
import { newsletterRoutes } from "./newsletter";
import { notificationPreferencesRoutes, notificationsRoutes, pushRoutes } from "./notifications";
import { postsRoutes } from "./posts";
import { favoritesRoutes } from "./favorites";
import { historyRoutes } from "./history";
import { mediaRoutes } from "./media";
import { playlistsRoutes } from "./playlists";
import { groupsRoutes } from "./groups";
import { messagesRoutes } from "./messages";
import { roomsRoutes } from "./rooms";
import type { RouteContract, RouteKey } from "./route";
import { searchRoutes } from "./search";
import { streamingRoutes } from "./streaming";
import { usersRoutes } from "./users";
import { prayerRoutes } from "./prayer";
import { safetyRoutes } from "./safety";
import { myDataRoutes } from "./mydata";
import { moderationRoutes } from "./moderation";

/**
 * The route table: every API route, by domain. Fastify registers each module's routes from it, the OpenAPI
 * document at /api/openapi.json is generated from it, and the web's client takes its types from it.
 */
export const apiRoutes = {
  contact: contactRoutes,
  events: eventsRoutes,
  newsletter: newsletterRoutes,
  notifications: notificationsRoutes,
  posts: postsRoutes,
  media: mediaRoutes,
  favorites: favoritesRoutes,
  history: historyRoutes,
  playlists: playlistsRoutes,
  search: searchRoutes,
  auth: authRoutes,
  users: usersRoutes,
  messages: messagesRoutes,
  groups: groupsRoutes,
  rooms: roomsRoutes,
  notificationPreferences: notificationPreferencesRoutes,
  push: pushRoutes,
  prayer: prayerRoutes,
  safety: safetyRoutes,
  myData: myDataRoutes,
  moderation: moderationRoutes,
  streaming: streamingRoutes,
  feeds: feedsApiRoutes,
} satisfies Record<string, Record<string, RouteContract>>;

type Table = typeof apiRoutes;
/** Any route of the table. */
export type ApiRoute = { [Domain in keyof Table]: Table[Domain][keyof Table[Domain]] }[keyof Table];
/** Every route's key, "METHOD /api/path". */
export type ApiRouteKey = RouteKey<ApiRoute>;
/** The route a key names. */
export type ApiRouteOf<K extends ApiRouteKey> = Extract<
  ApiRoute,
  { method: K extends `${infer M} ${string}` ? M : never; path: K extends `${string} ${infer P}` ? P : never }
>;
