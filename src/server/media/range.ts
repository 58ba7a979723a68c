/** A byte range to serve, inclusive at both ends. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Reads a Range header for a file of `size` bytes (RFC 9110 §14.1.2).
 * Answers the range, "unsatisfiable", or undefined when the header should be ignored (absent,
 * not bytes, malformed, or several ranges — those get the whole file).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | undefined {
  if (!header) return undefined;
  const match = /^bytes=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header.trim());
  if (!match) return undefined;
  const [, first, last] = match;
  if (first === "" && last === "") return undefined;
  if (first === "") {
    // A suffix range: the last N bytes.
    const length = Number(last);
    if (length === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - length), end: size - 1 };
  }
  const start = Number(first);
  const end = last === "" ? size - 1 : Math.min(Number(last), size - 1);
  if (start >= size || (last !== "" && Number(last) < start)) return "unsatisfiable";
  return { start, end };
}
