import { lazy, Suspense, useEffect, type ComponentType, type LazyExoticComponent } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { Route, Switch } from "wouter";
import { AppLayout } from "@web/components/layout/app-layout";
import { BrowserSuspense } from "@web/components/ui/browser-suspense";
import { Spinner } from "@web/components/ui/spinner";
import { AuthProvider, useAuth } from "@web/features/auth/use-auth";
import { PlayerProvider } from "@web/features/player/player-provider";
import { queryClient } from "@web/lib/query-client";
import { ThemeProvider } from "@web/lib/theme";
import { endHydrating } from "@web/lib/use-hydrated";

/** Loads a page's named export on first visit, so the first page's JS stays small. */
function lazyPage<Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name): LazyExoticComponent<ComponentType> {
  return lazy(async () => ({ default: (await load())[name] }));
}

// Only a signed-in member can be signed out by the server (decision 0024); the listener, with the live link's frame
// validation (zod), loads for members only, so a visitor's first page doesn't carry it.
const SignedOutListener = lazyPage(() => import("@web/features/auth/signed-out-listener"), "SignedOutListener");

function ServerSignOut() {
  const { user } = useAuth();
  if (!user) return null;
  return (
    <BrowserSuspense fallback={null}>
      <SignedOutListener />
    </BrowserSuspense>
  );
}

// The toast region has nothing to show on a first paint; it loads right after, and shows any toast raised meanwhile.
const Toaster = lazyPage(() => import("@web/components/ui/toaster"), "Toaster");

const HomePage = lazyPage(() => import("./features/home/home-page"), "HomePage");
const AuthPage = lazyPage(() => import("./features/auth/auth-page"), "AuthPage");
const DiscoverPage = lazyPage(() => import("./features/discover/discover-page"), "DiscoverPage");
const ExplorePage = lazyPage(() => import("./features/discover/explore-page"), "ExplorePage");
const PodcastsPage = lazyPage(() => import("./features/podcasts/podcasts-page"), "PodcastsPage");
const PodcastHostingPage = lazyPage(() => import("./features/podcasts/podcast-hosting-page"), "PodcastHostingPage");
const ShowPage = lazyPage(() => import("./features/podcasts/show-page"), "ShowPage");
const DownloadsPage = lazyPage(() => import("./features/downloads/downloads-page"), "DownloadsPage");
const MusicPage = lazyPage(() => import("./features/music/music-page"), "MusicPage");
const SermonsPage = lazyPage(() => import("./features/sermons/sermons-page"), "SermonsPage");
const VideoConferencePage = lazyPage(() => import("./features/rooms/video-conference-page"), "VideoConferencePage");
const ChatPage = lazyPage(() => import("./features/messages/chat-page"), "ChatPage");
const CommunityPage = lazyPage(() => import("./features/posts/community-page"), "CommunityPage");
const FavoritesPage = lazyPage(() => import("./features/favorites/favorites-page"), "FavoritesPage");
const PlaylistsPage = lazyPage(() => import("./features/playlists/playlists-page"), "PlaylistsPage");
const PlaylistPage = lazyPage(() => import("./features/playlists/playlist-page"), "PlaylistPage");
const HistoryPage = lazyPage(() => import("./features/history/history-page"), "HistoryPage");
const SearchPage = lazyPage(() => import("./features/search/search-page"), "SearchPage");
const ProfilePage = lazyPage(() => import("./features/users/profile-page"), "ProfilePage");
const SettingsPage = lazyPage(() => import("./features/settings/settings-page"), "SettingsPage");
const AccountPage = lazyPage(() => import("./features/account/account-page"), "AccountPage");
const CreatePage = lazyPage(() => import("./features/publishing/create-page"), "CreatePage");
const EventsPage = lazyPage(() => import("./features/events/events-page"), "EventsPage");
const StreamingPage = lazyPage(() => import("./features/streaming/streaming-page"), "StreamingPage");
const AdvertisePage = lazyPage(() => import("./features/advertise/advertise-page"), "AdvertisePage");
const PrivacyPage = lazyPage(() => import("./features/legal/privacy-page"), "PrivacyPage");
const TermsPage = lazyPage(() => import("./features/legal/terms-page"), "TermsPage");
const ContactPage = lazyPage(() => import("./features/contact/contact-page"), "ContactPage");
const ForgotPasswordPage = lazyPage(() => import("./features/auth/password-reset-pages"), "ForgotPasswordPage");
const ResetPasswordPage = lazyPage(() => import("./features/auth/password-reset-pages"), "ResetPasswordPage");
const ConfirmEmailPage = lazyPage(() => import("./features/auth/password-reset-pages"), "ConfirmEmailPage");
const PrayerPage = lazyPage(() => import("./features/prayer/prayer-page"), "PrayerPage");
const AdminPage = lazyPage(() => import("./features/admin/admin-page"), "AdminPage");
const NotFoundPage = lazyPage(() => import("./features/errors/not-found-page"), "NotFoundPage");
// The service worker and its update prompt load after the first paint (workbox-window stays off the entry).
const AppUpdates = lazy(async () => ({ default: (await import("./pwa/register")).AppUpdates }));

/**
 * The page the server drew comes disabled (decisions 0032, 0033): shown, but not yet to be clicked or typed into, since
 * nothing would answer (public/boot.js holds both back). Once the page's part is hydrated, its effects run and the
 * page becomes usable.
 */
function Interactive() {
  useEffect(() => {
    document.getElementById("root")?.removeAttribute("aria-disabled");
    endHydrating();
  }, []);
  return null;
}

function PageSpinner() {
  return <Spinner label="Loading page…" className="min-h-[40vh]" />;
}

/** The route table of spec §2. The auth page stands alone; every other page sits in the app layout. */
function Routes() {
  return (
    <Switch>
      <Route path="/auth/:tab?">
        <Suspense fallback={<PageSpinner />}>
          <AuthPage />
          <Interactive />
        </Suspense>
      </Route>
      <Route>
        <AppLayout>
          <Suspense fallback={<PageSpinner />}>
            <Switch>
              <Route path="/" component={HomePage} />
              <Route path="/discover" component={DiscoverPage} />
              <Route path="/explore" component={ExplorePage} />
              <Route path="/podcasts" component={PodcastsPage} />
              <Route path="/podcasts/host" component={PodcastHostingPage} />
              <Route path="/podcasts/shows/:id" component={ShowPage} />
              <Route path="/music" component={MusicPage} />
              <Route path="/sermons" component={SermonsPage} />
              <Route path="/video-conference" component={VideoConferencePage} />
              <Route path="/chat" component={ChatPage} />
              <Route path="/community/:id?" component={CommunityPage} />
              <Route path="/favorites" component={FavoritesPage} />
              <Route path="/playlists" component={PlaylistsPage} />
              <Route path="/playlists/:id" component={PlaylistPage} />
              <Route path="/history" component={HistoryPage} />
              <Route path="/downloads" component={DownloadsPage} />
              <Route path="/search" component={SearchPage} />
              <Route path="/profile/:id?" component={ProfilePage} />
              <Route path="/settings" component={SettingsPage} />
              <Route path="/account" component={AccountPage} />
              <Route path="/create" component={CreatePage} />
              <Route path="/events" component={EventsPage} />
              <Route path="/streaming" component={StreamingPage} />
              <Route path="/advertise" component={AdvertisePage} />
              <Route path="/privacy" component={PrivacyPage} />
              <Route path="/terms" component={TermsPage} />
              <Route path="/contact" component={ContactPage} />
              <Route path="/forgot-password" component={ForgotPasswordPage} />
              <Route path="/reset-password" component={ResetPasswordPage} />
              <Route path="/confirm-email" component={ConfirmEmailPage} />
              <Route path="/prayer" component={PrayerPage} />
              <Route path="/admin" component={AdminPage} />
              <Route component={NotFoundPage} />
            </Switch>
            <Interactive />
          </Suspense>
        </AppLayout>
      </Route>
    </Switch>
  );
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <AuthProvider>
          <ServerSignOut />
          <PlayerProvider>
            <Routes />
          </PlayerProvider>
          {/* Nothing to show on the first paint: drawn by the browser only, after the page (decision 0032). */}
          <BrowserSuspense fallback={null}>
            <Toaster />
          </BrowserSuspense>
          <BrowserSuspense fallback={null}>
            <AppUpdates />
          </BrowserSuspense>
        </AuthProvider>
      </ThemeProvider>
    </QueryClientProvider>
  );
}
