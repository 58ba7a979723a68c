import { SkeletonList } from "@web/components/ui/skeleton";

/** Placeholders for posts while they load. */
export function PostSkeletons({ count }: { count: number }) {
  return <SkeletonList count={count} className="gap-4" itemClassName="h-36 w-full rounded-xl" />;
}
