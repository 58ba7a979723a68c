import { type ChangeEvent, type FormEvent, useId, useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FileText, Save } from "lucide-react";
import {
  ITUNES_CATEGORIES,
  type ShowSettings,
  type ShowSettingsInput,
  TRANSCRIPT_FORMATS,
  showSettingsSchema,
  transcriptSchema,
} from "@shared/contracts/feed-settings";
import { PAGE_LIMIT_MAX } from "@shared/constants";
import type { MediaItem } from "@shared/contracts/content";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader } from "@web/components/ui/card";
import { Field, FormField, TextareaField } from "@web/components/ui/form-field";
import { QueryState } from "@web/components/ui/query-state";
import { SkeletonList } from "@web/components/ui/skeleton";
import { callRoute, errorMessage, routeKey, routeQuery } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";

const selectClass =
  "h-10 w-full rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring";

/**
 * For admins, on a show's page (decision 0019): the fields podcast directories require of its feed, and a
 * transcript for an episode, which the feed then announces as podcast:transcript.
 */
export function ShowSettingsCard({ feed, episodes }: { feed: "sermons" | number; episodes: MediaItem[] }) {
  const settings = useQuery(routeQuery("GET /api/feeds/:feed/settings", { params: { feed: String(feed) } }));
  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg leading-tight font-semibold tracking-tight">Directory Details</h2>
        <CardDescription>
          {feed === "sermons" ? "The sermons feed: what" : "What"} podcast apps and directories show for this feed. Only admins see this.
        </CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-8">
        <QueryState
          query={settings}
          loading={<SkeletonList count={3} itemClassName="h-10" />}
          error="The feed's details could not be loaded."
        >
          {(current) => <SettingsForm feed={String(feed)} current={current} />}
        </QueryState>
        {episodes.length > 0 ? <TranscriptForm episodes={episodes} /> : null}
      </CardContent>
    </Card>
  );
}

function SettingsForm({ feed, current }: { feed: string; current: ShowSettings }) {
  const id = useId();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ShowSettingsInput>({
    author: current.author,
    ownerName: current.ownerName,
    ownerEmail: current.ownerEmail,
    artworkUrl: current.artworkUrl,
    itunesCategory: (ITUNES_CATEGORIES as readonly string[]).includes(current.itunesCategory)
      ? (current.itunesCategory as ShowSettingsInput["itunesCategory"])
      : "Religion & Spirituality",
    itunesSubcategory: current.itunesSubcategory,
    explicit: current.explicit,
    language: current.language,
    locked: current.locked,
  });
  const [errors, setErrors] = useState<Partial<Record<keyof ShowSettingsInput, string>>>({});
  const save = useMutation({
    mutationFn: (body: ShowSettingsInput) => callRoute("PUT /api/feeds/:feed/settings", { params: { feed }, body }),
    onSuccess: (saved) => {
      queryClient.setQueryData(routeKey("GET /api/feeds/:feed/settings", { params: { feed } }), saved);
      toast({ title: "Feed Details Saved", description: "Podcast apps pick up the changes the next time they check the feed." });
    },
    onError: (error) =>
      toast({ title: "Error", description: errorMessage(error, "The details could not be saved."), variant: "destructive" }),
  });
  const set = <K extends keyof ShowSettingsInput>(key: K, value: ShowSettingsInput[K]) =>
    setValues((before) => ({ ...before, [key]: value }));
  const text = (key: "author" | "ownerName" | "ownerEmail" | "artworkUrl" | "itunesSubcategory" | "language") => ({
    value: values[key],
    onChange: (event: ChangeEvent<HTMLInputElement>) => set(key, event.target.value),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = showSettingsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(parsed.error.issues.map((issue) => [issue.path[0], issue.message])));
      return;
    }
    setErrors({});
    save.mutate(parsed.data);
  }

  return (
    <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate aria-label="Directory details">
      <Field id={`${id}-author`} label="Author" error={errors.author} controlProps={{ maxLength: 200, ...text("author") }} />
      <Field
        id={`${id}-language`}
        label="Language"
        hint="A code such as en or en-US."
        error={errors.language}
        controlProps={text("language")}
      />
      <Field id={`${id}-owner`} label="Owner name" error={errors.ownerName} controlProps={{ maxLength: 200, ...text("ownerName") }} />
      <Field
        id={`${id}-email`}
        label="Owner email"
        hint="Directories write here to confirm the feed is yours."
        error={errors.ownerEmail}
        controlProps={{ type: "email", ...text("ownerEmail") }}
      />
      <Field
        id={`${id}-artwork`}
        label="Artwork address"
        hint="A square image of 1400 to 3000 pixels; empty for the generated artwork."
        error={errors.artworkUrl}
        className="sm:col-span-2"
        controlProps={text("artworkUrl")}
      />
      <FormField id={`${id}-category`} label="Category" error={errors.itunesCategory}>
        {(aria) => (
          <select
            {...aria}
            className={selectClass}
            value={values.itunesCategory}
            onChange={(event) => set("itunesCategory", event.target.value as ShowSettingsInput["itunesCategory"])}
          >
            {ITUNES_CATEGORIES.map((category) => (
              <option key={category}>{category}</option>
            ))}
          </select>
        )}
      </FormField>
      <Field id={`${id}-subcategory`} label="Subcategory" error={errors.itunesSubcategory} controlProps={text("itunesSubcategory")} />
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={values.explicit}
          onChange={(event) => set("explicit", event.target.checked)}
        />
        Explicit content
      </label>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4 accent-primary"
          checked={values.locked}
          onChange={(event) => set("locked", event.target.checked)}
        />
        Locked (other hosts may not import this feed)
      </label>
      <Button type="submit" className="justify-self-start" disabled={save.isPending}>
        <Save aria-hidden="true" />
        Save Details
      </Button>
    </form>
  );
}

function TranscriptForm({ episodes }: { episodes: MediaItem[] }) {
  const id = useId();
  const [mediaId, setMediaId] = useState(episodes[0]!.id);
  const [format, setFormat] = useState<(typeof TRANSCRIPT_FORMATS)[number]>("vtt");
  const [transcript, setTranscript] = useState("");
  const [error, setError] = useState<string>();
  const attach = useMutation({
    mutationFn: () => callRoute("PUT /api/content/media/:id/transcript", { params: { id: mediaId }, body: { format, text: transcript } }),
    onSuccess: () => {
      setTranscript("");
      toast({ title: "Transcript Attached", description: "The feed now offers it to podcast apps." });
    },
    onError: (failure) =>
      toast({ title: "Error", description: errorMessage(failure, "The transcript could not be attached."), variant: "destructive" }),
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = transcriptSchema.safeParse({ format, text: transcript });
    if (!parsed.success) return setError(parsed.error.issues[0]?.message);
    setError(undefined);
    attach.mutate();
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate aria-label="Attach a transcript">
      <h3 className="font-semibold">Transcript</h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-episode`} label="Episode">
          {(aria) => (
            <select {...aria} className={selectClass} value={mediaId} onChange={(event) => setMediaId(Number(event.target.value))}>
              {episodes.map((episode) => (
                <option key={episode.id} value={episode.id}>
                  {episode.title}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id={`${id}-format`} label="Format">
          {(aria) => (
            <select {...aria} className={selectClass} value={format} onChange={(event) => setFormat(event.target.value as typeof format)}>
              <option value="vtt">WebVTT (.vtt)</option>
              <option value="srt">SubRip (.srt)</option>
            </select>
          )}
        </FormField>
      </div>
      <TextareaField
        id={`${id}-text`}
        label="Transcript text"
        error={error}
        controlProps={{
          rows: 6,
          value: transcript,
          onChange: (event) => setTranscript(event.target.value),
          className: "font-mono text-xs",
        }}
      />
      <Button type="submit" variant="outline" className="justify-self-start" disabled={attach.isPending}>
        <FileText aria-hidden="true" />
        Attach Transcript
      </Button>
    </form>
  );
}

/** The sermons feed's card (on Podcast Hosting): its directory details, and transcripts for audio sermons. */
export function SermonsFeedSettings() {
  const sermons = useQuery(routeQuery("GET /api/content/media", { query: { type: "sermon", limit: PAGE_LIMIT_MAX } }));
  return <ShowSettingsCard feed="sermons" episodes={(sermons.data ?? []).filter((item) => item.mimeType.startsWith("audio/"))} />;
}
