import { useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Controller } from "react-hook-form";
import { KeyRound, Plus, RefreshCw } from "lucide-react";
import { type CreateService, type PublishReplay, type Replay, createServiceSchema, publishReplaySchema } from "@shared/contracts/streaming";
import { formatDuration } from "@shared/format";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@web/components/ui/card";
import { Field, FormField, TextareaField } from "@web/components/ui/form-field";
import { Input } from "@web/components/ui/input";
import { QueryState } from "@web/components/ui/query-state";
import { callRoute, errorMessage, routeKey, routeQuery } from "@web/lib/api";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { toast } from "@web/lib/use-toast";
import { ResponsiveImage } from "@web/components/ui/responsive-image";

const serviceFields = createServiceSchema.shape;
const replayFields = publishReplaySchema.shape;

const toLocalInput = (iso: string | undefined) => {
  if (!iso) return "";
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : undefined);

const failed = (title: string) => (error: unknown) =>
  toast({ title: "Error", description: errorMessage(error, title), variant: "destructive" });

/** Streams: the address and key an encoder needs, a new stream, and a new key when the old one may have leaked. */
function StreamKeys() {
  const queryClient = useQueryClient();
  const streams = useQuery(routeQuery("GET /api/streaming/streams"));
  const [name, setName] = useState("");
  const refresh = () => void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/streaming/streams") });
  const create = useMutation({
    mutationFn: () => callRoute("POST /api/streaming/streams", { body: { name } }),
    onSuccess: () => {
      setName("");
      refresh();
    },
    onError: failed("Failed to create the stream"),
  });
  const rotate = useMutation({
    mutationFn: (id: number) => callRoute("POST /api/streaming/streams/:id/rotate-key", { params: { id } }),
    onSuccess: () => {
      toast({ title: "New Stream Key", description: "Put the new key in your encoder; the old one no longer works." });
      refresh();
    },
    onError: failed("Failed to rotate the key"),
  });
  return (
    <Card>
      <CardHeader>
        <h3 className="font-semibold">Streams</h3>
        <CardDescription>In OBS: Settings → Stream → Service: Custom, then the server and key below.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <QueryState
          query={streams}
          loading={<p className="text-sm text-muted-foreground">Loading streams…</p>}
          error="Streams could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-muted-foreground">No stream yet. Create one to get a stream key.</p>}
        >
          {(list) => (
            <ul className="flex flex-col gap-3">
              {list.map((stream) => (
                <li key={stream.id} className="rounded-lg border border-border p-3 text-sm">
                  <div className="flex items-center gap-2">
                    <span className="font-medium">{stream.name}</span>
                    {stream.live ? <Badge variant="live">LIVE</Badge> : null}
                  </div>
                  <dl className="mt-2 grid gap-1 sm:grid-cols-[7rem_1fr]">
                    <dt className="text-muted-foreground">Server</dt>
                    <dd className="break-all font-mono">{stream.ingestUrl}</dd>
                    <dt className="text-muted-foreground">Stream key</dt>
                    <dd className="break-all font-mono" data-testid="stream-key">
                      {stream.streamKey}
                    </dd>
                  </dl>
                  <Button variant="outline" size="sm" className="mt-2" onClick={() => rotate.mutate(stream.id)} disabled={rotate.isPending}>
                    <RefreshCw aria-hidden="true" />
                    Rotate key
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
        <form
          className="flex gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim()) create.mutate();
          }}
        >
          <Input
            aria-label="New stream name"
            placeholder="Sanctuary"
            value={name}
            maxLength={100}
            onChange={(e) => setName(e.target.value)}
          />
          <Button type="submit" disabled={create.isPending || !name.trim()}>
            <KeyRound aria-hidden="true" />
            Create stream
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

/** Schedule a service: what the hero and /streaming count down to. */
function ScheduleServiceForm() {
  const id = useId();
  const queryClient = useQueryClient();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(createServiceSchema, { defaultValues: { title: "", description: "", thumbnailUrl: "" } });
  const save = useMutation({
    mutationFn: (values: CreateService) => callRoute("POST /api/streaming/services", { body: values }),
    onSuccess: (service) => {
      toast({ title: "Service Scheduled", description: `${service.title} is on the schedule.` });
      reset();
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/streaming/services") });
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/streaming/state") });
    },
    onError: failed("Failed to schedule the service"),
  });
  return (
    <Card>
      <CardHeader>
        <h3 className="font-semibold">Schedule a service</h3>
      </CardHeader>
      <CardContent>
        <form onSubmit={handleSubmit((values) => save.mutate(values))} className="grid gap-3" noValidate>
          <Field
            id={`${id}-title`}
            label="Service title"
            error={errors.title?.message}
            controlProps={{ maxLength: maxLengthOf(serviceFields.title), ...register("title") }}
          />
          <TextareaField
            id={`${id}-description`}
            label="Service description"
            error={errors.description?.message}
            controlProps={{ rows: 2, maxLength: maxLengthOf(serviceFields.description), ...register("description") }}
          />
          <div className="grid gap-3 sm:grid-cols-2">
            {(["startTime", "endTime"] as const).map((name) => (
              <FormField
                key={name}
                id={`${id}-${name}`}
                label={name === "startTime" ? "Service starts" : "Service ends"}
                error={errors[name]?.message}
              >
                {(aria) => (
                  <Controller
                    control={control}
                    name={name}
                    render={({ field }) => (
                      <Input
                        {...aria}
                        type="datetime-local"
                        name={field.name}
                        ref={field.ref}
                        value={toLocalInput(field.value)}
                        onChange={(change) => field.onChange(fromLocalInput(change.target.value))}
                        onBlur={field.onBlur}
                      />
                    )}
                  />
                )}
              </FormField>
            ))}
          </div>
          <Field
            id={`${id}-thumbnail`}
            label="Thumbnail address (optional)"
            error={errors.thumbnailUrl?.message}
            controlProps={{ placeholder: "https://… or /media/…", ...register("thumbnailUrl") }}
          />
          <Button type="submit" className="justify-self-start" disabled={save.isPending}>
            <Plus aria-hidden="true" />
            Schedule service
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}

function PublishReplayForm({ replay }: { replay: Replay }) {
  const id = useId();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useSchemaForm(publishReplaySchema, { defaultValues: { title: replay.title, description: "" } });
  const publish = useMutation({
    mutationFn: (values: PublishReplay) =>
      callRoute("POST /api/streaming/replays/:id/publish", { params: { id: replay.id }, body: values }),
    onSuccess: (published) => {
      toast({ title: "Replay Published", description: `${published.title} is now in Sermons.` });
      void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/streaming/replays") });
    },
    onError: failed("Failed to publish the replay"),
  });
  return (
    <form onSubmit={handleSubmit((values) => publish.mutate(values))} className="grid gap-2" noValidate>
      <Field
        id={`${id}-title`}
        label="Replay title"
        error={errors.title?.message}
        controlProps={{ maxLength: maxLengthOf(replayFields.title), ...register("title") }}
      />
      <TextareaField
        id={`${id}-description`}
        label="Replay description"
        error={errors.description?.message}
        controlProps={{ rows: 2, maxLength: maxLengthOf(replayFields.description), ...register("description") }}
      />
      <Button type="submit" size="sm" className="justify-self-start" disabled={publish.isPending}>
        Publish as sermon
      </Button>
    </form>
  );
}

/** Replays: each ended broadcast's recording, a draft until an admin titles and publishes it. */
function Replays() {
  const replays = useQuery(routeQuery("GET /api/streaming/replays"));
  return (
    <Card>
      <CardHeader>
        <h3 className="font-semibold">Replays</h3>
        <CardDescription>When a broadcast ends, its recording waits here as a draft.</CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={replays}
          loading={<p className="text-sm text-muted-foreground">Loading replays…</p>}
          error="Replays could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-muted-foreground">No broadcast has been recorded yet.</p>}
        >
          {(list) => (
            <ul className="flex flex-col gap-4">
              {list.map((replay) => (
                <li
                  key={replay.id}
                  className="flex flex-col gap-3 rounded-lg border border-border p-3 sm:flex-row"
                  aria-label={`Replay ${replay.title}`}
                >
                  {replay.thumbnailUrl ? (
                    <ResponsiveImage
                      src={replay.thumbnailUrl}
                      alt=""
                      sizes="10rem"
                      className="aspect-video w-40 shrink-0 rounded object-cover"
                    />
                  ) : null}
                  <div className="flex min-w-0 flex-1 flex-col gap-2">
                    <div className="flex flex-wrap items-center gap-2 text-sm">
                      <Badge variant={replay.mediaId === null ? "secondary" : "default"}>
                        {replay.mediaId === null ? "Draft" : "Published"}
                      </Badge>
                      <span className="text-muted-foreground">{formatDuration(replay.duration)}</span>
                    </div>
                    {replay.mediaId === null ? <PublishReplayForm replay={replay} /> : <p className="font-medium">{replay.title}</p>}
                  </div>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** Premieres: a recorded video (a published sermon with video) scheduled to play as live for everyone at once. */
function Premieres() {
  const id = useId();
  const queryClient = useQueryClient();
  const premieres = useQuery(routeQuery("GET /api/streaming/premieres"));
  const sermons = useQuery(routeQuery("GET /api/content/media", { query: { type: "sermon" } }));
  const videos = (sermons.data ?? []).filter((item) => item.mimeType.startsWith("video/"));
  const [mediaId, setMediaId] = useState("");
  const [startTime, setStartTime] = useState("");
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/streaming/premieres") });
    void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/streaming/state") });
  };
  const create = useMutation({
    mutationFn: () =>
      callRoute("POST /api/streaming/premieres", { body: { mediaId: Number(mediaId), startTime: fromLocalInput(startTime) ?? "" } }),
    onSuccess: (premiere) => {
      toast({ title: "Premiere Scheduled", description: `${premiere.title} will play as live for everyone.` });
      setStartTime("");
      refresh();
    },
    onError: failed("Failed to schedule the premiere"),
  });
  const cancel = useMutation({
    mutationFn: (premiereId: number) => callRoute("DELETE /api/streaming/premieres/:id", { params: { id: premiereId } }),
    onSuccess: refresh,
    onError: failed("Failed to cancel the premiere"),
  });
  return (
    <Card>
      <CardHeader>
        <h3 className="font-semibold">Premieres</h3>
        <CardDescription>Pre-recorded the service? Schedule it to play as live: everyone watches from the same moment.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <form
          className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate();
          }}
        >
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-video`} className="text-sm font-medium">
              Video to premiere
            </label>
            <select
              id={`${id}-video`}
              className="h-9 rounded-md border border-input bg-background px-2 text-sm"
              value={mediaId}
              onChange={(event) => setMediaId(event.target.value)}
              required
            >
              <option value="">Choose a video…</option>
              {videos.map((video) => (
                <option key={video.id} value={video.id}>
                  {video.title}
                </option>
              ))}
            </select>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-start`} className="text-sm font-medium">
              Premiere starts
            </label>
            <Input
              id={`${id}-start`}
              type="datetime-local"
              step={1}
              value={startTime}
              onChange={(e) => setStartTime(e.target.value)}
              required
            />
          </div>
          <Button type="submit" disabled={create.isPending || !mediaId || !startTime}>
            <Plus aria-hidden="true" />
            Schedule premiere
          </Button>
        </form>
        <QueryState
          query={premieres}
          loading={<p className="text-sm text-muted-foreground">Loading premieres…</p>}
          error="Premieres could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-muted-foreground">No premiere is scheduled.</p>}
        >
          {(list) => (
            <ul className="flex flex-col divide-y divide-border">
              {list.map((premiere) => (
                <li key={premiere.id} className="flex items-center justify-between gap-2 py-2">
                  <span className="text-sm">
                    <span className="font-medium">{premiere.title}</span> ·{" "}
                    <time dateTime={premiere.startTime}>{new Date(premiere.startTime).toLocaleString()}</time>
                  </span>
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => cancel.mutate(premiere.id)}
                    aria-label={`Cancel premiere of ${premiere.title}`}
                  >
                    Cancel
                  </Button>
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

/** What admins manage on /streaming: streams and keys, the schedule and the replays. */
export function StreamingAdmin() {
  return (
    <section aria-labelledby="streaming-admin-title" className="mt-8 flex flex-col gap-4">
      <h2 id="streaming-admin-title" className="text-lg font-semibold">
        Manage live streaming
      </h2>
      <div className="grid gap-4 lg:grid-cols-2">
        <StreamKeys />
        <ScheduleServiceForm />
      </div>
      <Premieres />
      <Replays />
    </section>
  );
}
