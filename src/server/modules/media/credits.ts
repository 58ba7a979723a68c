/** The words and marks that join several people in an item's speaker, artist or host line. */
const SEPARATORS = /\s*(?:[&,;/+|]|\b(?:and|with|feat\.?|ft\.?|featuring)(?=\s|$))\s*/i;

/**
 * The people an item's speaker, artist or host line names, each as written, in order and without repeats:
 * "Naomi Asante & Pastor David Mensah" names "Naomi Asante" and "Pastor David Mensah". A member is credited when
 * one of these equals their display name; a name is never matched inside a longer one ("Grace" is not credited
 * on "Elder Grace Boateng").
 */
export function namesCredited(line: string): string[] {
  const names = line
    .split(SEPARATORS)
    .map((name) => name.replace(/\s+/g, " ").trim())
    .filter((name) => name.length > 0);
  const seen = new Set<string>();
  return names.filter((name) => {
    const key = name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
