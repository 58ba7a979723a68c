import { Compass } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { DiscoverSections } from "./discover-sections";

/** /discover: what is new, what the church is playing most, picks for the member and every category. */
export function DiscoverPage() {
  return (
    <>
      <PageHeader
        title="Discover"
        icon={Compass}
        description="New messages, the songs the church is singing and podcasts worth your time."
      />
      <DiscoverSections idPrefix="discover" />
    </>
  );
}
