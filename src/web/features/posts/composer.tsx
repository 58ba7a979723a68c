import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ImagePlus, Send, X } from "lucide-react";
import { POST_MAX_LENGTH } from "@shared/constants";
import { UserAvatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { TextareaField } from "@web/components/ui/form-field";
import { useCreatePost } from "./use-posts";
import { useHydrated } from "@web/lib/use-hydrated";
import { toast } from "@web/lib/use-toast";
import { messages } from "@shared/messages";

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

/** The contract's check of a post's text, loaded on the first Post (it brings zod). */
async function checkContent(content: string): Promise<string | undefined> {
  const { createPostSchema } = await import("@shared/contracts/posts");
  const result = createPostSchema.safeParse({ content });
  return result.success ? undefined : result.error.issues[0]?.message;
}

/**
 * The composer: the text is checked by the contract and Post stays disabled while it is blank (spec §5);
 * an image may be attached (a file beside the form's text, sent as multipart).
 *
 * Unlike the app's other forms it holds its one field itself instead of through react-hook-form, and loads the
 * contract's schema on the first Post: the two were 40 KiB of the community page's first load (issue 9). It checks
 * the way the others do, on submit first, then again on each change.
 */
export function Composer({ displayName, imageUrl }: { displayName: string; imageUrl: string | null }) {
  const [image, setImage] = useState<File | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const hydrated = useHydrated();
  const createPost = useCreatePost();
  const id = useId();
  const preview = usePreview(image);
  const [content, setContent] = useState("");
  const [error, setError] = useState<string>();
  const submitted = useRef(false);

  const clearImage = () => {
    setImage(null);
    if (fileInput.current) fileInput.current.value = "";
  };

  const handleChange = (value: string) => {
    setContent(value);
    // A check that could not load leaves the message as it was; Post says so.
    if (submitted.current) checkContent(value).then(setError, () => {});
  };

  const handlePost = async (event: FormEvent) => {
    event.preventDefault();
    submitted.current = true;
    let problem: string | undefined;
    try {
      problem = await checkContent(content);
    } catch {
      // Its code could not be fetched (the connection dropped since the page loaded): the post was not sent.
      toast({ title: "Error", description: messages.postFailed, variant: "destructive" });
      return;
    }
    setError(problem);
    if (problem) return;
    createPost.mutate(
      { content, image },
      {
        onSuccess: () => {
          setContent("");
          submitted.current = false;
          clearImage();
        },
      },
    );
  };

  return (
    <Card className="p-5">
      <form onSubmit={(event) => void handlePost(event)} noValidate className="flex gap-3">
        <UserAvatar displayName={displayName} imageUrl={imageUrl} className="hidden sm:flex" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <TextareaField
            id={id}
            label="Share with the community"
            hideLabel
            error={error}
            controlProps={{
              rows: 3,
              placeholder: "Share a prayer request, testimony or encouragement...",
              maxLength: POST_MAX_LENGTH,
              name: "content",
              value: content,
              onChange: (event) => handleChange(event.target.value),
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
