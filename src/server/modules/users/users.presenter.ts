import type { User } from "@shared/contracts/users";
import type { UserRow } from "../../db/schema";

/** The only way a member's row leaves the server: no password hash, and the email only for its owner. */
export function presentUser(row: UserRow, viewerId: number | null): User {
  return {
    id: row.id,
    username: row.username,
    displayName: row.displayName,
    ...(viewerId === row.id ? { email: row.email } : {}),
    bio: row.bio,
    profileImageUrl: row.profileImageUrl,
    accountType: row.accountType,
    role: row.role,
    postCount: row.postCount,
    favoriteCount: row.favoriteCount,
    createdAt: row.createdAt,
  };
}
