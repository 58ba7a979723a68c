import type { ChatMessage } from "@shared/contracts/live";
import { groupMessages } from "@shared/contracts/groups";
import type { AppContext } from "../../context";
import { forbidden, notFound } from "../../http/errors";
import type { Page } from "../../http/pagination";
import type { LiveConnection } from "../../live/hub";
import { presentMessage } from "../messages/messages.presenter";
import { type MessageKeyset, createMessagesRepository } from "../messages/messages.repository";
import { createGroupsRepository } from "./groups.repository";

/** The live channel of a group's chat, which every open connection of its members is subscribed to. */
export const groupChannel = (groupId: number) => `group:${groupId}`;

/** Group chats: joining and leaving (which reaches the member's open connections at once) and reading, for members. */
export function createGroupsService(ctx: AppContext) {
  const groups = createGroupsRepository(ctx.db);
  const messages = createMessagesRepository(ctx.db, ctx.database.dialect);
  const { clock, live: hub } = ctx;

  const requireGroup = async (groupId: number) => {
    if (!(await groups.exists(groupId))) throw notFound(groupMessages.notFound);
  };
  const findGroup = async (groupId: number, viewerId: number) => {
    const [group] = await groups.list(viewerId, groupId);
    if (!group) throw notFound(groupMessages.notFound);
    return group;
  };

  return {
    list: (viewerId: number | null) => groups.list(viewerId),

    /** Joins the group; answers whether the member is new to it. */
    async join(viewerId: number, groupId: number) {
      await requireGroup(groupId);
      const joined = await groups.join(groupId, viewerId, clock.iso());
      if (joined) {
        await hub.subscribeMember(viewerId, groupChannel(groupId));
        await hub.toMember(viewerId, { type: "GROUP_JOINED", payload: { groupId } });
        await hub.sharePresence(viewerId, await groups.memberIds(groupId));
      }
      return { group: await findGroup(groupId, viewerId), joined };
    },

    async leave(viewerId: number, groupId: number) {
      await requireGroup(groupId);
      const coMembers = await groups.memberIds(groupId);
      await groups.leave(groupId, viewerId);
      await hub.unsubscribeMember(viewerId, groupChannel(groupId));
      await hub.reviewPresence(viewerId, coMembers);
      return findGroup(groupId, viewerId);
    },

    /** A page of the group's messages, newest first, for members only; the first page marks the group read. */
    async messages(
      viewerId: number,
      groupId: number,
      query: { limit: number; before: MessageKeyset | undefined },
    ): Promise<Page<ChatMessage>> {
      await requireGroup(groupId);
      if (!(await groups.isMember(groupId, viewerId))) throw forbidden(groupMessages.membersOnly);
      const page = await messages.groupMessages(groupId, { limit: query.limit, cursor: query.before });
      if (!query.before) await groups.markRead(groupId, viewerId, clock.iso());
      return { items: page.items.map((row) => presentMessage(row)), hasMore: page.hasMore };
    },

    isMember: (groupId: number, userId: number) => groups.isMember(groupId, userId),
    shareAGroup: (a: number, b: number) => groups.shareAGroup(a, b),
    markRead: (groupId: number, userId: number) => groups.markRead(groupId, userId, clock.iso()),

    /** Who may see the member's presence: everyone in a group with them. */
    coMemberIds: (userId: number) => groups.coMemberIds(userId),

    /** A new connection hears the chats of every group its member belongs to. */
    async subscribeConnection(conn: LiveConnection) {
      for (const groupId of await groups.groupIdsOf(conn.user.id)) await conn.subscribe(groupChannel(groupId));
    },
  };
}
export type GroupsService = ReturnType<typeof createGroupsService>;
