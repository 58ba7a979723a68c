import { HandHeart, Megaphone, Newspaper, Radio, X } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { ContactForm } from "@web/features/contact/contact-form";
import { CheckList } from "@web/components/ui/check-list";

const opportunities = [
  {
    icon: Megaphone,
    title: "Ministry announcements",
    text: "A card on the home page and in the community sidebar for a church ministry, outreach or volunteer drive. Free for ministries of the church.",
  },
  {
    icon: Radio,
    title: "Podcast and stream sponsorship",
    text: "A short spoken thank-you at the start of a podcast episode or before a service replay, for a local partner who supports the media ministry.",
  },
  {
    icon: Newspaper,
    title: "Newsletter mention",
    text: "A few lines in the weekly newsletter about an event, a Christian business or a community service that serves our neighbourhood.",
  },
  {
    icon: HandHeart,
    title: "Event partnership",
    text: "Your name beside a conference, concert or family day you help make possible, with a link on the event's calendar entry.",
  },
];

const welcome = [
  "Church ministries, missions and outreach programmes",
  "Local charities, food banks and community services",
  "Christian bookshops, musicians, camps and schools",
  "Local businesses that want to support the community",
];

const notAccepted = [
  "Political campaigns or fundraising for candidates",
  "Gambling, alcohol, tobacco or adult content",
  "Loans, investment schemes or get-rich offers",
  "Anything that contradicts the church's statement of faith",
];

/** /advertise: sponsorship and announcement opportunities, their guidelines, and an inquiry form to the office. */
export function AdvertisePage() {
  return (
    <>
      <PageHeader
        title="Advertise With Us"
        icon={Megaphone}
        description="Share a ministry announcement or support the church's media work as a local partner. Every placement is reviewed by the church office."
      />

      <section aria-labelledby="opportunities-title" className="mb-8">
        <h2 id="opportunities-title" className="mb-4 text-lg font-semibold">
          Opportunities
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          {opportunities.map((item) => (
            <Card key={item.title} className="p-5">
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary-soft text-primary-soft-foreground">
                <item.icon className="size-5" aria-hidden="true" />
              </span>
              <h3 className="mt-3 font-semibold">{item.title}</h3>
              <p className="mt-1 text-sm text-muted-foreground">{item.text}</p>
            </Card>
          ))}
        </div>
      </section>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <section aria-labelledby="guidelines-title" className="flex flex-col gap-4">
          <h2 id="guidelines-title" className="text-lg font-semibold">
            Guidelines
          </h2>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">We gladly welcome</CardTitle>
            </CardHeader>
            <CardContent>
              <CheckList items={welcome} />
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">We don't accept</CardTitle>
            </CardHeader>
            <CardContent>
              <CheckList items={notAccepted} icon={X} iconClassName="text-destructive" />
            </CardContent>
          </Card>
          <p className="text-sm text-muted-foreground">
            Placements never track members: no third-party scripts, no cookies, no profiling. Sponsors are told nothing about who saw their
            announcement.
          </p>
        </section>

        <section aria-labelledby="inquiry-title">
          <Card>
            <CardHeader>
              <h2 id="inquiry-title" className="text-lg font-semibold leading-tight">
                Send an inquiry
              </h2>
              <CardDescription>Tell us who you are, what you'd like to share and when. The office answers within a week.</CardDescription>
            </CardHeader>
            <CardContent>
              <ContactForm
                idPrefix="advertise"
                defaultSubject="Advertising inquiry"
                messagePlaceholder="Your organisation, what you'd like to announce or sponsor, and the dates you have in mind"
                submitLabel="Send Inquiry"
              />
            </CardContent>
          </Card>
        </section>
      </div>
    </>
  );
}
