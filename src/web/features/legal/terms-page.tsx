import { Link } from "wouter";
import { ScrollText } from "lucide-react";
import { type LegalSection, LegalDocument } from "./legal-document";

const link = "text-primary underline underline-offset-4";

const sections: LegalSection[] = [
  {
    id: "agreement",
    title: "About these terms",
    body: (
      <p>
        These terms apply when you use this platform, run by the church for its members and visitors. By creating an account you agree to
        them and to our{" "}
        <Link href="/privacy" className={link}>
          Privacy Policy
        </Link>
        . If you don't agree, you may still browse sermons, music and podcasts as a visitor.
      </p>
    ),
  },
  {
    id: "accounts",
    title: "Your account",
    body: (
      <ul>
        <li>Give your real name or the name the church knows you by, and an email address you can read.</li>
        <li>
          Keep your password to yourself. You are responsible for what is done with your account; if you think someone else has used it,
          change your password in Settings, which signs out every other device.
        </li>
        <li>One account per person. Accounts for a ministry or group are arranged with the church office.</li>
      </ul>
    ),
  },
  {
    id: "community",
    title: "Community guidelines",
    body: (
      <>
        <p>This is a place to encourage one another. When you post, comment, message or join a conference:</p>
        <ul>
          <li>Be kind and respectful, even when you disagree.</li>
          <li>Keep prayer requests about others discreet; share private details only with their permission.</li>
          <li>No harassment, hate, threats, explicit material, spam, scams or unsolicited advertising.</li>
          <li>Don't share anything you don't have the right to share.</li>
        </ul>
        <p>
          Members can report posts and media. Moderators may remove content that breaks these guidelines and may suspend accounts that
          repeatedly do.
        </p>
      </>
    ),
  },
  {
    id: "your-content",
    title: "What you share",
    body: (
      <p>
        You keep ownership of what you post. By sharing it here you allow the church to show it to other members on this platform for as
        long as it stays published. You can delete your posts and comments at any time.
      </p>
    ),
  },
  {
    id: "media",
    title: "Sermons, music and podcasts",
    body: (
      <>
        <p>
          Media is published by members with the creator or admin role. It is offered for personal and small-group use; please don't
          re-upload it elsewhere or use it commercially without asking the church office.
        </p>
        <p>
          Creators confirm they have the right to publish what they upload, including any music, and that it fits the community guidelines.
        </p>
      </>
    ),
  },
  {
    id: "accounts-types",
    title: "Free and premium accounts",
    body: (
      <p>
        Every feature a member needs is free. Premium membership adds a badge and a few extras and is arranged with the church office; no
        payment details are collected on this platform. See{" "}
        <Link href="/account" className={link}>
          Subscription
        </Link>
        .
      </p>
    ),
  },
  {
    id: "availability",
    title: "Availability",
    body: (
      <p>
        We do our best to keep the platform running, but it is provided as it is, by volunteers and staff, without guarantees. Live streams
        and conferences depend on your connection and may be interrupted.
      </p>
    ),
  },
  {
    id: "ending",
    title: "Closing an account",
    body: (
      <p>
        You may ask the office to close your account at any time. We may suspend or close an account that breaks these terms, after a
        warning where that's reasonable.
      </p>
    ),
  },
  {
    id: "contact",
    title: "Changes and contact",
    body: (
      <p>
        When these terms change we update the date at the top and tell members about important changes. Questions go to the church office
        through the{" "}
        <Link href="/contact" className={link}>
          contact page
        </Link>
        .
      </p>
    ),
  },
];

/** /terms: the terms of service and community guidelines. */
export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      icon={ScrollText}
      description="The rules of the community, and what you and the church can expect of each other."
      updated="2026-11-01"
      sections={sections}
    />
  );
}
