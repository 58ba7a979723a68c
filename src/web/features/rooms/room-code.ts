import { ROOM_CODE_LENGTH } from "@shared/constants";

/** The join field's rule of spec §5: upper case, A-Z and 0-9 only, at most six characters. */
export function normalizeRoomCode(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, "")
    .slice(0, ROOM_CODE_LENGTH);
}
