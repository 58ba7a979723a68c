import { useRef, useState, type FormEvent } from "react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "wouter";
import { CheckCircle2, Upload } from "lucide-react";
import type { Category, MediaItem, MediaType } from "@shared/contracts/content";
import {
  PUBLISH_MEDIA_MAX_BYTES,
  PUBLISH_THUMBNAIL_MAX_BYTES,
  categoryTypeForMedia,
  publishMediaFieldsSchema,
  publishingMessages,
} from "@shared/contracts/publishing";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { serverMessage } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { toast } from "@web/lib/use-toast";
import { FormField, fieldAria } from "@web/features/auth/form-field";
import { textareaClasses } from "@web/features/contact/contact-form";
import { libraryPathFor, uploadMedia } from "./upload-media";

const selectClasses =
  "flex h-10 w-full cursor-pointer rounded-lg border border-input bg-card px-3 py-2 text-sm text-foreground shadow-xs focus-visible:border-ring aria-invalid:border-destructive";
const fileClasses =
  "block w-full cursor-pointer rounded-lg border border-input bg-card text-sm text-foreground shadow-xs file:mr-3 file:cursor-pointer file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-secondary-foreground aria-invalid:border-destructive";

const typeLabels: Record<MediaType, string> = { sermon: "Sermon", song: "Song", podcast: "Podcast episode" };
const artistLabels: Record<MediaType, string> = { sermon: "Speaker", song: "Artist", podcast: "Host" };
const MEDIA_ACCEPT =
  "audio/mpeg,audio/mp4,audio/ogg,audio/wav,audio/flac,audio/webm,video/mp4,video/webm,.mp3,.m4a,.mp4,.webm,.ogg,.wav,.flac";

type Errors = Partial<Record<"title" | "description" | "type" | "categoryId" | "artist" | "file" | "thumbnail", string>>;

/** The publish form for creators and admins: a media file, an optional thumbnail, its words and its category. */
export function PublishMediaForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [type, setType] = useState<MediaType>("sermon");
  const [errors, setErrors] = useState<Errors>({});
  const [progress, setProgress] = useState<number | null>(null);
  const [published, setPublished] = useState<MediaItem | null>(null);
  const categoryType = categoryTypeForMedia[type];
  const categories = useQuery<Category[]>({ queryKey: ["/api/content/categories", { type: categoryType }] });

  function validate(data: FormData): Errors {
    const found: Errors = {};
    const parsed = publishMediaFieldsSchema.safeParse(
      Object.fromEntries([...data.entries()].filter(([, value]) => typeof value === "string")),
    );
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = issue.path[0] as keyof Errors;
        found[key] ??= issue.message;
      }
    }
    const file = data.get("file");
    if (!(file instanceof File) || file.size === 0) found.file = publishingMessages.fileRequired;
    else if (file.size > PUBLISH_MEDIA_MAX_BYTES) found.file = publishingMessages.fileTooLarge;
    const thumbnail = data.get("thumbnail");
    if (thumbnail instanceof File && thumbnail.size > PUBLISH_THUMBNAIL_MAX_BYTES) found.thumbnail = publishingMessages.thumbnailTooLarge;
    return found;
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const thumbnail = data.get("thumbnail");
    if (thumbnail instanceof File && thumbnail.size === 0) data.delete("thumbnail");
    const found = validate(data);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setPublished(null);
    setProgress(0);
    try {
      const item = await uploadMedia(data, setProgress);
      setPublished(item);
      formRef.current?.reset();
      setType(item.type);
      void queryClient.invalidateQueries({ queryKey: ["/api/content/media"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/content/featured"] });
      // The profiles' Media tabs (["/api/users", id, "media"]): the item may name any member.
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey.at(-1) === "media" });
      toast({ title: "Media Published", description: `"${item.title}" is now in the library.` });
    } catch (error) {
      toast({
        title: "Upload Failed",
        description: serverMessage(error, "The media could not be published. Please try again."),
        variant: "destructive",
      });
    } finally {
      setProgress(null);
    }
  }

  const uploading = progress !== null;
  const error = (name: keyof Errors) => errors[name];

  return (
    <form ref={formRef} onSubmit={handleSubmit} noValidate className="flex flex-col gap-4" aria-label="Publish media">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="publish-type" label="Type" error={error("type")}>
          <select
            {...fieldAria("publish-type", error("type"))}
            name="type"
            value={type}
            onChange={(event) => setType(event.target.value as MediaType)}
            className={selectClasses}
          >
            {(Object.keys(typeLabels) as MediaType[]).map((value) => (
              <option key={value} value={value}>
                {typeLabels[value]}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="publish-category" label="Category" error={error("categoryId")}>
          <select
            {...fieldAria("publish-category", error("categoryId"))}
            name="categoryId"
            key={categoryType}
            defaultValue=""
            className={selectClasses}
          >
            <option value="" disabled>
              {categories.isPending ? "Loading categories…" : "Choose a category"}
            </option>
            {categories.data?.map((category) => (
              <option key={category.id} value={category.id}>
                {category.name}
              </option>
            ))}
          </select>
        </FormField>
      </div>
      <FormField id="publish-title" label="Title" error={error("title")}>
        <Input {...fieldAria("publish-title", error("title"))} name="title" maxLength={200} />
      </FormField>
      <FormField id="publish-artist" label={artistLabels[type]} error={error("artist")}>
        <Input {...fieldAria("publish-artist", error("artist"))} name="artist" maxLength={200} />
      </FormField>
      <FormField id="publish-description" label="Description" error={error("description")}>
        <textarea
          {...fieldAria("publish-description", error("description"))}
          name="description"
          rows={4}
          maxLength={5000}
          className={textareaClasses}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="publish-file"
          label="Audio or video file"
          error={error("file")}
          hint={
            <p id="publish-file-hint" className="text-xs text-muted-foreground">
              MP3, M4A, MP4, WebM, Ogg, WAV or FLAC, up to 200 MB.
            </p>
          }
        >
          <input
            {...fieldAria("publish-file", error("file"), "publish-file-hint")}
            name="file"
            type="file"
            accept={MEDIA_ACCEPT}
            className={fileClasses}
          />
        </FormField>
        <FormField
          id="publish-thumbnail"
          label="Thumbnail (optional)"
          error={error("thumbnail")}
          hint={
            <p id="publish-thumbnail-hint" className="text-xs text-muted-foreground">
              JPEG, PNG or WebP, up to 5 MB.
            </p>
          }
        >
          <input
            {...fieldAria("publish-thumbnail", error("thumbnail"), "publish-thumbnail-hint")}
            name="thumbnail"
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className={fileClasses}
          />
        </FormField>
      </div>
      {uploading ? (
        <div className="flex flex-col gap-1">
          <progress className="h-2 w-full accent-primary" value={Math.round(progress * 100)} max={100} aria-label="Upload progress" />
          <p className="text-sm text-muted-foreground" aria-live="polite">
            Uploading… {Math.round(progress * 100)}%
          </p>
        </div>
      ) : null}
      <Button type="submit" disabled={uploading} className="self-start">
        <Upload aria-hidden="true" />
        {uploading ? "Publishing..." : "Publish"}
      </Button>
      {published ? (
        <p role="status" className="flex items-center gap-2 rounded-lg bg-primary-soft p-3 text-sm text-primary-soft-foreground">
          <CheckCircle2 className="size-4 shrink-0" aria-hidden="true" />
          <span>
            "{published.title}" is published.{" "}
            <Link href={libraryPathFor(published)} className="font-medium underline underline-offset-4">
              View it in {published.type === "sermon" ? "Sermons" : published.type === "song" ? "Music" : "Podcasts"}
            </Link>
          </span>
        </p>
      ) : null}
    </form>
  );
}
