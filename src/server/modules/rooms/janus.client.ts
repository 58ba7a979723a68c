import { randomBytes } from "node:crypto";

/**
 * The platform's side of Janus's VideoRoom plugin, over Janus's plain HTTP transport (decision 0015). The platform
 * creates and destroys a room's Janus room and says which tokens may join it; members then publish and subscribe
 * through Janus's own API with their token. Every call opens a short session and closes it, so nothing here needs
 * keep-alives, and any instance can make any call.
 */
export interface JanusRoomOptions {
  /** The Janus room number: the platform's room id. */
  room: number;
  /** The room's secret, which any change to it must give. */
  secret: string;
  description: string;
  /** Publishers at most (the room's seat limit). */
  publishers: number;
}

type JanusReply = {
  janus: string;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { data: Record<string, unknown> & { error?: string; error_code?: number } };
};

export class JanusError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

/** VideoRoom's answer when the room does not exist. */
const NO_SUCH_ROOM = 426;

export function createJanusClient(baseUrl: string, options: { adminKey?: string; timeoutMs?: number } = {}) {
  const endpoint = baseUrl.replace(/\/+$/, "");
  const timeoutMs = options.timeoutMs ?? 5000;

  async function post(path: string, body: Record<string, unknown>): Promise<JanusReply> {
    const response = await fetch(`${endpoint}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ ...body, transaction: randomBytes(8).toString("hex") }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new JanusError(`Janus answered HTTP ${response.status}`);
    const reply = (await response.json()) as JanusReply;
    if (reply.janus === "error") throw new JanusError(reply.error?.reason ?? "Janus refused the request", reply.error?.code);
    return reply;
  }

  /** Runs synchronous VideoRoom requests in one short session. */
  async function withVideoRoom<T>(work: (request: (body: Record<string, unknown>) => Promise<Record<string, unknown>>) => Promise<T>) {
    const session = (await post("", { janus: "create" })).data?.id;
    if (!session) throw new JanusError("Janus gave no session");
    try {
      const handle = (await post(`/${session}`, { janus: "attach", plugin: "janus.plugin.videoroom" })).data?.id;
      if (!handle) throw new JanusError("Janus gave no VideoRoom handle");
      return await work(async (body) => {
        const reply = await post(`/${session}/${handle}`, { janus: "message", body });
        const data = reply.plugindata?.data;
        if (!data) throw new JanusError("VideoRoom gave no answer");
        if (data.error_code) throw new JanusError(String(data.error ?? "VideoRoom refused the request"), data.error_code);
        return data;
      });
    } finally {
      await post(`/${session}`, { janus: "destroy" }).catch(() => {});
    }
  }

  return {
    /** Whether Janus answers at all (for the start-up log line and health). */
    async info() {
      const response = await fetch(`${endpoint}/info`, { signal: AbortSignal.timeout(timeoutMs) });
      return (await response.json()) as { name?: string; version_string?: string };
    },

    /** Creates the room unless it exists, with simulcast-capable VP8 and only the given tokens allowed in. */
    async ensureRoom(room: JanusRoomOptions, tokens: string[]) {
      await withVideoRoom(async (request) => {
        const exists = await request({ request: "exists", room: room.room });
        if (exists.exists === true) {
          if (tokens.length > 0)
            await request({ request: "allowed", room: room.room, secret: room.secret, action: "add", allowed: tokens });
          return;
        }
        await request({
          request: "create",
          room: room.room,
          description: room.description,
          secret: room.secret,
          ...(options.adminKey ? { admin_key: options.adminKey } : {}),
          is_private: true,
          allowed: tokens,
          publishers: room.publishers,
          // Each publisher's top simulcast layer at most; receivers get the layer they can take.
          bitrate: 1_200_000,
          bitrate_cap: true,
          fir_freq: 10,
          videocodec: "vp8",
          audiocodec: "opus",
          audiolevel_event: true,
          notify_joining: true,
          permanent: false,
        });
      });
    },

    /** Lets these tokens into the room, or (action "remove") no longer. */
    async setTokens(room: { room: number; secret: string }, action: "add" | "remove", tokens: string[]) {
      await withVideoRoom((request) => request({ request: "allowed", room: room.room, secret: room.secret, action, allowed: tokens }));
    },

    /** Ends the room in Janus; everyone in it is disconnected. An unknown room is already gone. */
    async destroyRoom(room: { room: number; secret: string }) {
      await withVideoRoom((request) => request({ request: "destroy", room: room.room, secret: room.secret })).catch((error: unknown) => {
        if (!(error instanceof JanusError && error.code === NO_SUCH_ROOM)) throw error;
      });
    },

    /** The rooms Janus holds (tests and diagnostics). */
    async listRooms(): Promise<{ room: number; num_participants: number; max_publishers: number }[]> {
      return withVideoRoom(async (request) => {
        const data = await request({ request: "list", ...(options.adminKey ? { admin_key: options.adminKey } : {}) });
        return (data.list as { room: number; num_participants: number; max_publishers: number }[]) ?? [];
      });
    },
  };
}
export type JanusClient = ReturnType<typeof createJanusClient>;
