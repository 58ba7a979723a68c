const HASHTAG = /(?:^|[^\p{L}\p{N}_&#])#([\p{L}\p{N}_]{2,40})/gu;

/**
 * Counts, for each hashtag, the posts using it (a post counts once per tag), most used first;
 * the spelling shown is the first one seen.
 */
export function countHashtags(contents: string[]): { tag: string; posts: number }[] {
  const counts = new Map<string, { tag: string; posts: number }>();
  for (const content of contents) {
    const seen = new Set<string>();
    for (const match of content.matchAll(HASHTAG)) {
      const key = match[1].toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = counts.get(key);
      if (entry) entry.posts += 1;
      else counts.set(key, { tag: match[1], posts: 1 });
    }
  }
  return [...counts.values()].sort((a, b) => b.posts - a.posts || a.tag.localeCompare(b.tag));
}
