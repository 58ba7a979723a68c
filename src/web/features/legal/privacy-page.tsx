import { ShieldCheck } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { RelatedLinks } from "@web/components/layout/related-links";

/** /privacy: a first version of the page; its domain work fills it in. */
export function PrivacyPage() {
  return (
    <>
      <PageHeader
        title="Privacy Policy"
        icon={ShieldCheck}
        description="How we collect, use and protect the information you share with us."
      />
      <RelatedLinks
        links={[
        { label: "Terms of Service", href: "/terms", description: "The rules of the community" },
        { label: "Settings", href: "/settings", description: "Profile, password and notifications" },
        { label: "Contact Us", href: "/contact", description: "We'd love to hear from you" },
        ]}
      />
    </>
  );
}
