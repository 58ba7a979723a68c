/**
 * The most each member's camera may send to each other member, in bits per second. In a mesh every member
 * uploads one stream per other member (DESIGN.md §7), so the per-stream budget shrinks as the room grows.
 */
export function videoBitrateFor(otherMembers: number): number {
  if (otherMembers <= 1) return 1_500_000;
  if (otherMembers <= 3) return 800_000;
  if (otherMembers <= 5) return 500_000;
  return 300_000;
}
