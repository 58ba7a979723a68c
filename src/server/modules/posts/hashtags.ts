const HASHTAG = /(?:^|[^\p{L}\p{N}_&#])#([\p{L}\p{N}_]{2,40})/gu;

/**
 * Counts, for each hashtag, the posts using it (a post counts once per tag), most used first;
 * the spelling shown is the first one seen.
 */
export function countHashtags(contents: string[]): { tag: string; posts: number }[] {
  const counts = new Map<string, { tag: string; posts: number }>();
  for (const content of contents) {
    const seen = new Set<string>();
    for (const [, tag] of content.matchAll(HASHTAG)) {
      if (tag === undefined) continue; // not reached: the pattern's one group takes part in every match
      const key = tag.toLowerCase();
      if (seen.has(key)) continue;
      seen.add(key);
      const entry = counts.get(key);
      if (entry) entry.posts += 1;
      else counts.set(key, { tag, posts: 1 });
    }
  }
  return [...counts.values()].sort((a, b) => b.posts - a.posts || a.tag.localeCompare(b.tag));
}

/** Topics a church feed talks about, each with the word stems that mention it. */
const KNOWN_TOPICS: { tag: string; pattern: RegExp }[] = [
  { tag: "Prayer", pattern: /\bpray(?:er|ers|ing|ed|s)?\b/i },
  { tag: "Worship", pattern: /\bworship(?:ping|ped)?\b/i },
  { tag: "BibleStudy", pattern: /\bbible\b|\bscripture|\bpsalms?\b|\bgospel\b/i },
  { tag: "Testimony", pattern: /\btestimon(?:y|ies)\b|\bpraise report\b/i },
  { tag: "Youth", pattern: /\byouth\b|\bstudents?\b|\bteens?\b/i },
  { tag: "Family", pattern: /\bfamil(?:y|ies)\b|\bmarriage\b|\bparents?\b|\bkids\b|\bchildren\b/i },
  { tag: "Outreach", pattern: /\boutreach\b|\bvolunteer|\bfood bank\b|\bmission/i },
  { tag: "Gratitude", pattern: /\bthank(?:s|ful| you)\b|\bgrateful\b|\bgratitude\b/i },
  { tag: "Music", pattern: /\bsong|\bchoir\b|\bmusic\b|\bhymns?\b/i },
];

/**
 * Trending topics: hashtags first, then the known church topics the posts mention in words,
 * each counted as the number of posts, most discussed first.
 */
export function countTopics(contents: string[]): { tag: string; posts: number }[] {
  const tags = countHashtags(contents);
  const seen = new Set(tags.map((entry) => entry.tag.toLowerCase()));
  for (const topic of KNOWN_TOPICS) {
    if (seen.has(topic.tag.toLowerCase())) continue;
    const posts = contents.filter((content) => topic.pattern.test(content)).length;
    if (posts > 0) tags.push({ tag: topic.tag, posts });
  }
  return tags.sort((a, b) => b.posts - a.posts || a.tag.localeCompare(b.tag));
}
