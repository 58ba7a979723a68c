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
  targetType: "post" | "comment" | "media";
  targetId: number;
  reason: string;
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
