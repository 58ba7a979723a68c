import { CreditCard } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { RelatedLinks } from "@web/components/layout/related-links";

/** /account: a first version of the page; its domain work fills it in. */
export function AccountPage() {
  return (
    <>
      <PageHeader
        title="Subscription"
        icon={CreditCard}
        description="Your plan, the benefits of a Premium membership and your billing details."
      />
      <RelatedLinks
        links={[
        { label: "Settings", href: "/settings", description: "Profile, password and notifications" },
        { label: "Terms of Service", href: "/terms", description: "The rules of the community" },
        { label: "Contact Us", href: "/contact", description: "We'd love to hear from you" },
        ]}
      />
    </>
  );
}
