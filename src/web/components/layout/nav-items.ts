import {
  BookOpen,
  Compass,
  HandHeart,
  Heart,
  History,
  House,
  ListMusic,
  MessageCircle,
  Mic,
  Music,
  Users,
  Video,
  type LucideIcon,
} from "lucide-react";

export type NavItem = { label: string; href: string; icon: LucideIcon };
export type NavGroup = { title: string; items: NavItem[] };

/** The sidebar's three groups (spec §2 "Layout"). */
export const navGroups: NavGroup[] = [
  {
    title: "Main",
    items: [
      { label: "Home", href: "/", icon: House },
      { label: "Discover", href: "/discover", icon: Compass },
      { label: "Podcasts", href: "/podcasts", icon: Mic },
      { label: "Music", href: "/music", icon: Music },
      { label: "Sermons", href: "/sermons", icon: BookOpen },
    ],
  },
  {
    title: "Connect",
    items: [
      { label: "Video Conferences", href: "/video-conference", icon: Video },
      { label: "Messaging", href: "/chat", icon: MessageCircle },
      { label: "Community", href: "/community", icon: Users },
      { label: "Prayer", href: "/prayer", icon: HandHeart },
    ],
  },
  {
    title: "Your Library",
    items: [
      { label: "Favorites", href: "/favorites", icon: Heart },
      { label: "Playlists", href: "/playlists", icon: ListMusic },
      { label: "History", href: "/history", icon: History },
    ],
  },
];

/** An item is active on its own path and, except Home, on the paths below it (/community/12). */
export function isActivePath(href: string, location: string): boolean {
  if (href === "/") return location === "/";
  return location === href || location.startsWith(`${href}/`);
}
