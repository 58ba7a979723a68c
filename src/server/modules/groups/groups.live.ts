import type { LiveHub } from "../../live/hub";
import type { GroupsService } from "./groups.service";

/** The groups module's part of the live link: each new connection hears its member's groups, whose members see its presence. */
export function registerGroupsLive(hub: LiveHub, groups: GroupsService) {
  hub.onConnect((conn) => groups.subscribeConnection(conn));
  hub.presenceAudience((userId) => groups.coMemberIds(userId));
}
