import { useState } from "react";
import { DoorOpen, Lock, LockOpen, MicOff, ShieldCheck, UserMinus } from "lucide-react";
import type { Knocker, Participant } from "@shared/contracts/live";
import { UserAvatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { liveLink, useLiveEvent } from "@web/lib/live";
import { toast } from "@web/lib/use-toast";

/** The room's door as this member sees it (decision 0022). */
export interface RoomSafety {
  /** This member knocked and waits for the host. */
  waiting: boolean;
  /** Who waits in the lobby (the host's view). */
  knocks: Knocker[];
  lobby: boolean;
  locked: boolean;
}

/**
 * The lobby, lock, removal and mute-all frames of a room. Admitted: join again to take the seat. Declined or removed:
 * leave with a notice. Muted by the host: turn the microphone off (the member may turn it on again).
 */
export function useRoomSafety(
  roomCode: string,
  handlers: { onAdmitted: () => void; onTurnedAway: () => void; onMutedByHost: () => void },
): RoomSafety {
  const [safety, setSafety] = useState<RoomSafety>({ waiting: false, knocks: [], lobby: false, locked: false });
  useLiveEvent("ROOM_ACCESS", (payload) => {
    if (payload.roomCode !== roomCode) return;
    if (payload.status === "waiting") return setSafety((current) => ({ ...current, waiting: true }));
    setSafety((current) => ({ ...current, waiting: false }));
    if (payload.status === "admitted") return handlers.onAdmitted();
    toast({
      title: payload.status === "declined" ? "Not Admitted" : "Removed",
      description:
        payload.status === "declined"
          ? "The host declined your request to join this conference."
          : "The host removed you from this conference.",
      variant: "destructive",
    });
    handlers.onTurnedAway();
  });
  useLiveEvent("ROOM_KNOCKS", (payload) => {
    if (payload.roomCode === roomCode) setSafety((current) => ({ ...current, knocks: payload.waiting }));
  });
  useLiveEvent("ROOM_SETTINGS", (payload) => {
    if (payload.roomCode === roomCode) setSafety((current) => ({ ...current, lobby: payload.lobby, locked: payload.locked }));
  });
  useLiveEvent("ROOM_INFO", (payload) => {
    if (payload.roomCode === roomCode && "participants" in payload) {
      setSafety((current) => ({ ...current, waiting: false, lobby: payload.lobby ?? false, locked: payload.locked ?? false }));
    }
  });
  useLiveEvent("ROOM_MUTED", (payload) => {
    if (payload.roomCode !== roomCode) return;
    toast({ title: "Muted by the Host", description: "The host muted everyone. You can unmute yourself." });
    handlers.onMutedByHost();
  });
  return safety;
}

/** What a knocking member sees until the host answers. */
export function LobbyWaiting({ name }: { name: string }) {
  return (
    <Card className="flex flex-col items-center gap-3 p-8 text-center" role="status">
      <DoorOpen className="size-10 text-primary" aria-hidden="true" />
      <h2 className="text-xl font-semibold">Waiting for the host</h2>
      <p className="max-w-md text-muted-foreground">You asked to join {name}. The host will let you in shortly.</p>
      <Spinner label="Waiting to be admitted…" />
    </Card>
  );
}

/** The host's panel: who knocks (Admit or Decline), lock, mute everyone, and remove a participant. */
export function HostPanel({
  roomCode,
  safety,
  participants,
  viewerId,
}: {
  roomCode: string;
  safety: RoomSafety;
  participants: Participant[];
  viewerId: number;
}) {
  const send = (type: "ROOM_ADMIT" | "ROOM_DECLINE" | "ROOM_REMOVE", userId: number) => liveLink.send(type, { roomCode, userId });
  const others = participants.filter((p) => p.userId !== viewerId);
  return (
    <Card className="flex flex-col gap-3 p-4" role="region" aria-label="Host controls">
      <h2 className="flex items-center gap-2 font-semibold">
        <ShieldCheck className="size-4" aria-hidden="true" />
        Host Controls
      </h2>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => liveLink.send("ROOM_LOCK", { roomCode, locked: !safety.locked })}>
          {safety.locked ? <LockOpen aria-hidden="true" /> : <Lock aria-hidden="true" />}
          {safety.locked ? "Unlock Room" : "Lock Room"}
        </Button>
        <Button size="sm" variant="outline" onClick={() => liveLink.send("ROOM_MUTE_ALL", { roomCode })} disabled={others.length === 0}>
          <MicOff aria-hidden="true" />
          Mute Everyone
        </Button>
      </div>
      <p className="text-xs text-muted-foreground" role="status">
        {safety.locked
          ? "Locked: nobody new can join or knock."
          : safety.lobby
            ? "Lobby on: you admit each person."
            : "Anyone with the code can join."}
      </p>
      {safety.lobby || safety.knocks.length > 0 ? (
        <section aria-label="Lobby">
          <h3 className="mb-2 text-sm font-medium">Lobby ({safety.knocks.length})</h3>
          {safety.knocks.length === 0 ? (
            <p className="text-sm text-muted-foreground">Nobody is waiting.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {safety.knocks.map((knocker) => (
                <li key={knocker.userId} className="flex items-center gap-2 text-sm" data-testid="knocker">
                  <UserAvatar displayName={knocker.displayName} size="sm" />
                  <span className="flex-1 truncate">{knocker.displayName}</span>
                  <Button size="sm" onClick={() => send("ROOM_ADMIT", knocker.userId)}>
                    Admit<span className="sr-only"> {knocker.displayName}</span>
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => send("ROOM_DECLINE", knocker.userId)}>
                    Decline<span className="sr-only"> {knocker.displayName}</span>
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      {others.length > 0 ? (
        <section aria-label="Remove a participant">
          <h3 className="mb-2 text-sm font-medium">In the room</h3>
          <ul className="flex flex-col gap-2">
            {others.map((p) => (
              <li key={p.userId} className="flex items-center gap-2 text-sm">
                <span className="flex-1 truncate">{p.displayName}</span>
                <Button size="sm" variant="ghost" onClick={() => send("ROOM_REMOVE", p.userId)}>
                  <UserMinus aria-hidden="true" />
                  Remove<span className="sr-only"> {p.displayName}</span>
                </Button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </Card>
  );
}
