import { type FormEvent, useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { CalendarClock, Lightbulb, LogIn, Plus, Users, Video } from "lucide-react";
import { Link } from "wouter";
import { ROOM_CODE_LENGTH, ROOM_MAX_PARTICIPANTS } from "@shared/constants";
import type { Room } from "@shared/contracts/rooms";
import { messages as texts } from "@shared/messages";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Input } from "@web/components/ui/input";
import { Label } from "@web/components/ui/label";
import { Spinner } from "@web/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAuth } from "@web/features/auth/use-auth";
import { apiJson } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";
import { type ActiveRoom, ConferenceRoom } from "./conference-room";
import { normalizeRoomCode } from "./room-code";

const ROOMS_KEY = "/api/rooms";

const tips = [
  "Use headphones to avoid echo for everyone else.",
  "Find a quiet, well-lit place and face the light.",
  "Mute your microphone when you are not speaking.",
  "Share the six-character room code only with the people you invite.",
  "Turn your camera off on a weak connection to keep the audio clear.",
];

/** /video-conference: the lobby (create, join, active conferences) and, once in a room, the call (spec §2, §4, §5). */
export function VideoConferencePage() {
  const { user, loading } = useAuth();
  const [room, setRoom] = useState<ActiveRoom | null>(null);
  const queryClient = useQueryClient();

  if (user && room) {
    return (
      <ConferenceRoom
        room={room}
        viewer={user}
        onLeave={() => {
          setRoom(null);
          void queryClient.invalidateQueries({ queryKey: [ROOMS_KEY, { active: "true" }] });
        }}
      />
    );
  }
  return (
    <>
      <PageHeader
        title="Video Conferences"
        icon={Video}
        description="Create a room for Bible study, prayer or a team meeting, or join one with its six-character code."
      />
      {loading ? <Spinner label="Loading…" className="min-h-[30vh]" /> : user ? <Lobby onEnter={setRoom} /> : <SignInRequired />}
    </>
  );
}

function SignInRequired() {
  return (
    <Card className="mx-auto max-w-lg p-6 text-center">
      <h2 className="text-xl font-semibold">{texts.signInRequired}</h2>
      <p className="mt-1 text-muted-foreground">Sign in to create or join video conferences with your community.</p>
      <Button asChild className="mt-4">
        <Link href="/auth/login">
          <LogIn aria-hidden="true" />
          Sign In
        </Link>
      </Button>
    </Card>
  );
}

function Lobby({ onEnter }: { onEnter: (room: ActiveRoom) => void }) {
  const { user } = useAuth();
  const rooms = useQuery<Room[]>({ queryKey: [ROOMS_KEY, { active: "true" }], enabled: Boolean(user), staleTime: 0 });

  /** Looks the room up (a non-OK answer counts as not found), then enters it. */
  const join = async (code: string) => {
    if (!user) {
      toast({ title: texts.authRequiredTitle, description: texts.joinConferenceNotSignedIn, variant: "destructive" });
      return;
    }
    if (code.length !== ROOM_CODE_LENGTH) {
      toast({ title: texts.roomCodeRequiredTitle, description: texts.roomCodeRequired, variant: "destructive" });
      return;
    }
    try {
      const room = await apiJson<Room>("GET", `/api/rooms/${code}`);
      toast({ title: texts.joiningConferenceTitle, description: `Connecting to ${room.name}...` });
      onEnter({ roomCode: room.roomCode, name: room.name });
    } catch {
      toast({ title: texts.joinFailedTitle, description: texts.joinFailed, variant: "destructive" });
    }
  };

  return (
    <div className="grid gap-6 lg:grid-cols-[1fr_minmax(280px,360px)]">
      <div className="flex flex-col gap-6">
        <Card>
          <CardContent className="pt-5">
            <Tabs defaultValue="create">
              <TabsList className="w-full">
                <TabsTrigger value="create">Create Conference</TabsTrigger>
                <TabsTrigger value="join">Join Conference</TabsTrigger>
              </TabsList>
              <TabsContent value="create">
                <CreateConferenceForm onCreated={onEnter} />
              </TabsContent>
              <TabsContent value="join">
                <JoinConferenceForm onJoin={join} />
              </TabsContent>
            </Tabs>
          </CardContent>
        </Card>

        <section aria-labelledby="active-conferences">
          <h2 id="active-conferences" className="mb-3 text-lg font-semibold">
            Active Conferences
          </h2>
          {rooms.isPending ? (
            <p className="text-sm text-muted-foreground">Loading conferences…</p>
          ) : !rooms.data?.length ? (
            <Card className="p-6 text-center text-sm text-muted-foreground">
              No active conferences right now. Create one to get started.
            </Card>
          ) : (
            <ul className="grid gap-3 sm:grid-cols-2">
              {rooms.data.map((room) => (
                <li key={room.id}>
                  <Card className="flex h-full flex-col gap-2 p-4">
                    <h3 className="font-semibold">{room.name}</h3>
                    {room.description ? <p className="line-clamp-2 text-sm text-muted-foreground">{room.description}</p> : null}
                    <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
                      <Users className="size-3.5" aria-hidden="true" />
                      {room.participants}/{room.maxParticipants} · Hosted by {room.hostName}
                    </p>
                    <div className="mt-auto flex items-center justify-between gap-2 pt-1">
                      <span className="font-mono text-sm tracking-widest">{room.roomCode}</span>
                      <Button size="sm" onClick={() => void join(room.roomCode)} aria-label={`Join ${room.name}`}>
                        Join
                      </Button>
                    </div>
                  </Card>
                </li>
              ))}
            </ul>
          )}
        </section>
      </div>

      <div className="flex flex-col gap-6">
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <CalendarClock className="size-4" aria-hidden="true" />
              Upcoming Scheduled Conferences
            </CardTitle>
            <CardDescription>Coming soon!</CardDescription>
          </CardHeader>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-base">
              <Lightbulb className="size-4" aria-hidden="true" />
              Tips for a Great Conference
            </CardTitle>
          </CardHeader>
          <CardContent>
            <ul className="list-disc space-y-1.5 pl-5 text-sm text-muted-foreground">
              {tips.map((tip) => (
                <li key={tip}>{tip}</li>
              ))}
            </ul>
          </CardContent>
        </Card>
      </div>
    </div>
  );
}

function CreateConferenceForm({ onCreated }: { onCreated: (room: ActiveRoom) => void }) {
  const { user } = useAuth();
  const [name, setName] = useState("");
  const [description, setDescription] = useState("");
  const [creating, setCreating] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toast({ title: texts.authRequiredTitle, description: texts.createConferenceNotSignedIn, variant: "destructive" });
      return;
    }
    if (!name.trim()) {
      toast({ title: texts.nameRequiredTitle, description: texts.nameRequired, variant: "destructive" });
      return;
    }
    setCreating(true);
    try {
      const room = await apiJson<Room>("POST", ROOMS_KEY, {
        name: name.trim(),
        description: description.trim(),
        hostId: user.id,
        maxParticipants: ROOM_MAX_PARTICIPANTS,
      });
      toast({ title: texts.conferenceCreatedTitle, description: `Your room code is ${room.roomCode}` });
      onCreated({ roomCode: room.roomCode, name: room.name });
    } catch {
      toast({ title: texts.creationFailedTitle, description: texts.creationFailed, variant: "destructive" });
    } finally {
      setCreating(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4" noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor="conference-name">Conference Name</Label>
        <Input
          id="conference-name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          placeholder="e.g. Wednesday Bible Study"
          maxLength={100}
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="conference-description">Description (optional)</Label>
        <textarea
          id="conference-description"
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          rows={3}
          maxLength={500}
          placeholder="What is this conference about?"
          className="w-full rounded-lg border border-input bg-card px-3 py-2 text-sm shadow-xs placeholder:text-muted-foreground focus-visible:border-ring"
        />
      </div>
      <Button type="submit" disabled={creating} className="self-start">
        <Plus aria-hidden="true" />
        {creating ? "Creating..." : "Create Conference"}
      </Button>
    </form>
  );
}

function JoinConferenceForm({ onJoin }: { onJoin: (code: string) => Promise<void> }) {
  const { user } = useAuth();
  const [code, setCode] = useState("");
  const [joining, setJoining] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (!user) {
      toast({ title: texts.authRequiredTitle, description: texts.joinConferenceNotSignedIn, variant: "destructive" });
      return;
    }
    if (!code.trim()) {
      toast({ title: texts.roomCodeRequiredTitle, description: texts.roomCodeRequired, variant: "destructive" });
      return;
    }
    setJoining(true);
    try {
      await onJoin(code);
    } finally {
      setJoining(false);
    }
  };

  return (
    <form onSubmit={(event) => void handleSubmit(event)} className="flex flex-col gap-4" noValidate>
      <div className="flex flex-col gap-2">
        <Label htmlFor="room-code">Room Code</Label>
        <Input
          id="room-code"
          value={code}
          onChange={(e) => setCode(normalizeRoomCode(e.target.value))}
          placeholder="ABC123"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          pattern="[A-Z0-9]{6}"
          aria-describedby="room-code-hint"
          className="font-mono tracking-widest uppercase"
        />
        <p id="room-code-hint" className="text-xs text-muted-foreground">
          {texts.roomCodeHint}
        </p>
      </div>
      <Button type="submit" disabled={joining} className="self-start">
        <LogIn aria-hidden="true" />
        {joining ? "Joining..." : "Join Conference"}
      </Button>
    </form>
  );
}
