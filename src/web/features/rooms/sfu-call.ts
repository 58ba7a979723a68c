import type { IceServers } from "@shared/contracts/rooms";
import { type JanusHandle, JanusSession, type PluginData } from "./janus-session";

/*
 * A member's call through Janus VideoRoom (decision 0018): one peer connection publishing the member's microphone
 * and camera (the camera in three simulcast layers), and one receiving connection per other member. Each
 * receiving connection asks Janus for the layer its tile needs (`substream`); Janus forwards only that layer.
 * Members are told apart by their platform id, which each publisher gives as its display name.
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
type Subscription = { feed: number; userId: number; handle: JanusHandle; pc: RTCPeerConnection; videoMid?: string; substream: Substream };

export interface SfuCallEvents {
  /** A member's stream from the SFU (null when they stopped publishing). */
  onStream(userId: number, stream: MediaStream | null): void;
  /** The call can't go on (Janus gone, refused the token). */
  onFailed(error: Error): void;
}

const configurationFor = (ice: IceServers | undefined): RTCConfiguration =>
  ice ? { iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy } : {};

export class SfuCall {
  private session: JanusSession | null = null;
  private publisher: JanusHandle | null = null;
  private publisherPc: RTCPeerConnection | null = null;
  private privateId: number | undefined;
  private readonly subscriptions = new Map<number, Subscription>();
  private readonly wanted = new Map<number, Substream>();
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
    publisher.onEvent = (event) => this.handlePublisherEvent(event.plugindata?.data);
    const joined = await publisher.message({
      request: "join",
      ptype: "publisher",
      room: this.join.room,
      display: String(this.join.userId),
      token: this.join.token,
    });
    const data = joined.plugindata.data;
    this.privateId = data.private_id as number | undefined;

    if (stream) await this.publish(publisher, stream, videoTrack);
    for (const other of (data.publishers as Publisher[] | undefined) ?? []) void this.subscribe(other);
  }

  private async publish(publisher: JanusHandle, stream: MediaStream, videoTrack: MediaStreamTrack | null) {
    const pc = new RTCPeerConnection(configurationFor(this.join.ice));
    this.publisherPc = pc;
    pc.onicecandidate = (event) => publisher.trickle(event.candidate);
    const audio = stream.getAudioTracks()[0];
    if (audio) pc.addTransceiver(audio, { direction: "sendonly", streams: [stream] });
    const video = videoTrack ?? stream.getVideoTracks()[0];
    if (video) {
      pc.addTransceiver(video, {
        direction: "sendonly",
        streams: [stream],
        sendEncodings: SIMULCAST_ENCODINGS.map((encoding) => ({ ...encoding })),
      });
    }
    const offer = await pc.createOffer();
    await pc.setLocalDescription(offer);
    const answer = await publisher.message({ request: "publish", audio: Boolean(audio), video: Boolean(video) }, offer);
    if (!answer.jsep) throw new Error("Janus gave no answer to the published media");
    await pc.setRemoteDescription(answer.jsep);
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

  private async subscribe(publisher: Publisher) {
    const userId = Number(publisher.display);
    if (!this.session || this.closed || !Number.isInteger(userId) || userId === this.join.userId) return;
    if (this.subscriptions.has(publisher.id)) return;
    // A member who published again (e.g. after a dropped link) replaces their old feed.
    for (const old of this.subscriptions.values()) if (old.userId === userId) this.unsubscribe(old.feed, false);
    const handle = await this.session.attach();
    const pc = new RTCPeerConnection(configurationFor(this.join.ice));
    const substream = this.wanted.get(userId) ?? 0;
    const subscription: Subscription = { feed: publisher.id, userId, handle, pc, substream };
    this.subscriptions.set(publisher.id, subscription);
    pc.onicecandidate = (event) => handle.trickle(event.candidate);
    const remote = new MediaStream();
    pc.ontrack = (event) => {
      remote.addTrack(event.track);
      this.events.onStream(userId, remote);
    };
    handle.onEvent = (event) => {
      const data = event.plugindata?.data;
      if (data?.videoroom === "event" && data.error_code) console.warn("Janus subscription trouble", data.error);
    };
    try {
      const attached = await handle.message({
        request: "join",
        ptype: "subscriber",
        room: this.join.room,
        streams: [{ feed: publisher.id, substream }],
        ...(this.privateId ? { private_id: this.privateId } : {}),
        token: this.join.token,
      });
      const streams = (attached.plugindata.data.streams as { type: string; mid: string }[] | undefined) ?? [];
      subscription.videoMid = streams.find((candidate) => candidate.type === "video")?.mid;
      if (!attached.jsep) throw new Error("Janus offered no media");
      await pc.setRemoteDescription(attached.jsep);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      await handle.message({ request: "start" }, answer);
      // The tile may have asked for another layer while the subscription was starting.
      await this.applyLayer(subscription);
    } catch (error) {
      if (this.subscriptions.get(publisher.id) === subscription) this.unsubscribe(publisher.id);
      if (!this.closed) console.warn("Could not receive a member's video through the SFU", error);
    }
  }

  private unsubscribe(feed: number, announce = true) {
    const subscription = this.subscriptions.get(feed);
    if (!subscription) return;
    this.subscriptions.delete(feed);
    subscription.pc.close();
    void subscription.handle.detach();
    const replaced = [...this.subscriptions.values()].some((other) => other.userId === subscription.userId);
    if (announce && !replaced) this.events.onStream(subscription.userId, null);
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
    for (const feed of [...this.subscriptions.keys()]) this.unsubscribe(feed, false);
    this.publisherPc?.close();
    await this.publisher?.message({ request: "leave" }).catch(() => {});
    await this.session?.destroy();
  }
}
