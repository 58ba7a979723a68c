import { useCallback, useEffect, useRef, useState } from "react";
import type { ServerPayload } from "@shared/contracts/live";
import type { IceServers } from "@shared/contracts/rooms";
import { liveLink } from "@web/lib/live";
import { videoBitrateFor } from "./bitrate";
import { type ConnectionQuality, type LinkSample, connectionQuality, sampleFromReports } from "./call-stats";

/** How long an offer held while the room was on the SFU may still be answered. */
const HELD_OFFER_MS = 10_000;

type VideoOffer = ServerPayload<"VIDEO_OFFER">;

/** How often each link's statistics are read for the quality marks and the active speaker. */
const STATS_INTERVAL_MS = 1000;

export type LinkStats = { quality: ConnectionQuality; audioLevel: number };

/** What RTCPeerConnection is given: the platform's ICE servers, and relay-only when the deployment asks for it. */
export function rtcConfiguration(ice: IceServers): RTCConfiguration {
  return { iceServers: ice.iceServers, iceTransportPolicy: ice.iceTransportPolicy };
}

/**
 * WebRTC in a mesh: one RTCPeerConnection per other member. The newcomer offers to every member already
 * present (spec §4); answers and ICE candidates travel over the live link, relayed only within the room.
 */
export function usePeerMesh(
  roomCode: string,
  localStream: MediaStream | null,
  ice: IceServers | undefined,
  /** False while the room goes through the SFU: offers wait (a while) instead of opening links (decision 0018). */
  acceptOffers: () => boolean = () => true,
) {
  const peers = useRef(new Map<number, RTCPeerConnection>());
  const pendingCandidates = useRef(new Map<number, RTCIceCandidateInit[]>());
  const [remoteStreams, setRemoteStreams] = useState<Record<number, MediaStream>>({});
  const [linkStats, setLinkStats] = useState<Record<number, LinkStats>>({});
  const [localAudioLevel, setLocalAudioLevel] = useState(0);
  /** A shared screen, sent instead of the camera while it lasts. */
  const screenRef = useRef<MediaStreamTrack | null>(null);
  const streamRef = useRef(localStream);
  streamRef.current = localStream;
  const iceRef = useRef(ice);
  iceRef.current = ice;
  const acceptRef = useRef(acceptOffers);
  acceptRef.current = acceptOffers;
  /** Offers that came while the room was on the SFU, in case it moves back to the mesh soon after. */
  const heldOffers = useRef(new Map<number, { at: number; payload: VideoOffer }>());

  // Fresh TURN credentials reach the open links too, for their next ICE restart.
  useEffect(() => {
    if (!ice) return;
    for (const pc of peers.current.values()) pc.setConfiguration(rtcConfiguration(ice));
  }, [ice]);

  const connectionFor = useCallback(
    (userId: number) => {
      const existing = peers.current.get(userId);
      if (existing) return existing;
      const pc = new RTCPeerConnection(iceRef.current ? rtcConfiguration(iceRef.current) : {});
      peers.current.set(userId, pc);
      const stream = streamRef.current;
      if (stream) {
        for (const track of stream.getTracks())
          pc.addTrack(track.kind === "video" && screenRef.current ? screenRef.current : track, stream);
      } else {
        // Without a camera the member still receives everyone else's audio and video.
        pc.addTransceiver("video", { direction: "recvonly" });
        pc.addTransceiver("audio", { direction: "recvonly" });
      }
      pc.onicecandidate = (event) => {
        if (event.candidate)
          liveLink.send("NEW_ICE_CANDIDATE", { roomCode, targetUserId: userId, candidate: event.candidate.toJSON() as never });
      };
      pc.ontrack = (event) => {
        const remote = event.streams[0] ?? new MediaStream([event.track]);
        setRemoteStreams((current) => ({ ...current, [userId]: remote }));
      };
      return pc;
    },
    [roomCode],
  );

  const flushCandidates = async (userId: number, pc: RTCPeerConnection) => {
    for (const candidate of pendingCandidates.current.get(userId) ?? []) await pc.addIceCandidate(candidate).catch(() => {});
    pendingCandidates.current.delete(userId);
  };

  /** As the newcomer: offer to a member already in the room. */
  const offerTo = useCallback(
    async (userId: number) => {
      const pc = connectionFor(userId);
      const offer = await pc.createOffer();
      await pc.setLocalDescription(offer);
      liveLink.send("VIDEO_OFFER", { roomCode, targetUserId: userId, offer: { type: "offer", sdp: offer.sdp ?? "" } });
    },
    [connectionFor, roomCode],
  );

  const disconnect = useCallback((userId: number) => {
    peers.current.get(userId)?.close();
    peers.current.delete(userId);
    pendingCandidates.current.delete(userId);
    setRemoteStreams((current) => {
      const { [userId]: _gone, ...rest } = current;
      return rest;
    });
  }, []);

  const answerOffer = useCallback(
    async (payload: VideoOffer) => {
      const pc = connectionFor(payload.fromUserId);
      await pc.setRemoteDescription(payload.offer);
      await flushCandidates(payload.fromUserId, pc);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription(answer);
      liveLink.send("VIDEO_ANSWER", { roomCode, targetUserId: payload.fromUserId, answer: { type: "answer", sdp: answer.sdp ?? "" } });
    },
    [connectionFor, roomCode],
  );

  /** Answers the offers held while the room was on the SFU, if they are recent enough to still be awaited. */
  const replayHeldOffers = useCallback(() => {
    const held = [...heldOffers.current.values()];
    heldOffers.current.clear();
    for (const { at, payload } of held) {
      if (Date.now() - at > HELD_OFFER_MS) continue;
      answerOffer(payload).catch((error: unknown) => console.error("Could not answer a member's video", error));
    }
  }, [answerOffer]);

  useEffect(() => {
    const offers = liveLink.on("VIDEO_OFFER", async (payload) => {
      if (payload.roomCode !== roomCode) return;
      if (!acceptRef.current()) {
        heldOffers.current.set(payload.fromUserId, { at: Date.now(), payload });
        return;
      }
      await answerOffer(payload);
    });
    const answers = liveLink.on("VIDEO_ANSWER", async (payload) => {
      if (payload.roomCode !== roomCode) return;
      const pc = peers.current.get(payload.fromUserId);
      if (!pc || pc.signalingState !== "have-local-offer") return;
      await pc.setRemoteDescription(payload.answer);
      await flushCandidates(payload.fromUserId, pc);
    });
    const candidates = liveLink.on("NEW_ICE_CANDIDATE", async (payload) => {
      if (payload.roomCode !== roomCode) return;
      const pc = peers.current.get(payload.fromUserId);
      if (!pc || !pc.remoteDescription) {
        const queue = pendingCandidates.current.get(payload.fromUserId) ?? [];
        queue.push(payload.candidate as RTCIceCandidateInit);
        pendingCandidates.current.set(payload.fromUserId, queue);
        return;
      }
      await pc.addIceCandidate(payload.candidate as RTCIceCandidateInit).catch(() => {});
    });
    const all = peers.current;
    return () => {
      offers();
      answers();
      candidates();
      for (const pc of all.values()) pc.close();
      all.clear();
    };
  }, [roomCode, answerOffer]);

  /** Caps every outgoing video stream to what the room's size allows. */
  const applyBitrate = useCallback((otherMembers: number) => {
    const maxBitrate = videoBitrateFor(otherMembers);
    for (const pc of peers.current.values()) {
      for (const sender of pc.getSenders()) {
        if (sender.track?.kind !== "video") continue;
        const parameters = sender.getParameters();
        const [encoding] = parameters.encodings ?? [];
        if (!encoding) continue;
        encoding.maxBitrate = maxBitrate;
        void sender.setParameters(parameters).catch(() => {});
      }
    }
  }, []);

  /** Sends another track of this kind on every link (a new camera or microphone, or a shared screen), without renegotiating. */
  const replaceOutgoingTrack = useCallback((kind: "video" | "audio", track: MediaStreamTrack | null) => {
    for (const pc of peers.current.values()) {
      for (const transceiver of pc.getTransceivers()) {
        if (transceiver.receiver.track.kind !== kind || transceiver.direction === "recvonly" || transceiver.direction === "inactive")
          continue;
        void transceiver.sender.replaceTrack(track).catch(() => {});
      }
    }
  }, []);

  /** Starts (a track) or stops (null) sending a shared screen in place of the camera. */
  const shareScreen = useCallback(
    (track: MediaStreamTrack | null) => {
      screenRef.current = track;
      replaceOutgoingTrack("video", track ?? streamRef.current?.getVideoTracks()[0] ?? null);
    },
    [replaceOutgoingTrack],
  );

  useEffect(() => {
    const previous = new Map<number, LinkSample>();
    let running = false;
    const timer = setInterval(() => {
      if (running) return;
      running = true;
      void (async () => {
        const next: Record<number, LinkStats> = {};
        let local = 0;
        for (const [userId, pc] of peers.current) {
          if (pc.connectionState === "closed") continue;
          const reports = [...(await pc.getStats()).values()] as { type: string; [key: string]: unknown }[];
          const sample = sampleFromReports(reports, Date.now());
          next[userId] = { quality: connectionQuality(previous.get(userId), sample), audioLevel: sample.audioLevel };
          previous.set(userId, sample);
          for (const report of reports) {
            if (report.type === "media-source" && report.kind === "audio" && typeof report.audioLevel === "number") {
              local = Math.max(local, report.audioLevel);
            }
          }
        }
        for (const userId of previous.keys()) if (!peers.current.has(userId)) previous.delete(userId);
        setLinkStats(next);
        setLocalAudioLevel(local);
      })()
        .catch(() => {})
        .finally(() => {
          running = false;
        });
    }, STATS_INTERVAL_MS);
    return () => clearInterval(timer);
  }, []);

  /** Closes every link (the room moved to the SFU). */
  const disconnectAll = useCallback(() => {
    for (const userId of [...peers.current.keys()]) disconnect(userId);
  }, [disconnect]);

  return {
    remoteStreams,
    offerTo,
    disconnect,
    disconnectAll,
    replayHeldOffers,
    applyBitrate,
    replaceOutgoingTrack,
    shareScreen,
    linkStats,
    localAudioLevel,
  };
}
