import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";

const booleanFromEnv = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .transform((value) => value === "true" || value === "1" || value === "yes");

/**
 * TRUST_PROXY: `false`, the number of proxies in front of the server, or their addresses (decision 0010).
 * `true` is refused: it would believe whatever X-Forwarded-For a client writes.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((text, ctx): TrustProxy => {
    if (["false", "no", "0"].includes(text.toLowerCase())) return false;
    if (["true", "yes"].includes(text.toLowerCase())) {
      ctx.addIssue({
        code: "custom",
        message: `"${text}" would believe any X-Forwarded-For a client sends; give the number of proxies in front of the server (e.g. 1) or their addresses (e.g. 127.0.0.1,10.0.0.0/8)`,
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(text)) return { hops: Number(text) };
    const addresses = text.split(",").map((part) => part.trim());
    const wrong = addresses.find((address) => !isProxyAddress(address));
    if (wrong !== undefined) {
      ctx.addIssue({ code: "custom", message: `"${wrong}" is neither a hop count nor a proxy address or CIDR range` });
      return z.NEVER;
    }
    return { addresses };
  });

/** An address or CIDR range of a trusted proxy, or one of the named ranges Fastify knows. */
function isProxyAddress(entry: string): boolean {
  if (["loopback", "linklocal", "uniquelocal"].includes(entry)) return true;
  const [address = "", prefix] = entry.split("/");
  const version = isIP(address);
  if (version === 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128));
}

/** Whom the server believes about the client's address: nobody, the last `hops` proxies, or proxies at these addresses. */
export type TrustProxy = false | { hops: number } | { addresses: string[] };

const iceServerSchema = z.object({
  urls: z.union([z.string(), z.array(z.string())]),
  username: z.string().optional(),
  credential: z.string().optional(),
});

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("data"),
  MEDIA_DIR: z.string().min(1).optional(),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  REDIS_PREFIX: z.string().max(100).default("gathering:"),
  PUBLIC_ORIGIN: z.url().optional(),
  COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  TRUST_PROXY: trustProxySchema.default(false),
  SEED_DEMO: booleanFromEnv.default(true),
  ICE_SERVERS: z
    .string()
    .default('[{"urls":"stun:stun.l.google.com:19302"},{"urls":"stun:global.stun.twilio.com:3478"}]')
    .transform((text, ctx) => {
      try {
        return z.array(iceServerSchema).parse(JSON.parse(text));
      } catch {
        ctx.addIssue({ code: "custom", message: "must be a JSON array of {urls, username?, credential?}" });
        return z.NEVER;
      }
    }),
  SESSION_IDLE_HOURS: z.coerce.number().positive().default(24),
  SESSION_REMEMBER_DAYS: z.coerce.number().positive().default(30),
  SESSION_ABSOLUTE_DAYS: z.coerce.number().positive().default(90),
  HOUSEKEEPING_INTERVAL_SECONDS: z.coerce.number().positive().default(3600),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  LOGIN_MAX_FAILURES: z.coerce.number().int().positive().default(5),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().positive().default(900),
  LOGIN_ACCOUNT_PER_MINUTE: z.coerce.number().int().positive().default(10),
  LOGIN_ADDRESS_PER_MINUTE: z.coerce.number().int().positive().default(30),
  REGISTER_MAX_PER_HOUR: z.coerce.number().int().positive().default(10),
  LIVE_MAX_CONNECTIONS_PER_MEMBER: z.coerce.number().int().positive().default(20),
  LIVE_LEASE_SECONDS: z.coerce.number().positive().default(60),
  ROOM_CREATE_LIMIT: z.coerce.number().int().positive().default(10),
  ROOM_CREATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  ROOM_LOOKUP_LIMIT: z.coerce.number().int().positive().default(30),
  ROOM_LOOKUP_WINDOW_SECONDS: z.coerce.number().int().positive().default(60),
  ROOM_EMPTY_GRACE_SECONDS: z.coerce.number().int().positive().default(600),
  ROOM_JOIN_ADDRESS_LIMIT: z.coerce.number().int().positive().default(120),
  ROOM_LOBBY_DEFAULT: z.enum(["true", "false"]).default("false"),
  HTTP_HEADERS_TIMEOUT_SECONDS: z.coerce.number().positive().default(30),
  HTTP_REQUEST_TIMEOUT_SECONDS: z.coerce.number().positive().default(120),
  HTTP_UPLOAD_TIMEOUT_SECONDS: z.coerce.number().positive().default(3600),
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: z.coerce.number().positive().default(72),
  HTTP_MAX_CONNECTIONS: z.coerce.number().int().positive().default(20_000),
  JOBS_POLL_SECONDS: z.coerce.number().positive().default(1),
  SMTP_URL: z.url({ protocol: /^smtps?$/ }).optional(),
  MAIL_FROM: z.string().min(3).default("Gathering <no-reply@localhost>"),
  VAPID_PUBLIC_KEY: z.string().min(20).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:\/\/)/, "must start with mailto: or https://")
    .optional(),
  TURN_URLS: z
    .string()
    .transform((text) =>
      text
        .split(",")
        .map((url) => url.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^turns?:[^\s]+$/, "must be turn: or turns: URLs, separated by commas")).min(1))
    .optional(),
  TURN_SECRET: z.string().min(16, "must be at least 16 characters (coturn's static-auth-secret)").optional(),
  TURN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(14_400),
  ICE_TRANSPORT_POLICY: z.enum(["all", "relay"]).default("all"),
  JANUS_URL: z.url({ protocol: /^https?$/ }).optional(),
  JANUS_PUBLIC_URL: z.url({ protocol: /^(https?|wss?)$/ }).optional(),
  JANUS_ADMIN_KEY: z.string().min(16, "must be at least 16 characters (VideoRoom's admin_key)").optional(),
  SFU_VIDEO_THRESHOLD: z.coerce.number().int().min(2).max(10).default(4),
  LIVE_INGEST: z.enum(["ffmpeg", "nginx", "off"]).default("ffmpeg"),
  RTMP_HOST: z.string().min(1).default("0.0.0.0"),
  RTMP_PORT: z.coerce.number().int().min(1).max(65535).default(1935),
  RTMP_PUBLIC_URL: z.url({ protocol: /^rtmps?$/ }).optional(),
  NGINX_RTMP_URL: z.url({ protocol: /^rtmp$/ }).default("rtmp://127.0.0.1:1935/live"),
  FFMPEG_PATH: z.string().min(1).default("ffmpeg"),
  LIVE_SEGMENT_SECONDS: z.coerce.number().int().min(1).max(10).default(2),
  LIVE_WINDOW_SEGMENTS: z.coerce.number().int().min(3).max(60).default(6),
  LIVE_STALL_SECONDS: z.coerce.number().positive().default(8),
});

/** Settings that only make sense together. */
const checkedEnvSchema = envSchema
  .refine((env) => (env.TURN_URLS === undefined) === (env.TURN_SECRET === undefined), {
    path: ["TURN_SECRET"],
    message: "TURN_URLS and TURN_SECRET are set together (or neither)",
  })
  .refine((env) => env.JANUS_URL === undefined || env.JANUS_ADMIN_KEY !== undefined, {
    path: ["JANUS_ADMIN_KEY"],
    message: "is needed with JANUS_URL (the VideoRoom plugin's admin_key; it also signs the members' tokens)",
  })
  .refine(
    (env) =>
      env.ICE_TRANSPORT_POLICY === "all" ||
      env.TURN_URLS !== undefined ||
      env.ICE_SERVERS.some((server) => [server.urls].flat().some((url) => /^turns?:/.test(url))),
    { path: ["ICE_TRANSPORT_POLICY"], message: "relay needs a TURN server (TURN_URLS, or a turn: URL in ICE_SERVERS)" },
  );

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  host: string;
  dataDir: string;
  mediaDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  /** Prefix of every Redis key and channel, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  publicOrigin?: string;
  cookieSecure: "auto" | "true" | "false";
  trustProxy: TrustProxy;
  seedDemo: boolean;
  iceServers: z.infer<typeof iceServerSchema>[];
  sessionIdleMs: number;
  sessionRememberMs: number;
  /** No session lasts longer than this from sign-in, however recently it was used. */
  sessionAbsoluteMs: number;
  /** How often expired sessions, old sign-in failures and ended throttle windows are purged. */
  housekeepingIntervalMs: number;
  logLevel: string;
  loginMaxFailures: number;
  loginWindowMs: number;
  /** Failed sign-ins per username per minute, from clients without a device cookie, before the next must wait. */
  loginAccountPerMinute: number;
  /** Failed sign-ins per client address per minute, across usernames, before the next must wait. */
  loginAddressPerMinute: number;
  registerMaxPerHour: number;
  /** Live-link connections one member may hold open, on all instances together. */
  liveMaxConnectionsPerMember: number;
  /** How long a dead instance's presence and room seats outlive it (its lease, renewed three times per lease). */
  liveLeaseMs: number;
  /** Rooms one member may create per window. */
  roomCreateLimit: number;
  roomCreateWindowMs: number;
  /** Room-code look-ups (found or not) one member or address may make per window. */
  roomLookupLimit: number;
  roomLookupWindowMs: number;
  /** JOIN_ROOM frames (knocks included) from one address per room look-up window. */
  roomJoinAddressLimit: number;
  /** Whether a room created without saying has a lobby (decision 0022). */
  roomLobbyDefault: boolean;
  /** A room nobody is in closes after this long (from its creation, or as soon as its last member leaves). */
  roomEmptyGraceMs: number;
  /** A request's headers must arrive within this. */
  httpHeadersTimeoutMs: number;
  /** A request's body must arrive within this, except on upload routes. */
  httpRequestTimeoutMs: number;
  /** A large upload (publishing media) must arrive within this; also the server's own bound on every request. */
  httpUploadTimeoutMs: number;
  /** An idle keep-alive connection is closed after this. */
  httpKeepAliveTimeoutMs: number;
  /** Connections (WebSockets included) beyond this are refused. */
  httpMaxConnections: number;
  /** How often each instance looks for due background jobs. */
  jobsPollMs: number;
  /** SMTP server for email (smtp:// or smtps://, with credentials in the URL); email is off when unset. */
  smtpUrl?: string;
  /** The From of every email. */
  mailFrom: string;
  /** VAPID keys for Web Push; generated once and kept in the database when unset. */
  vapid?: { publicKey: string; privateKey: string };
  /** Who push services may contact about this sender (mailto: or https:); PUBLIC_ORIGIN or a mailto of MAIL_FROM by default. */
  vapidSubject?: string;
  /** coturn with the TURN REST API's shared secret: each member gets credentials valid for ttlMs (decision 0015). */
  turn?: { urls: string[]; secret: string; ttlMs: number };
  /** `relay` keeps members' addresses from each other: every call goes through TURN. */
  iceTransportPolicy: "all" | "relay";
  /** Janus VideoRoom for rooms past `videoThreshold` cameras: the platform's URL, the browsers' URL, the admin key. */
  sfu?: { janusUrl: string; publicUrl: string; adminKey: string; videoThreshold: number };
  /** Who receives RTMP: ffmpeg supervised by the app, nginx-rtmp calling the publish hooks, or nobody (decision 0014). */
  liveIngest: "ffmpeg" | "nginx" | "off";
  /** Where the ffmpeg listeners bind: the first stream on rtmpPort, the next on rtmpPort + 1, and so on. */
  rtmpHost: string;
  rtmpPort: number;
  /** The RTMP address shown to admins for their encoder; built from PUBLIC_ORIGIN's host and RTMP_PORT when unset. */
  rtmpPublicUrl?: string;
  /** nginx-rtmp's application, from which the packager reads a stream nginx authorized. */
  nginxRtmpUrl: string;
  ffmpegPath: string;
  /** HLS segment length and how many segments the rolling playlist keeps. */
  liveSegmentSeconds: number;
  liveWindowSegments: number;
  /** A broadcast whose newest segment is older than this is not live (the encoder stalled). */
  liveStallMs: number;
};

export class ConfigError extends Error {}

/** Parses the environment; a wrong value throws one line naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== ""));
  const result = checkedEnvSchema.safeParse(cleaned);
  if (!result.success) {
    const [issue] = result.error.issues;
    throw new ConfigError(issue ? `Invalid configuration: ${issue.path.join(".")} ${issue.message}` : "Invalid configuration");
  }
  const parsed = result.data;
  const dataDir = path.resolve(parsed.DATA_DIR);
  return {
    env: parsed.NODE_ENV,
    port: parsed.PORT,
    host: parsed.HOST,
    dataDir,
    mediaDir: path.resolve(parsed.MEDIA_DIR ?? path.join(dataDir, "media")),
    databaseUrl: parsed.DATABASE_URL,
    redisUrl: parsed.REDIS_URL,
    redisPrefix: parsed.REDIS_PREFIX,
    // Only the origin: "https://church.example.org/" and "https://church.example.org" name the same site.
    publicOrigin: parsed.PUBLIC_ORIGIN === undefined ? undefined : new URL(parsed.PUBLIC_ORIGIN).origin,
    cookieSecure: parsed.COOKIE_SECURE,
    trustProxy: parsed.TRUST_PROXY,
    seedDemo: parsed.SEED_DEMO,
    iceServers: parsed.ICE_SERVERS,
    sessionIdleMs: parsed.SESSION_IDLE_HOURS * 3_600_000,
    sessionRememberMs: parsed.SESSION_REMEMBER_DAYS * 86_400_000,
    sessionAbsoluteMs: parsed.SESSION_ABSOLUTE_DAYS * 86_400_000,
    housekeepingIntervalMs: Math.round(parsed.HOUSEKEEPING_INTERVAL_SECONDS * 1000),
    logLevel: parsed.LOG_LEVEL,
    loginMaxFailures: parsed.LOGIN_MAX_FAILURES,
    loginWindowMs: parsed.LOGIN_WINDOW_SECONDS * 1000,
    loginAccountPerMinute: parsed.LOGIN_ACCOUNT_PER_MINUTE,
    loginAddressPerMinute: parsed.LOGIN_ADDRESS_PER_MINUTE,
    registerMaxPerHour: parsed.REGISTER_MAX_PER_HOUR,
    liveMaxConnectionsPerMember: parsed.LIVE_MAX_CONNECTIONS_PER_MEMBER,
    liveLeaseMs: parsed.LIVE_LEASE_SECONDS * 1000,
    roomCreateLimit: parsed.ROOM_CREATE_LIMIT,
    roomCreateWindowMs: parsed.ROOM_CREATE_WINDOW_SECONDS * 1000,
    roomLookupLimit: parsed.ROOM_LOOKUP_LIMIT,
    roomLookupWindowMs: parsed.ROOM_LOOKUP_WINDOW_SECONDS * 1000,
    roomJoinAddressLimit: parsed.ROOM_JOIN_ADDRESS_LIMIT,
    roomLobbyDefault: parsed.ROOM_LOBBY_DEFAULT === "true",
    roomEmptyGraceMs: parsed.ROOM_EMPTY_GRACE_SECONDS * 1000,
    httpHeadersTimeoutMs: Math.round(parsed.HTTP_HEADERS_TIMEOUT_SECONDS * 1000),
    httpRequestTimeoutMs: Math.round(parsed.HTTP_REQUEST_TIMEOUT_SECONDS * 1000),
    // Never shorter than the ordinary request timeout: it is the server-wide bound the ordinary one works within.
    httpUploadTimeoutMs: Math.round(Math.max(parsed.HTTP_UPLOAD_TIMEOUT_SECONDS, parsed.HTTP_REQUEST_TIMEOUT_SECONDS) * 1000),
    httpKeepAliveTimeoutMs: Math.round(parsed.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000),
    httpMaxConnections: parsed.HTTP_MAX_CONNECTIONS,
    jobsPollMs: Math.round(parsed.JOBS_POLL_SECONDS * 1000),
    smtpUrl: parsed.SMTP_URL,
    mailFrom: parsed.MAIL_FROM,
    vapid:
      parsed.VAPID_PUBLIC_KEY && parsed.VAPID_PRIVATE_KEY
        ? { publicKey: parsed.VAPID_PUBLIC_KEY, privateKey: parsed.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: parsed.VAPID_SUBJECT,
    turn:
      parsed.TURN_URLS && parsed.TURN_SECRET
        ? { urls: parsed.TURN_URLS, secret: parsed.TURN_SECRET, ttlMs: parsed.TURN_TTL_SECONDS * 1000 }
        : undefined,
    iceTransportPolicy: parsed.ICE_TRANSPORT_POLICY,
    sfu:
      parsed.JANUS_URL && parsed.JANUS_ADMIN_KEY
        ? {
            janusUrl: parsed.JANUS_URL,
            publicUrl: parsed.JANUS_PUBLIC_URL ?? parsed.JANUS_URL,
            adminKey: parsed.JANUS_ADMIN_KEY,
            videoThreshold: parsed.SFU_VIDEO_THRESHOLD,
          }
        : undefined,
    liveIngest: parsed.LIVE_INGEST,
    rtmpHost: parsed.RTMP_HOST,
    rtmpPort: parsed.RTMP_PORT,
    rtmpPublicUrl: parsed.RTMP_PUBLIC_URL,
    nginxRtmpUrl: parsed.NGINX_RTMP_URL.replace(/\/+$/, ""),
    ffmpegPath: parsed.FFMPEG_PATH,
    liveSegmentSeconds: parsed.LIVE_SEGMENT_SECONDS,
    liveWindowSegments: parsed.LIVE_WINDOW_SEGMENTS,
    liveStallMs: Math.round(parsed.LIVE_STALL_SECONDS * 1000),
  };
}
