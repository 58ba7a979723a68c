import type { ReactNode } from "react";
import type { LucideIcon } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { Card } from "@web/components/ui/card";

export type LegalSection = { id: string; title: string; body: ReactNode };

/** A policy page: title, last-updated date, a table of contents and numbered sections. */
export function LegalDocument({
  title,
  icon,
  description,
  updated,
  sections,
}: {
  title: string;
  icon: LucideIcon;
  description: string;
  /** ISO date of the last change. */
  updated: string;
  sections: LegalSection[];
}) {
  const updatedLabel = new Date(`${updated}T12:00:00Z`).toLocaleDateString("en-US", {
    year: "numeric",
    month: "long",
    day: "numeric",
    timeZone: "UTC",
  });
  return (
    <>
      <PageHeader title={title} icon={icon} description={description} />
      <p className="-mt-4 mb-6 text-sm text-muted-foreground">
        Last updated: <time dateTime={updated}>{updatedLabel}</time>
      </p>
      <div className="grid gap-6 lg:grid-cols-[16rem_minmax(0,1fr)]">
        <nav aria-label="Table of contents" className="lg:sticky lg:top-20 lg:self-start">
          <Card className="p-4">
            <h2 className="mb-2 text-sm font-semibold">Contents</h2>
            <ol className="flex flex-col gap-1.5 text-sm">
              {sections.map((section, index) => (
                <li key={section.id}>
                  <a href={`#${section.id}`} className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline">
                    {index + 1}. {section.title}
                  </a>
                </li>
              ))}
            </ol>
          </Card>
        </nav>
        <Card className="p-6 sm:p-8">
          <div className="flex max-w-3xl flex-col gap-8">
            {sections.map((section, index) => (
              <section key={section.id} id={section.id} aria-labelledby={`${section.id}-title`} className="scroll-mt-20">
                <h2 id={`${section.id}-title`} className="text-xl font-semibold">
                  {index + 1}. {section.title}
                </h2>
                <div className="mt-3 flex flex-col gap-3 leading-relaxed text-foreground/90 [&_li]:ml-5 [&_li]:list-disc [&_ul]:flex [&_ul]:flex-col [&_ul]:gap-1.5">
                  {section.body}
                </div>
              </section>
            ))}
          </div>
        </Card>
      </div>
    </>
  );
}
