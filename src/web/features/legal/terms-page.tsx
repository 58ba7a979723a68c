import { ScrollText } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { RelatedLinks } from "@web/components/layout/related-links";

/** /terms: a first version of the page; its domain work fills it in. */
export function TermsPage() {
  return (
    <>
      <PageHeader
        title="Terms of Service"
        icon={ScrollText}
        description="The rules for using the platform and for being a kind member of the community."
      />
      <RelatedLinks
        links={[
        { label: "Privacy Policy", href: "/privacy", description: "How we protect your information" },
        { label: "Community", href: "/community", description: "Prayer requests and testimonies" },
        { label: "Contact Us", href: "/contact", description: "We'd love to hear from you" },
        ]}
      />
    </>
  );
}
