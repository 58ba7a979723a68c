/*
 * The browser's side of Janus's plain HTTP transport (decision 0018): a session, plugin handles on it, requests
 * answered either at once or later through the session's long poll, and trickled ICE candidates. Only what the
 * rooms need from the VideoRoom plugin; no React here.
 */

export type JanusJsep = { type: "offer" | "answer"; sdp: string };
export type PluginData = Record<string, unknown> & { videoroom?: string; error?: string; error_code?: number };
export type JanusEvent = {
  janus: string;
  sender?: number;
  transaction?: string;
  plugindata?: { data: PluginData };
  jsep?: JanusJsep;
  /** A "media" event's kind of media, and whether Janus now receives it. */
  type?: string;
  receiving?: boolean;
};
type Waiter = { resolve: (event: JanusEvent) => void; reject: (error: Error) => void };

/** How long an asynchronous VideoRoom request may take before it counts as failed. */
const REQUEST_TIMEOUT_MS = 15_000;
/** Janus ends a session after 60 s without a request; a keep-alive goes out well before. */
const KEEPALIVE_MS = 25_000;

export class JanusError extends Error {
  constructor(
    message: string,
    readonly code?: number,
  ) {
    super(message);
  }
}

let transactions = 0;
const nextTransaction = () => `t${Date.now().toString(36)}${(transactions++).toString(36)}`;

async function post(url: string, body: Record<string, unknown>): Promise<JanusEvent> {
  const response = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  if (!response.ok) throw new JanusError(`Janus answered HTTP ${response.status}`);
  const reply = (await response.json()) as JanusEvent & { data?: { id?: number }; error?: { code: number; reason: string } };
  if (reply.janus === "error") throw new JanusError(reply.error?.reason ?? "Janus refused the request", reply.error?.code);
  return reply;
}

/** A plugin handle: requests to the plugin, trickled candidates, and the events nobody waited for. */
export class JanusHandle {
  /** Events the plugin sends on its own (new publishers, someone leaving, hang-ups). */
  onEvent: (event: JanusEvent) => void = () => {};

  constructor(
    private readonly session: JanusSession,
    readonly id: number,
  ) {}

  private get url() {
    return `${this.session.url}/${this.id}`;
  }

  /** Sends a request to the plugin and resolves with its answer (immediate, or the event it leads to). */
  async message(
    body: Record<string, unknown>,
    jsep?: RTCSessionDescriptionInit,
  ): Promise<JanusEvent & { plugindata: { data: PluginData } }> {
    const transaction = nextTransaction();
    const later = this.session.waitFor(transaction);
    const reply = await post(this.url, { janus: "message", transaction, body, ...(jsep ? { jsep } : {}) }).catch((error: unknown) => {
      this.session.forget(transaction);
      throw error;
    });
    let event: JanusEvent = reply;
    if (reply.janus === "ack") event = await later;
    else this.session.forget(transaction);
    const data = event.plugindata?.data;
    if (!data) throw new JanusError("The plugin gave no answer");
    if (data.error_code) throw new JanusError(String(data.error ?? "The plugin refused the request"), data.error_code);
    return event as JanusEvent & { plugindata: { data: PluginData } };
  }

  /** Hands Janus one ICE candidate, or (null) says gathering has finished. */
  trickle(candidate: RTCIceCandidate | null) {
    const body = candidate
      ? { candidate: candidate.candidate, sdpMid: candidate.sdpMid, sdpMLineIndex: candidate.sdpMLineIndex }
      : { completed: true };
    void post(this.url, { janus: "trickle", transaction: nextTransaction(), candidate: body }).catch(() => {});
  }

  async detach() {
    this.session.handles.delete(this.id);
    await post(this.url, { janus: "detach", transaction: nextTransaction() }).catch(() => {});
  }
}

/** One Janus session over HTTP, kept alive and long-polled until destroyed. */
export class JanusSession {
  readonly handles = new Map<number, JanusHandle>();
  private readonly waiting = new Map<string, Waiter & { timer: ReturnType<typeof setTimeout> }>();
  private closed = false;
  private keepalive: ReturnType<typeof setInterval> | undefined;
  /** Called once if the session is lost (Janus gone or the session timed out). */
  onLost: (error: Error) => void = () => {};

  private constructor(readonly url: string) {}

  static async create(baseUrl: string): Promise<JanusSession> {
    const endpoint = baseUrl.replace(/\/+$/, "");
    const reply = (await post(endpoint, { janus: "create", transaction: nextTransaction() })) as { data?: { id?: number } };
    if (!reply.data?.id) throw new JanusError("Janus gave no session");
    const session = new JanusSession(`${endpoint}/${reply.data.id}`);
    session.keepalive = setInterval(() => {
      post(session.url, { janus: "keepalive", transaction: nextTransaction() }).catch((error: unknown) => session.lose(error));
    }, KEEPALIVE_MS);
    void session.poll();
    return session;
  }

  async attach(plugin = "janus.plugin.videoroom"): Promise<JanusHandle> {
    const reply = (await post(this.url, { janus: "attach", plugin, transaction: nextTransaction() })) as { data?: { id?: number } };
    if (!reply.data?.id) throw new JanusError("Janus gave no handle");
    const handle = new JanusHandle(this, reply.data.id);
    this.handles.set(handle.id, handle);
    return handle;
  }

  waitFor(transaction: string): Promise<JanusEvent> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiting.delete(transaction);
        reject(new JanusError("Janus did not answer in time"));
      }, REQUEST_TIMEOUT_MS);
      this.waiting.set(transaction, { resolve, reject, timer });
    });
  }

  forget(transaction: string) {
    const waiter = this.waiting.get(transaction);
    if (waiter) clearTimeout(waiter.timer);
    this.waiting.delete(transaction);
  }

  private dispatch(event: JanusEvent) {
    const waiter = event.transaction ? this.waiting.get(event.transaction) : undefined;
    if (waiter && event.janus === "event") {
      this.forget(event.transaction!);
      waiter.resolve(event);
      return;
    }
    if (event.sender !== undefined) this.handles.get(event.sender)?.onEvent(event);
  }

  private async poll() {
    let failures = 0;
    while (!this.closed) {
      try {
        const response = await fetch(`${this.url}?maxev=10&rid=${Date.now()}`);
        if (!response.ok) throw new JanusError(`Janus answered HTTP ${response.status}`);
        const body = (await response.json()) as JanusEvent | JanusEvent[];
        failures = 0;
        for (const event of Array.isArray(body) ? body : [body]) {
          if (event.janus === "error") throw new JanusError("The Janus session has ended");
          if (event.janus !== "keepalive") this.dispatch(event);
        }
      } catch (error) {
        if (this.closed) return;
        failures += 1;
        if (failures >= 3 || (error instanceof JanusError && error.message === "The Janus session has ended")) {
          this.lose(error);
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 1000));
      }
    }
  }

  private lose(error: unknown) {
    if (this.closed) return;
    this.stop();
    this.onLost(error instanceof Error ? error : new JanusError(String(error)));
  }

  private stop() {
    this.closed = true;
    clearInterval(this.keepalive);
    for (const [transaction, waiter] of this.waiting) {
      clearTimeout(waiter.timer);
      waiter.reject(new JanusError("The Janus session was closed"));
      this.waiting.delete(transaction);
    }
  }

  async destroy() {
    if (this.closed) return;
    this.stop();
    await post(this.url, { janus: "destroy", transaction: nextTransaction() }).catch(() => {});
  }
}
