import { Settings } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { RelatedLinks } from "@web/components/layout/related-links";

/** /settings: a first version of the page; its domain work fills it in. */
export function SettingsPage() {
  return (
    <>
      <PageHeader
        title="Settings"
        icon={Settings}
        description="Manage your profile details, password, notifications and privacy."
      />
      <RelatedLinks
        links={[
        { label: "Subscription", href: "/account", description: "Your plan and benefits" },
        { label: "Privacy Policy", href: "/privacy", description: "How we protect your information" },
        { label: "Contact Us", href: "/contact", description: "We'd love to hear from you" },
        ]}
      />
    </>
  );
}
