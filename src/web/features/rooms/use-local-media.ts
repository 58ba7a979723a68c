import { type Dispatch, useEffect, useState } from "react";
import { messages as texts } from "@shared/messages";
import { toast } from "@web/lib/use-toast";
import type { RoomAction } from "./room-state";

/**
 * The member's camera and microphone, asked for on entering the room so the offers carry them; a refusal
 * (or a browser without media devices) still lets the member listen and chat. Stopped on leaving.
 */
export function useLocalMedia(dispatch: Dispatch<RoomAction>): MediaStream | null {
  const [localStream, setLocalStream] = useState<MediaStream | null>(null);
  useEffect(() => {
    let stream: MediaStream | null = null;
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
        stream = granted;
        if (cancelled) {
          granted.getTracks().forEach((track) => track.stop());
          return;
        }
        setLocalStream(granted);
        dispatch({ type: "mediaGranted" });
      })
      .catch(() => {
        if (!cancelled) refuse();
      });
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [dispatch]);
  return localStream;
}
