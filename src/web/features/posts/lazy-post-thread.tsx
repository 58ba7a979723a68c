import { lazy, type ComponentProps } from "react";
import { Card } from "@web/components/ui/card";
import { PostSkeletons } from "./post-skeletons";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";

// A post's thread holds the comment form, validated by the contract (zod): it loads with the first thread opened.
const PostThread = lazy(async () => ({ default: (await import("./post-thread")).PostThread }));

/** A post with its comments, loaded when a post's page is first opened. */
export function LazyPostThread(props: ComponentProps<typeof PostThread>) {
  return (
    <BrowserSuspense fallback={<PostSkeletons count={1} />}>
      <PostThread {...props} />
    </BrowserSuspense>
  );
}

export function PostNotFound() {
  return (
    <Card className="p-8 text-center">
      <h3 className="text-lg font-semibold">Post Not Found</h3>
      <p className="mt-1 text-muted-foreground">This post may have been removed.</p>
    </Card>
  );
}
