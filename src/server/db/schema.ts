import type { Generated, Insertable, Selectable } from "kysely";

/** Timestamps are ISO 8601 strings in both dialects, written by the application. */
type Timestamp = string;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  displayName: string;
  email: string;
  passwordHash: string;
  bio: string | null;
  profileImageUrl: string | null;
  accountType: "free" | "premium";
  role: "member" | "creator" | "admin";
  createdAt: Timestamp;
  passwordChangedAt: Timestamp;
}

export interface SessionsTable {
  id: string; // sha-256 of the token, hex
  userId: number;
  persistent: number;
  createdAt: Timestamp;
  lastSeenAt: Timestamp;
  expiresAt: Timestamp;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  description: string;
  type: "sermon" | "music" | "podcast";
}

export interface MediaTable {
  id: Generated<number>;
  title: string;
  description: string;
  type: "sermon" | "podcast" | "song";
  categoryId: number | null;
  artist: string;
  thumbnailUrl: string | null;
  mediaUrl: string;
  mimeType: string;
  duration: number;
  playCount: Generated<number>;
  likesCount: Generated<number>;
  uploadedBy: number | null;
  createdAt: Timestamp;
}

export interface MediaLikesTable {
  userId: number;
  mediaId: number;
  createdAt: Timestamp;
}

export interface FavoritesTable {
  userId: number;
  mediaId: number;
  createdAt: Timestamp;
}

export interface PlayHistoryTable {
  id: Generated<number>;
  userId: number;
  mediaId: number;
  position: number;
  playedAt: Timestamp;
}

export interface PlaylistsTable {
  id: Generated<number>;
  userId: number;
  name: string;
  description: string | null;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

export interface PlaylistItemsTable {
  id: Generated<number>;
  playlistId: number;
  mediaId: number;
  position: number;
  addedAt: Timestamp;
}

export interface PostsTable {
  id: Generated<number>;
  userId: number;
  content: string;
  imageUrl: string | null;
  likesCount: Generated<number>;
  commentsCount: Generated<number>;
  createdAt: Timestamp;
}

export interface PostLikesTable {
  postId: number;
  userId: number;
  createdAt: Timestamp;
}

export interface CommentsTable {
  id: Generated<number>;
  postId: number;
  userId: number;
  content: string;
  createdAt: Timestamp;
}

export interface ReportsTable {
  id: Generated<number>;
  reporterId: number;
  /** 0016_moderation added messages and members. */
  targetType: "post" | "comment" | "message" | "member" | "media";
  targetId: number;
  /** Any text until 0016_moderation; one of four reasons since (the text moved to `details`). */
  reason: "spam" | "harassment" | "inappropriate" | "other";
  createdAt: Timestamp;
  resolvedAt: Timestamp | null;
}

export interface EventsTable {
  id: Generated<number>;
  title: string;
  description: string;
  startTime: Timestamp;
  endTime: Timestamp;
  location: string;
  createdBy: number | null;
  cancelledAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface EventRsvpsTable {
  eventId: number;
  userId: number;
  status: "going" | "not_going";
  createdAt: Timestamp;
}

export interface GroupsTable {
  id: Generated<number>;
  name: string;
  description: string;
  createdBy: number | null;
  createdAt: Timestamp;
}

export interface GroupMembersTable {
  groupId: number;
  userId: number;
  joinedAt: Timestamp;
  lastReadAt: Timestamp | null;
}

export interface MessagesTable {
  id: Generated<number>;
  senderId: number;
  receiverId: number | null;
  groupId: number | null;
  roomCode: string | null;
  content: string;
  createdAt: Timestamp;
  readAt: Timestamp | null;
}

export interface RoomsTable {
  id: Generated<number>;
  name: string;
  description: string | null;
  roomCode: string;
  hostId: number;
  maxParticipants: number;
  createdAt: Timestamp;
  closedAt: Timestamp | null;
}

export interface RoomMembersTable {
  roomId: number;
  userId: number;
  joinedAt: Timestamp;
  leftAt: Timestamp | null;
}

export interface NotificationsTable {
  id: Generated<number>;
  userId: number;
  title: string;
  body: string;
  link: string | null;
  readAt: Timestamp | null;
  createdAt: Timestamp;
}

export interface NewsletterSubscriptionsTable {
  id: Generated<number>;
  email: string;
  createdAt: Timestamp;
}

export interface UserSettingsTable {
  userId: number;
  settings: string; // JSON object
  updatedAt: Timestamp;
}

export interface DB {
  users: UsersTable;
  sessions: SessionsTable;
  categories: CategoriesTable;
  media: MediaTable;
  media_likes: MediaLikesTable;
  favorites: FavoritesTable;
  play_history: PlayHistoryTable;
  playlists: PlaylistsTable;
  playlist_items: PlaylistItemsTable;
  posts: PostsTable;
  post_likes: PostLikesTable;
  comments: CommentsTable;
  reports: ReportsTable;
  events: EventsTable;
  event_rsvps: EventRsvpsTable;
  groups: GroupsTable;
  group_members: GroupMembersTable;
  messages: MessagesTable;
  rooms: RoomsTable;
  room_members: RoomMembersTable;
  notifications: NotificationsTable;
  newsletter_subscriptions: NewsletterSubscriptionsTable;
  user_settings: UserSettingsTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

/** Added by 0003_community: an event's revision, raised on every edit and on cancellation (iCalendar SEQUENCE). */
export interface EventsTable {
  sequence: Generated<number>;
}

/** Added by 0002_media: a member's subscription to a podcast show (a podcast category). */
export interface PodcastSubscriptionsTable {
  userId: number;
  categoryId: number;
  createdAt: Timestamp;
}

// Declaration merging adds the media library's tables to DB without touching the list above.
export interface DB {
  podcast_subscriptions: PodcastSubscriptionsTable;
}

/** Added by 0005_contact: a message to the church office (from /contact or /advertise). */
export interface ContactMessagesTable {
  id: Generated<number>;
  name: string;
  email: string;
  subject: string;
  message: string;
  /** The signed-in member who sent it; null for a visitor. */
  userId: number | null;
  createdAt: Timestamp;
  handledAt: Timestamp | null;
}

export interface DB {
  contact_messages: ContactMessagesTable;
}

/** Added by 0006_throttle: one fixed window of one throttle key (rule and subject), counted atomically. */
export interface ThrottleCountersTable {
  key: string;
  /** Milliseconds since the epoch at which the window began. */
  windowStart: number;
  count: number;
  /** Milliseconds since the epoch after which the row may be purged. */
  expiresAt: number;
}

export interface DB {
  throttle_counters: ThrottleCountersTable;
}

/** Added by 0008_media_credits: a member named on a media item (its speaker, artist or host). */
export interface MediaCreditsTable {
  mediaId: number;
  userId: number;
}

export interface DB {
  media_credits: MediaCreditsTable;
}

/** Added by 0009_jobs_and_reach: one piece of background work (decision 0012). */
export interface JobsTable {
  id: Generated<number>;
  name: string;
  /** JSON; emptied once the job is done, so a token it carried doesn't stay behind. */
  payload: string;
  /** At most one job per key, ever: enqueueing it again does nothing. */
  dedupeKey: string | null;
  status: "pending" | "done" | "failed";
  /** Milliseconds since the epoch from which the job may run. */
  runAt: number;
  attempts: Generated<number>;
  maxAttempts: number;
  /** The instance running it, until `lockedUntil` (ms); a job whose lock ran out is claimed again. */
  lockedBy: string | null;
  lockedUntil: number | null;
  lastError: string | null;
  createdAt: Timestamp;
  finishedAt: Timestamp | null;
}

/** Added by 0009_jobs_and_reach: what reaches a member outside the tab, per category (JSON), and the weekly digest. */
export interface NotificationPreferencesTable {
  userId: number;
  channels: string;
  weeklyDigest: number;
  updatedAt: Timestamp;
}

/** Added by 0009_jobs_and_reach: one device's Web Push subscription. */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  userId: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: Timestamp;
}

/** Added by 0009_jobs_and_reach: secrets the app makes for itself once (the VAPID key pair). */
export interface AppSecretsTable {
  name: string;
  value: string;
  createdAt: Timestamp;
}

/** Added by 0009_jobs_and_reach: an emailed link's token (its SHA-256), usable once before it expires. */
export interface EmailTokensTable {
  tokenHash: string;
  userId: number;
  purpose: "password_reset" | "email_change";
  newEmail: string | null;
  expiresAt: Timestamp;
  usedAt: Timestamp | null;
  createdAt: Timestamp;
}

/** Added by 0009_jobs_and_reach: what a notification is about (decision 0012). */
export interface NotificationsTable {
  category: Generated<string>;
  /** Set by jobs that notify, so a retry stores the notification once. */
  dedupeKey: Generated<string | null>;
}

export interface DB {
  jobs: JobsTable;
  notification_preferences: NotificationPreferencesTable;
  push_subscriptions: PushSubscriptionsTable;
  app_secrets: AppSecretsTable;
  email_tokens: EmailTokensTable;
}

/** Added by 0010_feeds: what a podcast directory requires of a show; `categoryId` null is the sermons feed. */
export interface PodcastShowsTable {
  id: Generated<number>;
  /** "sermons", or "show-{categoryId}". */
  key: string;
  categoryId: number | null;
  author: string;
  ownerName: string;
  ownerEmail: string;
  artworkUrl: string | null;
  itunesCategory: Generated<string>;
  itunesSubcategory: Generated<string>;
  explicit: Generated<number>;
  language: Generated<string>;
  locked: Generated<number>;
  /** Podcasting 2.0 guid: a UUIDv5 of the feed URL the first time it was served, kept when the address changes. */
  guid: string | null;
  updatedAt: Timestamp;
}

/** Added by 0010_feeds: an episode's transcript (WebVTT, SRT, JSON, HTML or plain text), announced in the feeds. */
export interface MediaTranscriptsTable {
  mediaId: number;
  url: string;
}

/** Added by 0010_feeds: the hash of a member's private "My schedule" calendar token. */
export interface CalendarTokensTable {
  userId: number;
  tokenHash: string;
  createdAt: Timestamp;
}

/** Added by 0012_care: members an admin made part of the care team (decision 0016). */
export interface CareTeamTable {
  userId: number;
  grantedBy: number | null;
  grantedAt: Timestamp;
}

/** Added by 0012_care: a request for prayer, kept private to the care team or shown on the wall. */
export interface PrayerRequestsTable {
  id: Generated<number>;
  userId: number;
  content: string;
  visibility: "private" | "wall";
  /** 1 when the wall hides the author from everyone but the care team. */
  anonymous: number;
  /** A new member's wall request is held until the care team publishes it; hidden is a moderator's removal. */
  status: "published" | "held" | "hidden";
  prayedCount: Generated<number>;
  assignedTo: number | null;
  answeredAt: Timestamp | null;
  testimony: string | null;
  createdAt: Timestamp;
}

export interface PrayerPrayedTable {
  requestId: number;
  userId: number;
  createdAt: Timestamp;
}

export interface PrayerNotesTable {
  id: Generated<number>;
  requestId: number;
  authorId: number | null;
  content: string;
  createdAt: Timestamp;
}

export interface PrayerReportsTable {
  id: Generated<number>;
  requestId: number;
  reporterId: number;
  reason: "spam" | "harassment" | "inappropriate" | "other";
  details: string;
  createdAt: Timestamp;
  resolvedAt: Timestamp | null;
}

/** Added by 0012_care: a member (blocker) who blocked another (blocked). */
export interface BlocksTable {
  blockerId: number;
  blockedId: number;
  createdAt: Timestamp;
}

/** Added by 0012_care: who did what to whom, for the admins. */
export interface AuditLogTable {
  id: Generated<number>;
  actorId: number | null;
  action: string;
  targetType: string;
  targetId: number;
  detail: string;
  createdAt: Timestamp;
}

export interface DB {
  podcast_shows: PodcastShowsTable;
  calendar_tokens: CalendarTokensTable;
  media_transcripts: MediaTranscriptsTable;
  care_team: CareTeamTable;
  prayer_requests: PrayerRequestsTable;
  prayer_prayed: PrayerPrayedTable;
  prayer_notes: PrayerNotesTable;
  prayer_reports: PrayerReportsTable;
  blocks: BlocksTable;
  audit_log: AuditLogTable;
}

/** Added by 0012_care: an account's deletion, asked for and then carried out by the purge (decision 0016). */
export interface UsersTable {
  deletionRequestedAt: Timestamp | null;
  deletedAt: Timestamp | null;
}

/** Added by 0011_streaming: a stream a church sends by RTMP, authorized by its key. */
export interface StreamsTable {
  id: Generated<number>;
  name: string;
  streamKey: string;
  createdAt: Timestamp;
  keyRotatedAt: Timestamp;
}

/** Added by 0011_streaming: a service on the streaming schedule. */
export interface StreamServicesTable {
  id: Generated<number>;
  title: string;
  description: string;
  startTime: Timestamp;
  endTime: Timestamp;
  thumbnailUrl: string | null;
  createdBy: number | null;
  createdAt: Timestamp;
}

/** Added by 0011_streaming: one broadcast received on a stream, from publishing started to publishing ended. */
export interface StreamBroadcastsTable {
  id: Generated<number>;
  streamId: number;
  startedAt: Timestamp;
  endedAt: Timestamp | null;
}

/** Added by 0011_streaming: the recording a broadcast left, a draft until an admin publishes it as a sermon (mediaId). */
export interface StreamReplaysTable {
  id: Generated<number>;
  broadcastId: number;
  title: string;
  mediaUrl: string;
  thumbnailUrl: string | null;
  duration: number;
  createdAt: Timestamp;
  mediaId: number | null;
}

export interface DB {
  streams: StreamsTable;
  stream_services: StreamServicesTable;
  stream_broadcasts: StreamBroadcastsTable;
  stream_replays: StreamReplaysTable;
}

/** Reshaped by 0016_moderation: one report of a post, comment, message, member or media item, with a reason (decision 0021). */
export interface ReportsTable {
  /** The member the report is about (the author, the sender, the member, the uploader); null for church media. */
  targetUserId: number | null;
  details: Generated<string>;
  resolvedBy: number | null;
  action: "dismiss" | "hide" | "warn" | "suspend" | "ban" | null;
}

/** Added by 0016_moderation: a member's suspension, ban and new-member review (decision 0021). */
export interface UsersTable {
  suspendedUntil: Timestamp | null;
  bannedAt: Timestamp | null;
  reviewStatus: Generated<"approved" | "pending" | "declined">;
}

/** Added by 0016_moderation: the site's settings an admin changes, by key (the value is JSON). */
export interface SiteSettingsTable {
  key: string;
  value: string;
  updatedAt: Timestamp;
}

export interface DB {
  site_settings: SiteSettingsTable;
}

/** Added by 0017_safe_contact: a first message that waits in its receiver's requests folder (decision 0022). */
export interface MessageRequestsTable {
  id: Generated<number>;
  senderId: number;
  receiverId: number;
  status: "pending" | "accepted" | "declined";
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** Added by 0017_safe_contact: a member's place at a room's door, while the room is open (decision 0022). */
export interface RoomAccessTable {
  roomId: number;
  userId: number;
  status: "waiting" | "admitted" | "declined" | "removed";
  updatedAt: Timestamp;
}

/** Added by 0017_safe_contact: whether newcomers knock first, and whether the door is shut (0 or 1). */
export interface RoomsTable {
  lobby: Generated<number>;
  locked: Generated<number>;
}

export interface DB {
  message_requests: MessageRequestsTable;
  room_access: RoomAccessTable;
}

/** Added by 0015_live_chat: a message of the chat beside a live service or premiere (decision 0020). */
export interface StreamChatMessagesTable {
  id: Generated<number>;
  chatKey: string;
  userId: number;
  content: string;
  createdAt: Timestamp;
  hiddenAt: Timestamp | null;
  hiddenBy: number | null;
}

/** Added by 0015_live_chat: a member an admin muted in one service's chat. */
export interface StreamChatMutesTable {
  chatKey: string;
  userId: number;
  mutedBy: number | null;
  createdAt: Timestamp;
}

/** Added by 0015_live_chat: one service chat's slow mode. */
export interface StreamChatSettingsTable {
  chatKey: string;
  slowModeSeconds: number;
  updatedAt: Timestamp;
}

/** Added by 0015_live_chat: a recorded video scheduled to play as live from startTime to endTime. */
export interface StreamPremieresTable {
  id: Generated<number>;
  mediaId: number;
  startTime: Timestamp;
  endTime: Timestamp;
  createdBy: number | null;
  createdAt: Timestamp;
}

export interface DB {
  stream_chat_messages: StreamChatMessagesTable;
  stream_chat_mutes: StreamChatMutesTable;
  stream_chat_settings: StreamChatSettingsTable;
  stream_premieres: StreamPremieresTable;
}

/** Added by 0018_hidden_content: set while a moderator hides the row (decision 0024); every list leaves it out. */
export interface PostsTable {
  hiddenAt: Generated<Timestamp | null>;
}
export interface CommentsTable {
  hiddenAt: Generated<Timestamp | null>;
}
export interface MessagesTable {
  hiddenAt: Generated<Timestamp | null>;
}
export interface MediaTable {
  hiddenAt: Generated<Timestamp | null>;
}

/** Added by 0019_member_counters: kept exact by triggers on posts (visible ones) and favorites (decision 0031). */
export interface UsersTable {
  postCount: Generated<number>;
  favoriteCount: Generated<number>;
}
