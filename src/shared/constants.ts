/** Business constants of spec §9. */
export const SIDEBAR_BREAKPOINT_PX = 768;
export const PASSWORD_MIN_LENGTH = 8;
export const USERNAME_MIN_LENGTH = 3;
export const ROOM_CODE_LENGTH = 6;
export const ROOM_CODE_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const ROOM_MAX_PARTICIPANTS = 10;
export const LIVE_RETRY_MS = 5000;
export const PLAYER_DEFAULT_VOLUME = 0.7;
export const PLAYER_VOLUME_STEP = 0.01;
export const PLAYER_SEEK_STEP = 0.1;
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const HOME_COUNTS = { sermons: 3, podcasts: 3, songs: 4, posts: 2, events: 3 } as const;
export const CATEGORY_TABS = 3;
export const BIBLE_STUDY_SERIES = 4;
export const MUSIC_CATEGORIES = 4;
export const RECENTLY_PLAYED = 3;
export const LOADING_PLACEHOLDERS = { sermonCards: 6, categoryCards: 3, musicRows: 5, playlistRows: 4 } as const;
/** The longest post and comment (spec §5); here, free of zod, so a page can set its fields' maxLength without it. */
export const POST_MAX_LENGTH = 5000;
export const COMMENT_MAX_LENGTH = 2000;
export const PAGE_LIMIT_DEFAULT = 20;
export const PAGE_LIMIT_MAX = 100;
/**
 * The response header that carries a paginated list's next cursor (also in `Link: <url>; rel="next"`, decision 0004).
 * Here, free of zod, so the web's first page can read it; contracts/common re-exports it.
 */
export const NEXT_CURSOR_HEADER = "x-next-cursor";
export const THEME_STORAGE_KEY = "theme";
export const GREETINGS = ["Welcome back!", "Hello again!", "Good to see you!", "Blessings to you!", "Grace and peace!"] as const;
/** The product's name as the web app shows it (package name "gathering"). */
export const APP_NAME = "Gathering";
/** The community's social pages, shown as icon buttons in the footer; set them to your church's own pages. */
export const SOCIAL_LINKS = {
  facebook: "https://www.facebook.com/",
  instagram: "https://www.instagram.com/",
  youtube: "https://www.youtube.com/",
  x: "https://x.com/",
} as const;
/** The id of the JSON block in the page the server sends: what the first screen needs (the session) without a request. */
export const INITIAL_STATE_ID = "initial-state";
