import { Link } from "wouter";
import { ShieldCheck } from "lucide-react";
import { type LegalSection, LegalDocument } from "./legal-document";

const sections: LegalSection[] = [
  {
    id: "who-we-are",
    title: "Who we are",
    body: (
      <p>
        This platform is run by the church for its members and visitors. The church office is responsible for the information described
        here. You can reach it at any time through the{" "}
        <Link href="/contact" className="text-primary underline underline-offset-4">
          contact form
        </Link>
        .
      </p>
    ),
  },
  {
    id: "what-we-store",
    title: "What we store",
    body: (
      <>
        <p>We keep only what the platform needs to work for you:</p>
        <ul>
          <li>
            <strong>Your account:</strong> username, display name, email address, bio, profile picture if you add one, your account type
            (free or premium) and role, and when you joined. Your password is stored only as a one-way hash (argon2id); nobody, including
            us, can read it.
          </li>
          <li>
            <strong>What you share:</strong> posts, images, comments and likes in the community feed, playlists, favorites, event RSVPs and
            group memberships.
          </li>
          <li>
            <strong>Messages:</strong> direct and group chat messages, with the time they were sent and read. Video conferences are
            peer-to-peer; we don't record or store audio or video from a call, only the room's name and who joined it.
          </li>
          <li>
            <strong>Media history:</strong> which sermons, songs and episodes you played and where you stopped, so you can pick up where you
            left off, and play counts (which are anonymous).
          </li>
          <li>
            <strong>Messages to the office:</strong> what you send through the contact or advertising forms, with the name and email you
            give.
          </li>
          <li>
            <strong>Security records:</strong> sign-in attempts and active sessions, to protect your account against guessing and to let you
            sign out everywhere.
          </li>
        </ul>
      </>
    ),
  },
  {
    id: "how-we-use-it",
    title: "How we use it",
    body: (
      <>
        <p>
          We use your information to run the platform: to show your profile and posts to other members, deliver your messages, remember your
          library and settings, and keep the community safe. Your email address is shown only to you.
        </p>
        <p>
          We don't sell your information, show third-party advertising based on it, or share it with anyone outside the church's ministry
          team, except where the law requires it.
        </p>
      </>
    ),
  },
  {
    id: "cookies",
    title: "Cookies and local storage",
    body: (
      <>
        <p>
          We set <strong>one cookie</strong>: a session cookie that keeps you signed in. It holds a random identifier, is not readable by
          scripts, and is sent only to this site. It ends when you log out, after a period of inactivity, or when you change your password.
        </p>
        <p>
          Your browser also remembers your light or dark theme choice on your device. There are no analytics, tracking or advertising
          cookies.
        </p>
      </>
    ),
  },
  {
    id: "retention",
    title: "How long we keep it",
    body: (
      <ul>
        <li>Your account and what you share stay until you delete them or ask us to close your account.</li>
        <li>Sessions end after inactivity or when you log out; records of failed sign-ins are kept only briefly.</li>
        <li>Messages to the office are kept for up to two years, then deleted.</li>
        <li>
          When an account is closed, its posts, comments, messages and history are deleted within 30 days, except where the law requires us
          to keep something longer.
        </li>
      </ul>
    ),
  },
  {
    id: "your-choices",
    title: "Your choices and rights",
    body: (
      <>
        <p>
          You can edit your profile at any time from{" "}
          <Link href="/profile" className="text-primary underline underline-offset-4">
            your profile
          </Link>
          , and choose your notification, read-receipt and online-status preferences in{" "}
          <Link href="/settings" className="text-primary underline underline-offset-4">
            Settings
          </Link>
          .
        </p>
        <p>
          You may ask for a copy of your information, for a correction, or for your account to be closed. Write to the church office and
          we'll answer within 30 days.
        </p>
      </>
    ),
  },
  {
    id: "security",
    title: "Security",
    body: (
      <p>
        Passwords are hashed, connections are encrypted in production, sessions can be revoked, and repeated failed sign-ins are slowed
        down. No system is perfect; if you notice something wrong with your account, tell the office straight away.
      </p>
    ),
  },
  {
    id: "children",
    title: "Children",
    body: (
      <p>
        Members under 13 should use the platform with a parent or guardian, who may contact the office to review or remove a child's
        information.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Contact and changes",
    body: (
      <p>
        Questions about this policy go to the church office through the{" "}
        <Link href="/contact" className="text-primary underline underline-offset-4">
          contact page
        </Link>
        . When we change this policy we update the date at the top, and for important changes we'll also tell members in the community feed.
      </p>
    ),
  },
];

/** /privacy: what the platform stores, why, for how long, and your choices. */
export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      icon={ShieldCheck}
      description="How we collect, use and protect the information you share with us."
      updated="2026-11-01"
      sections={sections}
    />
  );
}
