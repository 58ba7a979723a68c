import { useEffect, useId, useRef, useState } from "react";
import { useWatch } from "react-hook-form";
import { ImagePlus, Send, X } from "lucide-react";
import { type CreatePost, createPostSchema } from "@shared/contracts/posts";
import { UserAvatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { TextareaField } from "@web/components/ui/form-field";
import { maxLengthOf, useSchemaForm } from "@web/lib/forms";
import { useCreatePost } from "./use-posts";
import { useHydrated } from "@web/lib/use-hydrated";

const IMAGE_TYPES = "image/jpeg,image/png,image/gif,image/webp";

/** A local preview of the chosen image, released when it changes or the composer unmounts. */
function usePreview(image: File | null): string | null {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!image) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(image);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [image]);
  return preview;
}

/**
 * The composer: the text is checked by the contract and Post stays disabled while it is blank (spec §5);
 * an image may be attached (a file beside the form's text, sent as multipart).
 */
export function Composer({ displayName, imageUrl }: { displayName: string; imageUrl: string | null }) {
  const [image, setImage] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const createPost = useCreatePost();
  const id = useId();
  const preview = usePreview(image);
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useSchemaForm(createPostSchema, { defaultValues: { content: "" } });
  const content = useWatch({ control, name: "content" }) ?? "";

  const clearImage = () => {
    setImage(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const handlePost = (post: CreatePost) =>
    createPost.mutate(
      { content: post.content, image },
      {
        onSuccess: () => {
          reset();
          clearImage();
        },
      },
    );

  return (
    <Card className="p-5">
      <form onSubmit={handleSubmit(handlePost)} noValidate className="flex gap-3">
        <UserAvatar displayName={displayName} imageUrl={imageUrl} className="hidden sm:flex" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <TextareaField
            id={id}
            label="Share with the community"
            hideLabel
            error={errors.content?.message}
            controlProps={{
              rows: 3,
              placeholder: "Share a prayer request, testimony or encouragement...",
              maxLength: maxLengthOf(createPostSchema.shape.content),
              ...register("content"),
            }}
          />
          {image && preview ? (
            <div className="flex items-center gap-3 text-sm">
              <img src={preview} alt="Selected image preview" className="size-16 rounded-md border border-border object-cover" />
              <span className="min-w-0 truncate">{image.name}</span>
              <Button variant="ghost" size="sm" aria-label="Remove image" onClick={clearImage}>
                <X aria-hidden="true" />
              </Button>
            </div>
          ) : null}
          <div className="flex items-center justify-between gap-2">
            {/* Not in the server's drawing of the page: a file chosen before the hydration would be dropped by it. */}
            {hydrated ? (
              <input
                ref={fileInput}
                type="file"
                accept={IMAGE_TYPES}
                className="sr-only"
                tabIndex={-1}
                aria-label="Attach an image"
                onChange={(event) => setImage(event.target.files?.[0] ?? null)}
              />
            ) : null}
            <Button variant="outline" size="sm" onClick={() => fileInput.current?.click()}>
              <ImagePlus aria-hidden="true" />
              Add Image
            </Button>
            <Button type="submit" disabled={!content.trim() || createPost.isPending}>
              <Send aria-hidden="true" />
              {createPost.isPending ? "Posting..." : "Post"}
            </Button>
          </div>
        </div>
      </form>
    </Card>
  );
}
