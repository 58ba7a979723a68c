import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Users } from "lucide-react";
import type { Group } from "@shared/contracts/groups";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { QueryState } from "@web/components/ui/query-state";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle, DialogTrigger } from "@web/components/ui/dialog";
import { errorMessage } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";
import { chatQueries, joinGroup, useGroups } from "./use-chat";

/** How many groups the card shows; View All lists every one. */
const SHOWN_GROUPS = 3;

function GroupRow({
  group,
  onOpen,
  onJoin,
  joining,
}: {
  group: Group;
  onOpen: (id: number) => void;
  onJoin: (id: number) => void;
  joining: boolean;
}) {
  return (
    <li className="flex items-center justify-between gap-3 py-2.5">
      <div className="min-w-0">
        <p className="truncate text-sm font-medium">{group.name}</p>
        <p className="text-xs text-muted-foreground">
          {group.memberCount} {group.memberCount === 1 ? "member" : "members"}
        </p>
      </div>
      <div className="flex items-center gap-2">
        {group.unreadCount > 0 ? <Badge aria-label={`${group.unreadCount} unread`}>{group.unreadCount}</Badge> : null}
        {group.isMember ? (
          <Button size="sm" variant="outline" onClick={() => onOpen(group.id)} aria-label={`Open ${group.name}`}>
            Open
          </Button>
        ) : (
          <Button size="sm" onClick={() => onJoin(group.id)} disabled={joining} aria-label={`Join ${group.name}`}>
            Join
          </Button>
        )}
      </div>
    </li>
  );
}

/** Group chats: the first three with member counts and Join, and View All. */
export function GroupsCard({ onOpenGroup }: { onOpenGroup: (groupId: number) => void }) {
  const queryClient = useQueryClient();
  const groups = useGroups(true);
  const join = useMutation({
    mutationFn: joinGroup,
    onSuccess: (group) => {
      queryClient.setQueryData(chatQueries.groups.queryKey, (current) => current?.map((g) => (g.id === group.id ? group : g)));
      toast({ title: "Joined Group", description: `You are now a member of ${group.name}.` });
      onOpenGroup(group.id);
    },
    onError: (error) => toast({ title: "Error", description: errorMessage(error, "Could not join the group."), variant: "destructive" }),
  });
  const list = groups.data ?? [];
  const row = (group: Group) => (
    <GroupRow key={group.id} group={group} onOpen={onOpenGroup} onJoin={(id) => join.mutate(id)} joining={join.isPending} />
  );

  return (
    <Card>
      <CardHeader className="flex-row items-center justify-between">
        <CardTitle className="flex items-center gap-2 text-base">
          <Users className="size-4" aria-hidden="true" />
          Groups
        </CardTitle>
        <Dialog>
          <DialogTrigger asChild>
            <Button size="sm" variant="link">
              View All
            </Button>
          </DialogTrigger>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>All Groups</DialogTitle>
              <DialogDescription>Join a group to chat with its members.</DialogDescription>
            </DialogHeader>
            <ul className="max-h-[60vh] divide-y divide-border overflow-y-auto">{list.map(row)}</ul>
          </DialogContent>
        </Dialog>
      </CardHeader>
      <CardContent>
        <QueryState
          query={groups}
          loading={<p className="text-sm text-muted-foreground">Loading groups…</p>}
          error="The groups could not be loaded."
          isEmpty={(all) => all.length === 0}
          empty={<p className="text-sm text-muted-foreground">No groups yet.</p>}
        >
          {(all) => <ul className="divide-y divide-border">{all.slice(0, SHOWN_GROUPS).map(row)}</ul>}
        </QueryState>
      </CardContent>
    </Card>
  );
}
