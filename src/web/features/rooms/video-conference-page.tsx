import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Controller } from "react-hook-form";
import { z } from "zod";
import { CalendarClock, Lightbulb, LogIn, Plus, Users, Video } from "lucide-react";
import { ROOM_CODE_LENGTH, ROOM_MAX_PARTICIPANTS } from "@shared/constants";
import { createRoomSchema, roomCodeSchema } from "@shared/contracts/rooms";
import { messages as texts } from "@shared/messages";
import { PageHeader } from "@web/components/layout/page-header";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Field, FormField, TextareaField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { QueryState } from "@web/components/ui/query-state";
import { SignInPrompt } from "@web/components/ui/sign-in-prompt";
import { Spinner } from "@web/components/ui/spinner";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useAuth } from "@web/features/auth/use-auth";
import { callRoute, routeQuery } from "@web/lib/api";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { toast } from "@web/lib/use-toast";
import { type ActiveRoom, ConferenceRoom } from "./conference-room";
import { normalizeRoomCode } from "./room-code";

/** The rooms open now, listed in the lobby. */
const activeRooms = routeQuery("GET /api/rooms", { query: { active: "true" } });

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
          void queryClient.invalidateQueries({ queryKey: activeRooms.queryKey });
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
      {loading ? (
        <Spinner label="Loading…" className="min-h-[30vh]" />
      ) : user ? (
        <Lobby onEnter={setRoom} />
      ) : (
        <SignInPrompt reason="Sign in to create or join video conferences with your community." />
      )}
    </>
  );
}

function Lobby({ onEnter }: { onEnter: (room: ActiveRoom) => void }) {
  const { user } = useAuth();
  const rooms = useQuery({ ...activeRooms, enabled: Boolean(user), staleTime: 0 });

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
      const room = await callRoute("GET /api/rooms/:roomCode", { params: { roomCode: code } });
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
          <QueryState
            query={rooms}
            loading={<p className="text-sm text-muted-foreground">Loading conferences…</p>}
            error="The conferences could not be loaded."
            isEmpty={(list) => list.length === 0}
            empty={
              <Card className="p-6 text-center text-sm text-muted-foreground">
                No active conferences right now. Create one to get started.
              </Card>
            }
          >
            {(list) => (
              <ul className="grid gap-3 sm:grid-cols-2">
                {list.map((room) => (
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
          </QueryState>
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

const roomFields = createRoomSchema.shape;

function CreateConferenceForm({ onCreated }: { onCreated: (room: ActiveRoom) => void }) {
  const { user } = useAuth();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(createRoomSchema, { defaultValues: { name: "", description: "", lobby: false } });

  const handleCreate = async ({ name, description, lobby }: { name: string; description?: string | null; lobby?: boolean }) => {
    if (!user) {
      toast({ title: texts.authRequiredTitle, description: texts.createConferenceNotSignedIn, variant: "destructive" });
      return;
    }
    try {
      // Spec §7 names the host in the request; the server takes the signed-in member.
      // The lobby is the host's choice (decision 0022): off by default, so joining by the code enters the room (spec §4).
      const body = { name, description: description ?? "", hostId: user.id, maxParticipants: ROOM_MAX_PARTICIPANTS, lobby: lobby ?? false };
      const room = await callRoute("POST /api/rooms", { body });
      toast({ title: texts.conferenceCreatedTitle, description: `Your room code is ${room.roomCode}` });
      onCreated({ roomCode: room.roomCode, name: room.name });
    } catch {
      toast({ title: texts.creationFailedTitle, description: texts.creationFailed, variant: "destructive" });
    }
  };
  // Spec §5 and §8: a missing name is also told in a toast.
  const handleInvalid = (invalid: typeof errors) => {
    if (invalid.name)
      toast({ title: texts.nameRequiredTitle, description: invalid.name.message ?? texts.nameRequired, variant: "destructive" });
  };

  return (
    <form onSubmit={handleSubmit(handleCreate, handleInvalid)} className="flex flex-col gap-4" noValidate>
      <Field
        id="conference-name"
        label="Conference Name"
        error={errors.name?.message}
        controlProps={{ placeholder: "e.g. Wednesday Bible Study", maxLength: maxLengthOf(roomFields.name), ...register("name") }}
      />
      <TextareaField
        id="conference-description"
        label="Description (optional)"
        error={errors.description?.message}
        controlProps={{
          rows: 3,
          placeholder: "What is this conference about?",
          maxLength: maxLengthOf(roomFields.description),
          ...register("description"),
        }}
      />
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-4 accent-primary" {...register("lobby")} />
        Lobby: I admit each person who knocks
      </label>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        <Plus aria-hidden="true" />
        {isSubmitting ? "Creating..." : "Create Conference"}
      </Button>
    </form>
  );
}

/** The join form's one field, with the contract's room code rule (six characters, A-Z and 0-9). */
const joinSchema = z.object({ roomCode: roomCodeSchema });

function JoinConferenceForm({ onJoin }: { onJoin: (code: string) => Promise<void> }) {
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useSchemaForm(joinSchema, { defaultValues: { roomCode: "" } });
  // Spec §5 and §8: a missing or malformed code is also told in a toast.
  const handleInvalid = () => toast({ title: texts.roomCodeRequiredTitle, description: texts.roomCodeRequired, variant: "destructive" });

  return (
    <form onSubmit={handleSubmit(({ roomCode }) => onJoin(roomCode), handleInvalid)} className="flex flex-col gap-4" noValidate>
      <FormField id="room-code" label="Room Code" error={errors.roomCode?.message} hint={texts.roomCodeHint}>
        {(aria) => (
          <Controller
            control={control}
            name="roomCode"
            render={({ field }) => (
              <Input
                {...aria}
                name={field.name}
                ref={field.ref}
                value={field.value}
                onChange={(event) => field.onChange(normalizeRoomCode(event.target.value))}
                onBlur={field.onBlur}
                placeholder="ABC123"
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                className="font-mono tracking-widest uppercase"
              />
            )}
          />
        )}
      </FormField>
      <Button type="submit" disabled={isSubmitting} className="self-start">
        <LogIn aria-hidden="true" />
        {isSubmitting ? "Joining..." : "Join Conference"}
      </Button>
    </form>
  );
}
