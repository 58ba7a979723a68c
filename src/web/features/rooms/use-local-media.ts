import { type Dispatch, useCallback, useEffect, useRef, useState } from "react";
import { messages as texts } from "@shared/messages";
import { toast } from "@web/lib/use-toast";
import type { RoomAction } from "./room-state";

export type DeviceKind = "video" | "audio";
export type DeviceChoice = { deviceId: string; label: string };

/**
 * The member's camera and microphone, asked for on entering the room so the offers carry them; a refusal
 * (or a browser without media devices) still lets the member listen and chat. Stopped on leaving.
 * The member may pick another camera or microphone: the new track replaces the old one in a new stream,
 * and `onTrackChanged` hands it to the peer links.
 */
export function useLocalMedia(dispatch: Dispatch<RoomAction>, onTrackChanged?: (kind: DeviceKind, track: MediaStreamTrack) => void) {
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<Record<DeviceKind, DeviceChoice[]>>({ video: [], audio: [] });
  const streamRef = useRef<MediaStream | null>(null);
  const changedRef = useRef(onTrackChanged);
  changedRef.current = onTrackChanged;

  const listDevices = useCallback(async () => {
    const all = await navigator.mediaDevices.enumerateDevices();
    const choices = (kind: MediaDeviceKind) =>
      all
        .filter((device) => device.kind === kind && device.deviceId !== "")
        .map((device, index) => ({
          deviceId: device.deviceId,
          label: device.label || `${kind === "videoinput" ? "Camera" : "Microphone"} ${index + 1}`,
        }));
    setDevices({ video: choices("videoinput"), audio: choices("audioinput") });
  }, []);

  useEffect(() => {
    let cancelled = false;
    const refuse = () => {
      toast({ title: texts.mediaAccessTitle, description: texts.mediaAccess, variant: "destructive" });
      dispatch({ type: "mediaRefused" });
    };
    if (!navigator.mediaDevices) {
      refuse();
      return;
    }
    navigator.mediaDevices
      .getUserMedia({ video: true, audio: true })
      .then((granted) => {
        if (cancelled) {
          granted.getTracks().forEach((track) => track.stop());
          return;
        }
        streamRef.current = granted;
        setLocalStream(granted);
        dispatch({ type: "mediaGranted" });
        void listDevices().catch(() => {});
      })
      .catch(() => {
        if (!cancelled) refuse();
      });
    const handleDeviceChange = () => void listDevices().catch(() => {});
    navigator.mediaDevices.addEventListener?.("devicechange", handleDeviceChange);
    return () => {
      cancelled = true;
      navigator.mediaDevices.removeEventListener?.("devicechange", handleDeviceChange);
      streamRef.current?.getTracks().forEach((track) => track.stop());
    };
  }, [dispatch, listDevices]);

  /** Switches to another camera or microphone, keeping whether it was on. */
  const selectDevice = useCallback(async (kind: DeviceKind, deviceId: string) => {
    const current = streamRef.current;
    if (!current) return;
    const fresh = await navigator.mediaDevices.getUserMedia({ [kind]: { deviceId: { exact: deviceId } } });
    const [track] = kind === "video" ? fresh.getVideoTracks() : fresh.getAudioTracks();
    if (!track) return;
    const old = kind === "video" ? current.getVideoTracks() : current.getAudioTracks();
    track.enabled = old[0]?.enabled ?? true;
    old.forEach((oldTrack) => oldTrack.stop());
    const next = new MediaStream([...current.getTracks().filter((candidate) => candidate.kind !== track.kind), track]);
    streamRef.current = next;
    setLocalStream(next);
    changedRef.current?.(kind, track);
  }, []);

  /** The device each kind uses now. */
  const selected: Record<DeviceKind, string | undefined> = {
    video: localStream?.getVideoTracks()[0]?.getSettings().deviceId,
    audio: localStream?.getAudioTracks()[0]?.getSettings().deviceId,
  };

  return { localStream, devices, selected, selectDevice };
}
