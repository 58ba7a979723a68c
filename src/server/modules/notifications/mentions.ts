/** The usernames a text mentions as `@username`, each once, in the order written (at most `max`). */
export function mentionedUsernames(text: string, max = 20): string[] {
  const found = new Map<string, string>();
  for (const match of text.matchAll(/(?:^|[^\w@.])@([A-Za-z0-9_][A-Za-z0-9_.-]{2,31})/g)) {
    // A sentence's full stop isn't part of the name: "thanks @ruth." mentions ruth.
    const name = match[1]!.replace(/[.-]+$/, "");
    if (name.length >= 3 && !found.has(name.toLowerCase())) found.set(name.toLowerCase(), name);
    if (found.size >= max) break;
  }
  return [...found.values()];
}
