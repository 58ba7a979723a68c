import { useMutation, useQuery } from "@tanstack/react-query";
import { Ban } from "lucide-react";
import { UserAvatar } from "@web/components/ui/avatar";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { QueryState } from "@web/components/ui/query-state";
import { Skeleton } from "@web/components/ui/skeleton";
import { callRoute, errorMessage, routeQuery } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";
import { refreshAfterBlock } from "./block-button";

/** /settings: the members I blocked, each with Unblock. */
export function BlockedMembersCard() {
  const blocks = useQuery(routeQuery("GET /api/blocks"));
  const unblock = useMutation({
    mutationFn: (member: { id: number; displayName: string }) => callRoute("DELETE /api/blocks/:userId", { params: { userId: member.id } }),
    onSuccess: (_, member) => {
      toast({ title: "Member Unblocked", description: `${member.displayName} can see your posts and message you again.` });
      refreshAfterBlock();
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Could not unblock."), variant: "destructive" }),
  });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2 text-base">
          <Ban className="size-4" aria-hidden="true" />
          Blocked Members
        </CardTitle>
        <CardDescription>
          Blocked members can't message you, see your posts or join rooms you host, and their posts leave your feed.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryState
          query={blocks}
          loading={<Skeleton className="h-12 w-full" />}
          error="Your blocked members could not be loaded."
          isEmpty={(list) => list.length === 0}
          empty={<p className="text-sm text-muted-foreground">You haven't blocked anyone.</p>}
        >
          {(list) => (
            <ul className="flex flex-col gap-3" aria-label="Blocked members">
              {list.map((member) => (
                <li key={member.id} className="flex items-center justify-between gap-3">
                  <span className="flex min-w-0 items-center gap-3">
                    <UserAvatar displayName={member.displayName} imageUrl={member.profileImageUrl} size="sm" />
                    <span className="truncate text-sm font-medium">{member.displayName}</span>
                  </span>
                  <Button size="sm" variant="outline" onClick={() => unblock.mutate(member)} disabled={unblock.isPending}>
                    Unblock<span className="sr-only"> {member.displayName}</span>
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
