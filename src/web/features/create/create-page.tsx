import { CirclePlus } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { RelatedLinks } from "@web/components/layout/related-links";

/** /create: a first version of the page; its domain work fills it in. */
export function CreatePage() {
  return (
    <>
      <PageHeader
        title="Create"
        icon={CirclePlus}
        description="Share something new with your church family: a post, a sermon, a song or a podcast episode."
      />
      <RelatedLinks
        links={[
        { label: "Community", href: "/community", description: "Prayer requests and testimonies" },
        { label: "Podcast Hosting", href: "/podcasts/host", description: "Publish your ministry's podcast" },
        { label: "Content Streaming", href: "/streaming", description: "Live services and the library" },
        ]}
      />
    </>
  );
}
