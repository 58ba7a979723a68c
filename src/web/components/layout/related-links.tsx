import { Link } from "wouter";
import { ArrowRight } from "lucide-react";

type RelatedLink = { label: string; href: string; description: string };

/** A short list of places to go next, for pages whose own content is still small. */
export function RelatedLinks({ links, title = "Explore" }: { links: RelatedLink[]; title?: string }) {
  return (
    <section aria-labelledby="related-links-title">
      <h2 id="related-links-title" className="mb-3 text-lg font-semibold">
        {title}
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
        {links.map((link) => (
          <li key={link.href}>
            <Link
              href={link.href}
              className="group flex h-full items-start justify-between gap-3 rounded-xl border border-border bg-card p-4 shadow-sm transition-shadow hover:shadow-md"
            >
              <span>
                <span className="block font-medium">{link.label}</span>
                <span className="mt-0.5 block text-sm text-muted-foreground">{link.description}</span>
              </span>
              <ArrowRight
                className="mt-0.5 size-4 shrink-0 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                aria-hidden="true"
              />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
