import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useWatch } from "react-hook-form";
import { Link } from "wouter";
import { z } from "zod";
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
import { Field, FormField, TextareaField } from "@web/components/ui/form-field";
import { serverMessage, urlFromQueryKey } from "@web/lib/api";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { queryClient } from "@web/lib/query-client";
import { toast } from "@web/lib/use-toast";
import { libraryPathFor, uploadMedia } from "./upload-media";

const selectClasses =
  "flex h-10 w-full cursor-pointer rounded-lg border border-input bg-card px-3 py-2 text-sm text-foreground shadow-xs focus-visible:border-ring aria-invalid:border-destructive";
const fileClasses =
  "block w-full cursor-pointer rounded-lg border border-input bg-card text-sm text-foreground shadow-xs file:mr-3 file:cursor-pointer file:border-0 file:bg-secondary file:px-3 file:py-2 file:text-secondary-foreground aria-invalid:border-destructive";

const typeLabels: Record<MediaType, string> = { sermon: "Sermon", song: "Song", podcast: "Podcast episode" };
const artistLabels: Record<MediaType, string> = { sermon: "Speaker", song: "Artist", podcast: "Host" };
const MEDIA_ACCEPT =
  "audio/mpeg,audio/mp4,audio/ogg,audio/wav,audio/flac,audio/webm,video/mp4,video/webm,.mp3,.m4a,.mp4,.webm,.ogg,.wav,.flac";

/** The chosen files of a file input (a FileList in the browser). */
const files = z.custom<FileList | undefined>(
  (value) => value === undefined || (typeof value === "object" && value !== null && "length" in value),
);
const firstFile = (list: FileList | undefined) => (list && list.length > 0 ? (list[0] ?? null) : null);

/** The contract's text fields (POST /api/content/media), plus the media file and the optional thumbnail the form carries. */
const publishFormSchema = publishMediaFieldsSchema.extend({
  file: files
    .refine((list) => firstFile(list) !== null, publishingMessages.fileRequired)
    .refine((list) => (firstFile(list)?.size ?? 0) <= PUBLISH_MEDIA_MAX_BYTES, publishingMessages.fileTooLarge),
  thumbnail: files.refine((list) => (firstFile(list)?.size ?? 0) <= PUBLISH_THUMBNAIL_MAX_BYTES, publishingMessages.thumbnailTooLarge),
});
type PublishForm = z.output<typeof publishFormSchema>;
const fields = publishMediaFieldsSchema.shape;
const emptyForm = {
  type: "sermon",
  categoryId: "",
  title: "",
  artist: "",
  description: "",
  file: undefined,
  thumbnail: undefined,
} as const;

/** The publish form for creators and admins: a media file, an optional thumbnail, its words and its category. */
export function PublishMediaForm() {
  const [progress, setProgress] = useState<number | null>(null);
  const [published, setPublished] = useState<MediaItem | null>(null);
  const {
    register,
    control,
    handleSubmit,
    reset,
    setValue,
    formState: { errors },
  } = useSchemaForm(publishFormSchema, { defaultValues: emptyForm });
  const type = useWatch({ control, name: "type" }) as MediaType;
  const categoryType = categoryTypeForMedia[type];
  const categories = useQuery<Category[]>({ queryKey: ["/api/content/categories", { type: categoryType }] });

  async function handlePublish({ file, thumbnail, ...text }: PublishForm) {
    const data = new FormData();
    for (const [name, value] of Object.entries(text)) data.set(name, String(value));
    data.set("file", firstFile(file)!);
    const image = firstFile(thumbnail);
    if (image) data.set("thumbnail", image);
    setPublished(null);
    setProgress(0);
    try {
      const item = await uploadMedia(data, setProgress);
      setPublished(item);
      reset({ ...emptyForm, type: item.type });
      void queryClient.invalidateQueries({ queryKey: ["/api/content/media"] });
      void queryClient.invalidateQueries({ queryKey: ["/api/content/featured"] });
      // The profiles' Media tabs (/api/users/{id}/media): the item may name any member.
      void queryClient.invalidateQueries({ predicate: (query) => /^\/api\/users\/\d+\/media/.test(urlFromQueryKey(query.queryKey)) });
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

  return (
    <form onSubmit={handleSubmit(handlePublish)} noValidate className="flex flex-col gap-4" aria-label="Publish media">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="publish-type" label="Type" error={errors.type?.message}>
          {(aria) => (
            <select {...aria} className={selectClasses} {...register("type", { onChange: () => setValue("categoryId", "") })}>
              {(Object.keys(typeLabels) as MediaType[]).map((value) => (
                <option key={value} value={value}>
                  {typeLabels[value]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField id="publish-category" label="Category" error={errors.categoryId?.message}>
          {(aria) => (
            <select {...aria} className={selectClasses} {...register("categoryId")}>
              <option value="" disabled>
                {categories.isPending ? "Loading categories…" : "Choose a category"}
              </option>
              {categories.data?.map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <Field
        id="publish-title"
        label="Title"
        error={errors.title?.message}
        controlProps={{ maxLength: maxLengthOf(fields.title), ...register("title") }}
      />
      <Field
        id="publish-artist"
        label={artistLabels[type]}
        error={errors.artist?.message}
        controlProps={{ maxLength: maxLengthOf(fields.artist), ...register("artist") }}
      />
      <TextareaField
        id="publish-description"
        label="Description"
        error={errors.description?.message}
        controlProps={{ rows: 4, maxLength: maxLengthOf(fields.description), ...register("description") }}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          id="publish-file"
          label="Audio or video file"
          error={errors.file?.message}
          hint="MP3, M4A, MP4, WebM, Ogg, WAV or FLAC, up to 200 MB."
        >
          {(aria) => <input {...aria} type="file" accept={MEDIA_ACCEPT} className={fileClasses} {...register("file")} />}
        </FormField>
        <FormField
          id="publish-thumbnail"
          label="Thumbnail (optional)"
          error={errors.thumbnail?.message}
          hint="JPEG, PNG or WebP, up to 5 MB."
        >
          {(aria) => (
            <input {...aria} type="file" accept="image/jpeg,image/png,image/webp" className={fileClasses} {...register("thumbnail")} />
          )}
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
