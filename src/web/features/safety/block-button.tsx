import { useMutation, useQuery } from "@tanstack/react-query";
import { Ban } from "lucide-react";
import { Button } from "@web/components/ui/button";
import { callRoute, errorMessage, routeKey, routeQuery } from "@web/lib/api";
import { queryClient } from "@web/lib/query-client";
import { toast } from "@web/lib/use-toast";
import { useAuth } from "@web/features/auth/use-auth";

/** After a block or an unblock, the lists it changes are read again. */
export function refreshAfterBlock() {
  void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/blocks") });
  void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/posts") });
  void queryClient.invalidateQueries({ queryKey: routeKey("GET /api/prayer") });
}

/** Block or unblock a member from their profile; shown to signed-in members on someone else's profile. */
export function BlockButton({ userId, displayName }: { userId: number; displayName: string }) {
  const { user } = useAuth();
  const blocks = useQuery({ ...routeQuery("GET /api/blocks"), enabled: user !== null });
  const isBlocked = blocks.data?.some((member) => member.id === userId) ?? false;
  const toggle = useMutation({
    mutationFn: () =>
      isBlocked
        ? callRoute("DELETE /api/blocks/:userId", { params: { userId } })
        : callRoute("PUT /api/blocks/:userId", { params: { userId } }),
    onSuccess: () => {
      toast({
        title: isBlocked ? "Member Unblocked" : "Member Blocked",
        description: isBlocked
          ? `${displayName} can see your posts and message you again.`
          : `You won't see ${displayName}'s posts, and they can't message you, see your posts or join your rooms.`,
      });
      refreshAfterBlock();
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Could not change the block."), variant: "destructive" }),
  });
  if (!user || user.id === userId || !blocks.data) return null;
  return (
    <Button variant="outline" onClick={() => toggle.mutate()} disabled={toggle.isPending}>
      <Ban aria-hidden="true" />
      {isBlocked ? "Unblock" : "Block"}
    </Button>
  );
}
