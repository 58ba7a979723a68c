import type { UserRow } from "./db/schema";

type Viewer = Pick<UserRow, "id" | "role">;

/** Who may do what to which resource: every service that changes something asks here first. */
export const policies = {
  editProfile: (viewer: Viewer, userId: number) => viewer.id === userId,
  changeOwned: (viewer: Viewer, ownerId: number) => viewer.id === ownerId,
  moderate: (viewer: Viewer) => viewer.role === "admin",
  publishContent: (viewer: Viewer) => viewer.role === "creator" || viewer.role === "admin",
  manageEvents: (viewer: Viewer) => viewer.role === "admin",
  deleteOwnedOrModerate: (viewer: Viewer, ownerId: number) => viewer.id === ownerId || viewer.role === "admin",
};
