import type { IceServers } from "@shared/contracts/rooms";
import { JanusError, type JanusHandle, JanusSession, type PluginData } from "./janus-session";

/*
 * A member's call through Janus VideoRoom (decision 0018): one peer connection publishing the member's microphone
 * and camera (the camera in three simulcast layers), and one receiving connection per other member. Each
 * receiving connection asks Janus for the layer its tile needs (`substream`); Janus forwards only that layer.
 * Members are told apart by their platform id, which each publisher gives as its display name.
 *
 * A receiving connection that fails, or shows no video frame some seconds after it started, is made again, and so is
 * one Janus did not set up (a request that timed out on a busy machine): waiting longer shows a member nothing. The
 * same holds for the member's own video: when Janus has not said it receives it some seconds after it was published,
 * the member publishes again, on a new connection, and the others subscribe to the new feed.
 */

/**
 * Simulcast layers, highest first ("hml", Janus's default order): full size, half, quarter. Together they stay under
 * the Janus room's cap (1.2 Mbit/s), so the full-size layer is not starved.
 */
export const SIMULCAST_ENCODINGS: RTCRtpEncodingParameters[] = [
  { rid: "h", maxBitrate: 700_000 },
  { rid: "m", maxBitrate: 300_000, scaleResolutionDownBy: 2 },
  { rid: "l", maxBitrate: 100_000, scaleResolutionDownBy: 4 },
];

/** Janus's substream numbers: 0 the smallest layer, 2 the largest. */
export type Substream = 0 | 1 | 2;

export interface SfuJoin {
  url: string;
  room: number;
  token: string;
  userId: number;
  ice: IceServers | undefined;
}

type Publisher = { id: number; display?: string };
type Subscription = {
  feed: number;
  userId: number;
  handle: JanusHandle;
  pc: RTCPeerConnection;
  videoMid?: string;
  substream: Substream;
  /** How many times this feed was subscribed again: each try waits twice as long for its first frame. */
  attempt: number;
  watchdog?: ReturnType<typeof setTimeout>;
};

/** How long a new receiving connection may go without a decoded video frame before it is made again. */
export const FIRST_FRAME_MS = 8000;
const RETRY_MAX_MS = 60_000;
/** How long the next try of a feed waits: 8 s, then twice as long each time, up to a minute. */
export const subscriptionPatience = (attempt: number) => Math.min(RETRY_MAX_MS, FIRST_FRAME_MS * 2 ** attempt);
/** Janus's VideoRoom error when the feed is gone (its member stopped publishing or left). */
const NO_SUCH_FEED = 428;

/** Whether a receiving connection has decoded a video frame yet. */
async function decodesVideo(pc: RTCPeerConnection): Promise<boolean> {
  if (pc.connectionState === "closed" || pc.connectionState === "failed") return false;
  const stats = await pc.getStats().catch(() => null);
  let frames = 0;
  stats?.forEach((report: { type: string; kind?: string; framesDecoded?: number }) => {
    if (report.type === "inbound-rtp" && report.kind === "video") frames += report.framesDecoded ?? 0;
  });
  return frames > 0;
}

export interface SfuCallEvents {
  /** A member's stream from the SFU (null when they stopped publishing). */
  onStream(userId: number, stream: MediaStream | null): void;
  /** The call can't go on (Janus gone, refused the token). */
  onFailed(error: Error): void;
}

const configurationFor = (ice: IceServers | undefined): RTCConfiguration =>
  ice ? { iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy } : {};

/**
 * What the member publishes: the stream the tracks belong to, and the track of each kind (undefined when the kind is
 * not published at all, null while it is published without a track).
 */
type Outgoing = { stream: MediaStream; audio?: MediaStreamTrack | null; video?: MediaStreamTrack | null };

export class SfuCall {
  private session: JanusSession | null = null;
  private publisher: JanusHandle | null = null;
  private publisherPc: RTCPeerConnection | null = null;
  /** The stream the member publishes (its tracks are read from the publishing connection's senders). */
  private outgoingStream: MediaStream | null = null;
  /** How many times the member's media was published again; the check after each waits twice as long. */
  private publishAttempt = 0;
  /** Whether Janus said it receives the member's video on the current published connection. */
  private videoArrived = false;
  private publishWatchdog?: ReturnType<typeof setTimeout>;
  private privateId: number | undefined;
  private readonly subscriptions = new Map<number, Subscription>();
  private readonly wanted = new Map<number, Substream>();
  /** Feeds whose subscription is being set up, or waits to be tried again (with the timer of that try). */
  private readonly pending = new Map<number, { userId: number; timer?: ReturnType<typeof setTimeout> }>();
  private closed = false;

  constructor(
    private readonly join: SfuJoin,
    private readonly events: SfuCallEvents,
  ) {}

  /** Joins the Janus room, publishes the member's media and subscribes to everyone already publishing. */
  async start(stream: MediaStream | null, videoTrack: MediaStreamTrack | null) {
    const session = await JanusSession.create(this.join.url);
    this.session = session;
    session.onLost = (error) => {
      if (!this.closed) this.events.onFailed(error);
    };
    if (this.closed) return void session.destroy();
    const publisher = await session.attach();
    this.publisher = publisher;
    publisher.onEvent = (event) => {
      // Janus says so when it starts (or stops) receiving a kind of media on this handle.
      if (event.janus === "media" && event.type === "video" && event.receiving === true) this.videoArrived = true;
      this.handlePublisherEvent(event.plugindata?.data);
    };
    const joined = await publisher.message({
      request: "join",
      ptype: "publisher",
      room: this.join.room,
      display: String(this.join.userId),
      token: this.join.token,
    });
    const data = joined.plugindata.data;
    this.privateId = data.private_id as number | undefined;

    if (stream) {
      this.outgoingStream = stream;
      await this.publish(publisher, { stream, audio: stream.getAudioTracks()[0], video: videoTrack ?? stream.getVideoTracks()[0] });
    }
    for (const other of (data.publishers as Publisher[] | undefined) ?? []) void this.subscribe(other);
  }

  private async publish(publisher: JanusHandle, { stream, audio, video }: Outgoing) {
    const pc = new RTCPeerConnection(configurationFor(this.join.ice));
    this.publisherPc = pc;
    this.videoArrived = false;
    pc.onicecandidate = (event) => publisher.trickle(event.candidate);
    // Nobody receives this member any more: the call starts over (through the mesh first, as any failure does).
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === "failed" && !this.closed) this.events.onFailed(new Error("The published connection failed"));
    };
    if (audio !== undefined) pc.addTransceiver(audio ?? "audio", { direction: "sendonly", streams: [stream] });
    if (video !== undefined) {
      pc.addTransceiver(video ?? "video", {
        direction: "sendonly",
        streams: [stream],
        sendEncodings: SIMULCAST_ENCODINGS.map((encoding) => ({ ...encoding })),
      });
    }
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    const answer = await publisher.message({ request: "publish", audio: audio !== undefined, video: video !== undefined }, offer);
    if (!answer.jsep) throw new Error("Janus gave no answer to the published media");
    await pc.setRemoteDescription(answer.jsep);
    if (video) this.watchPublished(pc);
  }

  /** Checks, once the published connection had time for it, that Janus receives the video; if not, publishes again. */
  private watchPublished(pc: RTCPeerConnection) {
    clearTimeout(this.publishWatchdog);
    this.publishWatchdog = setTimeout(() => {
      if (this.closed || this.publisherPc !== pc || this.videoArrived) return;
      console.warn("Janus received none of this member's video; publishing again");
      this.publishAttempt += 1;
      void this.republish().catch((error: unknown) => {
        if (!this.closed) this.events.onFailed(error instanceof Error ? error : new Error(String(error)));
      });
    }, subscriptionPatience(this.publishAttempt));
  }

  /**
   * Replaces the published connection with a new one sending the same tracks (a shared screen or another camera
   * included); the others see the old feed go and the new one come.
   */
  private async republish() {
    const publisher = this.publisher;
    const old = this.publisherPc;
    if (!publisher || !old || !this.outgoingStream) return;
    const outgoing: Outgoing = { stream: this.outgoingStream };
    for (const transceiver of old.getTransceivers()) {
      const kind = transceiver.receiver.track.kind as "audio" | "video";
      outgoing[kind] = transceiver.sender.track;
    }
    this.publisherPc = null;
    old.onconnectionstatechange = null;
    old.close();
    await publisher.message({ request: "unpublish" }).catch(() => {});
    if (!this.closed) await this.publish(publisher, outgoing);
  }

  private handlePublisherEvent(data: PluginData | undefined) {
    if (!data) return;
    for (const publisher of (data.publishers as Publisher[] | undefined) ?? []) void this.subscribe(publisher);
    for (const key of ["unpublished", "leaving"] as const) {
      const feed = data[key];
      if (typeof feed === "number") this.unsubscribe(feed);
    }
    if (data.videoroom === "destroyed") this.events.onFailed(new Error("The Janus room was closed"));
  }

  private async subscribe(publisher: Publisher, attempt = 0) {
    const userId = Number(publisher.display);
    if (!this.session || this.closed || !Number.isInteger(userId) || userId === this.join.userId) return;
    if (this.subscriptions.has(publisher.id) || this.pending.has(publisher.id)) return;
    // A member who published again (e.g. after a dropped link) replaces their old feed.
    for (const [feed, old] of [...this.subscriptions, ...this.pending]) if (old.userId === userId) this.unsubscribe(feed, false);
    const pending = { userId };
    this.pending.set(publisher.id, pending);
    let subscription: Subscription | undefined;
    try {
      const handle = await this.session.attach();
      // The member left, or the call ended, while the handle was being made.
      if (this.closed || this.pending.get(publisher.id) !== pending) return void handle.detach();
      const pc = new RTCPeerConnection(configurationFor(this.join.ice));
      subscription = { feed: publisher.id, userId, handle, pc, substream: this.wanted.get(userId) ?? 0, attempt };
      const current = subscription;
      this.pending.delete(publisher.id);
      this.subscriptions.set(publisher.id, current);
      pc.onicecandidate = (event) => handle.trickle(event.candidate);
      pc.onconnectionstatechange = () => {
        if (pc.connectionState === "failed") this.retry(current, "lost its connection");
      };
      const remote = new MediaStream();
      pc.ontrack = (event) => {
        remote.addTrack(event.track);
        this.events.onStream(userId, remote);
      };
      handle.onEvent = (event) => {
        const data = event.plugindata?.data;
        if (data?.videoroom === "event" && data.error_code) console.warn("Janus subscription trouble", data.error);
      };
      const attached = await handle.message({
        request: "join",
        ptype: "subscriber",
        room: this.join.room,
        streams: [{ feed: publisher.id, substream: current.substream }],
        ...(this.privateId ? { private_id: this.privateId } : {}),
        token: this.join.token,
      });
      const streams = (attached.plugindata.data.streams as { type: string; mid: string }[] | undefined) ?? [];
      current.videoMid = streams.find((candidate) => candidate.type === "video")?.mid;
      if (!attached.jsep) throw new JanusError("Janus offered no media");
      await pc.setRemoteDescription(attached.jsep);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      await handle.message({ request: "start" }, answer);
      // The tile may have asked for another layer while the subscription was starting.
      await this.applyLayer(current);
      if (current.videoMid) this.watch(current);
    } catch (error) {
      if (this.closed) return;
      const mine = subscription ? this.subscriptions.get(publisher.id) === subscription : this.pending.get(publisher.id) === pending;
      if (!mine) return;
      // The member stopped publishing meanwhile: their tile has nothing to show.
      if (error instanceof JanusError && error.code === NO_SUCH_FEED) return this.unsubscribe(publisher.id);
      console.warn("Could not receive a member's video through the SFU; trying again", error);
      this.later(publisher, attempt);
    }
  }

  /** Checks, once the new connection had time for it, that video frames arrive; if none has, subscribes again. */
  private watch(subscription: Subscription) {
    subscription.watchdog = setTimeout(() => {
      void decodesVideo(subscription.pc).then((decoding) => {
        if (!decoding) this.retry(subscription, "showed no frame");
      });
    }, subscriptionPatience(subscription.attempt));
  }

  /** Drops a subscription that carries nothing and makes it again. */
  private retry(subscription: Subscription, what: string) {
    if (this.closed || this.subscriptions.get(subscription.feed) !== subscription) return;
    console.warn(`A member's video through the SFU ${what}; subscribing again`);
    this.unsubscribe(subscription.feed, false);
    void this.subscribe({ id: subscription.feed, display: String(subscription.userId) }, subscription.attempt + 1);
  }

  /** Subscribes to a feed again after a pause that grows with each failed try. */
  private later(publisher: Publisher, attempt: number) {
    const feed = publisher.id;
    const failed = this.subscriptions.get(feed);
    if (failed) this.drop(failed);
    const timer = setTimeout(
      () => {
        this.pending.delete(feed);
        void this.subscribe(publisher, attempt + 1);
      },
      subscriptionPatience(attempt) / 4,
    );
    this.pending.set(feed, { userId: Number(publisher.display), timer });
  }

  /** Closes a subscription's connection and its Janus handle. */
  private drop(subscription: Subscription) {
    this.subscriptions.delete(subscription.feed);
    clearTimeout(subscription.watchdog);
    subscription.pc.onconnectionstatechange = null;
    subscription.pc.close();
    void subscription.handle.detach();
  }

  private unsubscribe(feed: number, announce = true) {
    const pending = this.pending.get(feed);
    this.pending.delete(feed);
    clearTimeout(pending?.timer);
    const subscription = this.subscriptions.get(feed);
    if (subscription) this.drop(subscription);
    const userId = subscription?.userId ?? pending?.userId;
    if (userId === undefined) return;
    const replaced = [...this.subscriptions.values()].some((other) => other.userId === userId);
    if (announce && !replaced) this.events.onStream(userId, null);
  }

  private async applyLayer(subscription: Subscription) {
    const substream = this.wanted.get(subscription.userId) ?? subscription.substream;
    if (substream === subscription.substream || !subscription.videoMid) return;
    subscription.substream = substream;
    await subscription.handle.message({ request: "configure", streams: [{ mid: subscription.videoMid, substream }] }).catch(() => {});
  }

  /** Asks Janus for the layer this member's tile needs. */
  setLayer(userId: number, substream: Substream) {
    this.wanted.set(userId, substream);
    for (const subscription of this.subscriptions.values()) if (subscription.userId === userId) void this.applyLayer(subscription);
  }

  /** Sends another track of this kind (a new device, or a shared screen), without renegotiating. */
  replaceTrack(kind: "audio" | "video", track: MediaStreamTrack | null) {
    for (const transceiver of this.publisherPc?.getTransceivers() ?? []) {
      if (transceiver.receiver.track.kind === kind) void transceiver.sender.replaceTrack(track).catch(() => {});
    }
  }

  /** The peer connections, for statistics: the publishing one, and the receiving one of each member. */
  connections(): { publisher: RTCPeerConnection | null; receivers: Map<number, RTCPeerConnection> } {
    const receivers = new Map<number, RTCPeerConnection>();
    for (const subscription of this.subscriptions.values()) receivers.set(subscription.userId, subscription.pc);
    return { publisher: this.publisherPc, receivers };
  }

  /** Leaves the Janus room: every connection closes, the session ends. */
  async stop() {
    this.closed = true;
    clearTimeout(this.publishWatchdog);
    for (const feed of [...this.subscriptions.keys(), ...this.pending.keys()]) this.unsubscribe(feed, false);
    this.publisherPc?.close();
    await this.publisher?.message({ request: "leave" }).catch(() => {});
    await this.session?.destroy();
  }
}
