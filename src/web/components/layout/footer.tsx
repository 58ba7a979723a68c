import { useState, type FormEvent } from "react";
import { Link } from "wouter";
import { Send } from "lucide-react";
import { APP_NAME, SOCIAL_LINKS } from "@shared/constants";
import { messages } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Input } from "@web/components/ui/input";
import { callRoute, errorMessage } from "@web/lib/api";
import { toast } from "@web/lib/use-toast";
import { Brand } from "./brand";
import { FacebookIcon, InstagramIcon, XIcon, YoutubeIcon } from "./social-icons";

const quickLinks = [
  { label: "Home", href: "/" },
  { label: "Sermons", href: "/sermons" },
  { label: "Music", href: "/music" },
  { label: "Podcasts", href: "/podcasts" },
  { label: "Events", href: "/events" },
  { label: "Community", href: "/community" },
];

const services = [
  { label: "Video Conferences", href: "/video-conference" },
  { label: "Messaging", href: "/chat" },
  { label: "Content Streaming", href: "/streaming" },
  { label: "Podcast Hosting", href: "/podcasts/host" },
  { label: "Advertise", href: "/advertise" },
];

const socials = [
  { label: "Facebook", href: SOCIAL_LINKS.facebook, Icon: FacebookIcon },
  { label: "Instagram", href: SOCIAL_LINKS.instagram, Icon: InstagramIcon },
  { label: "YouTube", href: SOCIAL_LINKS.youtube, Icon: YoutubeIcon },
  { label: "X (Twitter)", href: SOCIAL_LINKS.x, Icon: XIcon },
];

function NewsletterForm() {
  const [email, setEmail] = useState("");
  const [sending, setSending] = useState(false);

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const address = email.trim();
    if (!address) return;
    setSending(true);
    try {
      await callRoute("POST /api/newsletter", { body: { email: address } });
      toast({ title: messages.subscribedTitle, description: messages.subscribed });
      setEmail("");
    } catch (error) {
      toast({
        title: "Subscription Failed",
        description: errorMessage(error, "We couldn't add you to the newsletter. Please try again."),
        variant: "destructive",
      });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={handleSubmit} className="flex flex-col gap-2 sm:flex-row lg:flex-col 2xl:flex-row">
      <label htmlFor="newsletter-email" className="sr-only">
        Email address
      </label>
      <Input
        id="newsletter-email"
        type="email"
        required
        autoComplete="email"
        placeholder="Your email address"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
      />
      <Button type="submit" disabled={sending}>
        <Send aria-hidden="true" />
        Subscribe
      </Button>
    </form>
  );
}

function LinkList({ title, links }: { title: string; links: { label: string; href: string }[] }) {
  return (
    <div>
      <h2 className="mb-3 text-sm font-semibold">{title}</h2>
      <ul className="flex flex-col gap-2 text-sm">
        {links.map((link) => (
          <li key={link.href}>
            <Link href={link.href} className="text-muted-foreground transition-colors hover:text-foreground">
              {link.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The site footer of spec §2: blurb, Quick Links, Services, newsletter, legal links and socials. */
export function Footer() {
  return (
    <footer className="mt-12 border-t border-border bg-card/60">
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-x-6 gap-y-10 px-4 py-10 md:px-6 lg:grid-cols-[1.4fr_1fr_1fr_1.6fr]">
        <div className="col-span-2 flex flex-col gap-3 lg:col-span-1">
          <Brand className="self-start" />
          <p className="max-w-xs text-sm text-muted-foreground">
            Sermons, worship music, podcasts and fellowship in one place — helping your church family grow in faith together, wherever they
            are.
          </p>
        </div>
        <LinkList title="Quick Links" links={quickLinks} />
        <LinkList title="Services" links={services} />
        <div className="col-span-2 flex flex-col gap-3 lg:col-span-1">
          <h2 className="text-sm font-semibold">Stay Connected</h2>
          <p className="text-sm text-muted-foreground">Get weekly devotionals, new sermons and event news by email.</p>
          <NewsletterForm />
          <ul className="flex gap-2 pt-1" aria-label="Social media">
            {socials.map(({ label, href, Icon }) => (
              <li key={label}>
                <Button asChild variant="outline" size="icon" className="rounded-full">
                  <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label}>
                    <Icon />
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-border">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-3 px-4 py-5 text-sm text-muted-foreground sm:flex-row md:px-6">
          <p>
            © {new Date().getFullYear()} {APP_NAME}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
              <li>
                <Link href="/privacy" className="hover:text-foreground">
                  Privacy Policy
                </Link>
              </li>
              <li>
                <Link href="/terms" className="hover:text-foreground">
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link href="/contact" className="hover:text-foreground">
                  Contact Us
                </Link>
              </li>
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
