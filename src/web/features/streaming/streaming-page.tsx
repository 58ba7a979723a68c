import { MonitorPlay } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { RelatedLinks } from "@web/components/layout/related-links";

/** /streaming: a first version of the page; its domain work fills it in. */
export function StreamingPage() {
  return (
    <>
      <PageHeader
        title="Content Streaming"
        icon={MonitorPlay}
        description="Watch live services and stream the whole library of sermons and worship on any device."
      />
      <RelatedLinks
        links={[
        { label: "Sermons", href: "/sermons", description: "Messages from our pastors and speakers" },
        { label: "Music", href: "/music", description: "Worship songs and hymns" },
        { label: "Events", href: "/events", description: "Services, studies and gatherings" },
        ]}
      />
    </>
  );
}
