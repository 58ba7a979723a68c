import { Mail } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { RelatedLinks } from "@web/components/layout/related-links";

/** /contact: a first version of the page; its domain work fills it in. */
export function ContactPage() {
  return (
    <>
      <PageHeader
        title="Contact Us"
        icon={Mail}
        description="Questions, prayer requests or help with your account \u2014 we'd love to hear from you."
      />
      <RelatedLinks
        links={[
        { label: "Community", href: "/community", description: "Prayer requests and testimonies" },
        { label: "Messaging", href: "/chat", description: "Talk with members directly" },
        { label: "Events", href: "/events", description: "Services, studies and gatherings" },
        ]}
      />
    </>
  );
}
