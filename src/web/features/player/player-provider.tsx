import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { PLAYER_DEFAULT_VOLUME } from "@shared/constants";
import { messages } from "@shared/messages";
import { useAuth } from "@web/features/auth/use-auth";
import { toast } from "@web/lib/use-toast";
import { recordPlay, savePosition } from "./media-api";
import { type Track, startPosition } from "./track";

/** How often the resume position is saved while playing. */
const SAVE_INTERVAL_MS = 10_000;

export interface PlayerState {
  inlinePlayers: number;
  queue: Track[];
  index: number;
  current: Track | null;
  isPlaying: boolean;
  currentTime: number;
  duration: number;
  volume: number;
  rate: number;
}

export interface PlayerControls {
  /** Marks the track current and playing and records a play (spec §4); `queue` is what next and previous walk. */
  playTrack(track: Track, queue?: Track[]): void;
  toggle(): void;
  pause(): void;
  seek(seconds: number): void;
  setVolume(volume: number): void;
  setRate(rate: number): void;
  next(): void;
  previous(): void;
  /** Stops and forgets the current track. */
  close(): void;
  /** A page's own full player registers itself while shown, so the bottom bar steps aside. */
  registerInlinePlayer(): () => void;
}

const PlayerContext = createContext<(PlayerState & PlayerControls) | null>(null);

/**
 * One audio element for the whole app, so playback continues while the member moves between pages.
 * Spec §4: play and pause toggle; at the end it returns to paused at 0; a new source starts paused;
 * a failed play shows the Playback Error toast. Beyond the spec: a queue, playback speed, resume
 * positions saved for signed-in members, and Media Session metadata and controls.
 */
export function PlayerProvider({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const signedIn = Boolean(user);
  const audioRef = useRef<HTMLAudioElement>(null);
  const [queue, setQueue] = useState<Track[]>([]);
  const [index, setIndex] = useState(0);
  const [isPlaying, setIsPlaying] = useState(false);
  const [currentTime, setCurrentTime] = useState(0);
  const [duration, setDuration] = useState(0);
  const [volume, setVolumeState] = useState(PLAYER_DEFAULT_VOLUME);
  const [rate, setRateState] = useState(1);
  const [inlinePlayers, setInlinePlayers] = useState(0);
  const current = queue[index] ?? null;
  const pendingSeek = useRef<number | null>(null);
  /** The track whose source the audio element holds; positions are saved for it, not for whatever renders next. */
  const loadedTrack = useRef<Track | null>(null);
  const lastSaved = useRef(0);

  const showPlaybackError = useCallback(() => {
    toast({ title: messages.playbackErrorTitle, description: messages.playbackError, variant: "destructive" });
  }, []);

  const play = useCallback(() => {
    const audio = audioRef.current;
    if (!audio) return;
    audio.play().catch((error: unknown) => {
      // A pause() or a new source interrupting play() is not a failure.
      if (error instanceof DOMException && error.name === "AbortError") return;
      setIsPlaying(false);
      showPlaybackError();
    });
  }, [showPlaybackError]);

  const persistPosition = useCallback(() => {
    const audio = audioRef.current;
    const track = loadedTrack.current;
    if (!signedIn || !track || !audio) return;
    lastSaved.current = Date.now();
    savePosition(track.id, audio.currentTime);
  }, [signedIn]);

  /** Loads a track paused (spec §4: a new source resets to paused), positioned where it resumes. */
  const load = useCallback((track: Track) => {
    const audio = audioRef.current;
    if (!audio) return;
    setIsPlaying(false);
    setCurrentTime(0);
    setDuration(track.duration);
    pendingSeek.current = startPosition(track);
    loadedTrack.current = track;
    audio.src = track.audioSrc;
    audio.load();
  }, []);

  const playTrack = useCallback(
    (track: Track, nextQueue?: Track[]) => {
      const list = nextQueue && nextQueue.some((item) => item.id === track.id) ? nextQueue : [track];
      persistPosition();
      setQueue(list);
      setIndex(list.findIndex((item) => item.id === track.id));
      const audio = audioRef.current;
      if (current?.id === track.id && audio && audio.src) {
        play();
      } else {
        load(track);
        play();
      }
      recordPlay(track.id, startPosition(track) || undefined);
    },
    [current, load, play, persistPosition],
  );

  const goTo = useCallback(
    (nextIndex: number) => {
      const track = queue[nextIndex];
      if (!track) return;
      persistPosition();
      setIndex(nextIndex);
      load(track);
      play();
      recordPlay(track.id, startPosition(track) || undefined);
    },
    [queue, load, play, persistPosition],
  );

  const controls = useMemo<PlayerControls>(
    () => ({
      playTrack,
      toggle() {
        const audio = audioRef.current;
        if (!audio || !current) return;
        if (audio.paused) play();
        else audio.pause();
      },
      pause() {
        audioRef.current?.pause();
      },
      seek(seconds) {
        const audio = audioRef.current;
        if (!audio || !current) return;
        const limit = Number.isFinite(audio.duration) ? audio.duration : duration;
        audio.currentTime = Math.min(Math.max(0, seconds), limit || 0);
        setCurrentTime(audio.currentTime);
      },
      setVolume(next) {
        const clamped = Math.min(1, Math.max(0, next));
        setVolumeState(clamped);
      },
      setRate(next) {
        setRateState(next);
      },
      next() {
        goTo(index + 1);
      },
      previous() {
        const audio = audioRef.current;
        // Like every player: past the first seconds, "previous" restarts the track.
        if (audio && audio.currentTime > 3) {
          audio.currentTime = 0;
          return;
        }
        goTo(index - 1);
      },
      registerInlinePlayer() {
        setInlinePlayers((count) => count + 1);
        return () => setInlinePlayers((count) => count - 1);
      },
      close() {
        persistPosition();
        const audio = audioRef.current;
        loadedTrack.current = null;
        if (audio) {
          audio.pause();
          audio.removeAttribute("src");
          audio.load();
        }
        setQueue([]);
        setIndex(0);
        setIsPlaying(false);
        setCurrentTime(0);
      },
    }),
    [playTrack, current, play, duration, goTo, index, persistPosition],
  );

  useEffect(() => {
    if (audioRef.current) audioRef.current.volume = volume;
  }, [volume]);
  useEffect(() => {
    if (audioRef.current) audioRef.current.playbackRate = rate;
  }, [rate, current]);

  // Save the resume position now and then while playing.
  useEffect(() => {
    if (!isPlaying) return;
    const timer = setInterval(() => {
      if (Date.now() - lastSaved.current >= SAVE_INTERVAL_MS) persistPosition();
    }, 2_000);
    return () => clearInterval(timer);
  }, [isPlaying, persistPosition]);

  // Media Session: lock-screen metadata and the keyboard's media keys.
  useEffect(() => {
    if (!("mediaSession" in navigator) || typeof MediaMetadata === "undefined") return;
    navigator.mediaSession.metadata = current
      ? new MediaMetadata({
          title: current.title,
          artist: current.artist,
          album: "Gathering",
          artwork: current.albumArt ? [{ src: current.albumArt, sizes: "512x512", type: "image/jpeg" }] : [],
        })
      : null;
    const handlers: [MediaSessionAction, MediaSessionActionHandler | null][] = [
      ["play", () => play()],
      ["pause", () => audioRef.current?.pause()],
      ["previoustrack", index > 0 ? () => controls.previous() : null],
      ["nexttrack", index < queue.length - 1 ? () => controls.next() : null],
      ["seekbackward", (details) => controls.seek((audioRef.current?.currentTime ?? 0) - (details.seekOffset ?? 10))],
      ["seekforward", (details) => controls.seek((audioRef.current?.currentTime ?? 0) + (details.seekOffset ?? 10))],
      ["seekto", (details) => controls.seek(details.seekTime ?? 0)],
    ];
    for (const [action, handler] of handlers) {
      try {
        navigator.mediaSession.setActionHandler(action, handler);
      } catch {
        // This browser does not support the action.
      }
    }
  }, [current, index, queue.length, controls, play]);

  useEffect(() => {
    if (!("mediaSession" in navigator)) return;
    navigator.mediaSession.playbackState = current ? (isPlaying ? "playing" : "paused") : "none";
  }, [current, isPlaying]);

  const value = useMemo(
    () => ({ inlinePlayers, queue, index, current, isPlaying, currentTime, duration, volume, rate, ...controls }),
    [inlinePlayers, queue, index, current, isPlaying, currentTime, duration, volume, rate, controls],
  );

  return (
    <PlayerContext.Provider value={value}>
      {children}
      <audio
        ref={audioRef}
        preload="metadata"
        data-testid="global-audio"
        onPlay={() => setIsPlaying(true)}
        onPause={(event) => {
          setIsPlaying(false);
          // A new source also pauses the element, at 0: nothing to save then.
          if (!event.currentTarget.ended && event.currentTarget.currentTime > 0) persistPosition();
        }}
        onTimeUpdate={(event) => setCurrentTime(event.currentTarget.currentTime)}
        onLoadedMetadata={(event) => {
          const audio = event.currentTarget;
          if (Number.isFinite(audio.duration)) setDuration(audio.duration);
          audio.playbackRate = rate;
          if (pendingSeek.current) audio.currentTime = pendingSeek.current;
          pendingSeek.current = null;
          if ("mediaSession" in navigator && Number.isFinite(audio.duration)) {
            try {
              navigator.mediaSession.setPositionState({
                duration: audio.duration,
                position: audio.currentTime,
                playbackRate: audio.playbackRate,
              });
            } catch {
              // Position state is optional.
            }
          }
        }}
        onEnded={(event) => {
          // Spec §4: at the end the player returns to paused at position 0.
          const audio = event.currentTarget;
          audio.currentTime = 0;
          setCurrentTime(0);
          setIsPlaying(false);
          if (signedIn && loadedTrack.current) savePosition(loadedTrack.current.id, 0);
        }}
        onError={() => {
          if (audioRef.current?.getAttribute("src")) {
            setIsPlaying(false);
            showPlaybackError();
          }
        }}
      />
    </PlayerContext.Provider>
  );
}

export function usePlayer() {
  const context = useContext(PlayerContext);
  if (!context) throw new Error("usePlayer must be used inside PlayerProvider");
  return context;
}
