import { Megaphone } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { RelatedLinks } from "@web/components/layout/related-links";

/** /advertise: a first version of the page; its domain work fills it in. */
export function AdvertisePage() {
  return (
    <>
      <PageHeader
        title="Advertise"
        icon={Megaphone}
        description="Reach a faith community with your ministry, your event or your Christian business."
      />
      <RelatedLinks
        links={[
        { label: "Podcast Hosting", href: "/podcasts/host", description: "Publish your ministry's podcast" },
        { label: "Contact Us", href: "/contact", description: "We'd love to hear from you" },
        { label: "Terms of Service", href: "/terms", description: "The rules of the community" },
        ]}
      />
    </>
  );
}
