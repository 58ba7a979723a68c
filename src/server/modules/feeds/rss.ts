import { createHash } from "node:crypto";

/**
 * A small RSS 2.0 writer for podcast feeds: the `itunes:` namespace Apple documents and the Podcasting 2.0 `podcast:`
 * namespace (guid, locked, person, transcript). Pure: every value arrives already absolute and checked.
 */

export interface FeedPerson {
  name: string;
  role: "host" | "guest";
  href?: string;
  img?: string;
}

export interface FeedItem {
  guid: string;
  title: string;
  description: string;
  link: string;
  pubDate: Date;
  enclosure: { url: string; length: number; type: string };
  /** Seconds. */
  duration: number;
  image?: string;
  explicit: boolean;
  people: FeedPerson[];
  transcript?: { url: string; type: string };
}

export interface FeedChannel {
  title: string;
  description: string;
  /** The page of the show on the site. */
  link: string;
  /** This feed's own URL (atom:link rel="self"). */
  feedUrl: string;
  language: string;
  author: string;
  /** Without an email, `itunes:email` and the lock's owner are left out. */
  owner: { name: string; email?: string };
  artwork: string;
  category: string;
  subcategory?: string;
  explicit: boolean;
  guid: string;
  locked: boolean;
  copyright: string;
  lastModified: Date;
  people: FeedPerson[];
  items: FeedItem[];
}

const NAMESPACES = [
  'xmlns:itunes="http://www.itunes.com/dtds/podcast-1.0.dtd"',
  'xmlns:podcast="https://podcastindex.org/namespace/1.0"',
  'xmlns:atom="http://www.w3.org/2005/Atom"',
  'xmlns:content="http://purl.org/rss/1.0/modules/content/"',
].join(" ");

/** Escapes text and attribute values; characters XML 1.0 forbids are dropped. */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, "")
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

const element = (name: string, value: string, attributes = "") => `<${name}${attributes}>${escapeXml(value)}</${name}>`;
const attrs = (values: Record<string, string | number | undefined>) =>
  Object.entries(values)
    .filter(([, value]) => value !== undefined && value !== "")
    .map(([key, value]) => ` ${key}="${escapeXml(String(value))}"`)
    .join("");

/** itunes:duration as H:MM:SS (or M:SS under an hour). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${rest}` : `${minutes}:${rest}`;
}

/** A name-based (version 5) UUID, RFC 9562 §5.5. */
export function uuidV5(name: string, namespace: string): string {
  const bytes = createHash("sha1")
    .update(Buffer.from(namespace.replace(/-/g, ""), "hex"))
    .update(name, "utf8")
    .digest()
    .subarray(0, 16);
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x50;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The namespace the Podcasting 2.0 spec gives for `podcast:guid`. */
const PODCAST_GUID_NAMESPACE = "ead4c236-bf58-58c6-a2c6-a6b28d128cb6";

/** `podcast:guid` as the spec derives it: a UUIDv5 of the feed URL without its scheme and trailing slashes. */
export function podcastGuid(feedUrl: string): string {
  return uuidV5(feedUrl.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "").replace(/\/+$/, ""), PODCAST_GUID_NAMESPACE);
}

const personLine = (person: FeedPerson) =>
  `<podcast:person${attrs({ role: person.role, href: person.href, img: person.img })}>${escapeXml(person.name)}</podcast:person>`;

function itemLines(item: FeedItem): string[] {
  return [
    "<item>",
    element("title", item.title),
    element("description", item.description || item.title),
    element("link", item.link),
    element("guid", item.guid, ' isPermaLink="false"'),
    element("pubDate", item.pubDate.toUTCString()),
    `<enclosure${attrs({ url: item.enclosure.url, length: item.enclosure.length, type: item.enclosure.type })}/>`,
    element("itunes:title", item.title),
    element("itunes:duration", formatDuration(item.duration)),
    element("itunes:explicit", item.explicit ? "true" : "false"),
    element("itunes:episodeType", "full"),
    ...(item.image ? [`<itunes:image${attrs({ href: item.image })}/>`] : []),
    ...(item.transcript ? [`<podcast:transcript${attrs({ url: item.transcript.url, type: item.transcript.type })}/>`] : []),
    ...item.people.map(personLine),
    "</item>",
  ];
}

/** A complete feed document. */
export function buildPodcastFeed(channel: FeedChannel): string {
  const lines = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<rss version="2.0" ${NAMESPACES}>`,
    "<channel>",
    element("title", channel.title),
    element("description", channel.description || channel.title),
    element("link", channel.link),
    `<atom:link${attrs({ href: channel.feedUrl, rel: "self", type: "application/rss+xml" })}/>`,
    element("language", channel.language),
    element("copyright", channel.copyright),
    element("lastBuildDate", channel.lastModified.toUTCString()),
    element("generator", "Gathering"),
    `<image>${element("url", channel.artwork)}${element("title", channel.title)}${element("link", channel.link)}</image>`,
    element("itunes:author", channel.author),
    element("itunes:summary", channel.description || channel.title),
    `<itunes:owner>${element("itunes:name", channel.owner.name)}${channel.owner.email ? element("itunes:email", channel.owner.email) : ""}</itunes:owner>`,
    `<itunes:image${attrs({ href: channel.artwork })}/>`,
    channel.subcategory
      ? `<itunes:category${attrs({ text: channel.category })}><itunes:category${attrs({ text: channel.subcategory })}/></itunes:category>`
      : `<itunes:category${attrs({ text: channel.category })}/>`,
    element("itunes:explicit", channel.explicit ? "true" : "false"),
    element("itunes:type", "episodic"),
    element("podcast:guid", channel.guid),
    element("podcast:locked", channel.locked ? "yes" : "no", attrs({ owner: channel.owner.email })),
    ...channel.people.map(personLine),
    ...channel.items.flatMap(itemLines),
    "</channel>",
    "</rss>",
  ];
  return `${lines.join("\n")}\n`;
}
