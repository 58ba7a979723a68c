import { Clock, Mail, MapPin, Phone } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { RelatedLinks } from "@web/components/layout/related-links";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { useAuth } from "@web/features/auth/use-auth";
import { ContactForm } from "./contact-form";
import { ContactInbox } from "./contact-inbox";

const officeHours = [
  { days: "Monday – Thursday", hours: "9:00 am – 5:00 pm" },
  { days: "Friday", hours: "9:00 am – 1:00 pm" },
  { days: "Sunday", hours: "After each service, at the welcome desk" },
];

/** /contact: the church office's details, a form that reaches it, and for admins the office inbox. */
export function ContactPage() {
  const { user } = useAuth();
  return (
    <>
      <PageHeader
        title="Contact Us"
        icon={Mail}
        description="Questions, prayer requests, help with your account or an idea for the ministry: the church office reads every message."
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Send us a message</CardTitle>
            <CardDescription>We usually answer within two working days.</CardDescription>
          </CardHeader>
          <CardContent>
            <ContactForm />
          </CardContent>
        </Card>
        <div className="flex flex-col gap-6">
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Gathering Church Office</CardTitle>
            </CardHeader>
            <CardContent className="flex flex-col gap-4 text-sm">
              <p className="flex items-start gap-3">
                <MapPin className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  The church office is in the main building, next to the fellowship hall. Ask at the welcome desk on Sundays and someone
                  will walk you over.
                </span>
              </p>
              <p className="flex items-start gap-3">
                <Phone className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <span>
                  The office phone number is printed in the weekly bulletin. For anything that can wait, this form is the quickest way.
                </span>
              </p>
              <div className="flex items-start gap-3">
                <Clock className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
                <dl className="grid grid-cols-1 gap-1">
                  {officeHours.map((slot) => (
                    <div key={slot.days}>
                      <dt className="font-medium">{slot.days}</dt>
                      <dd className="text-muted-foreground">{slot.hours}</dd>
                    </div>
                  ))}
                </dl>
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="text-base">Pastoral care</CardTitle>
            </CardHeader>
            <CardContent className="text-sm text-muted-foreground">
              If you need to talk to a pastor, say so in your message and we'll arrange a call or a visit. In an emergency, please call your
              local emergency number.
            </CardContent>
          </Card>
        </div>
      </div>
      {user?.role === "admin" ? (
        <div className="mt-6">
          <ContactInbox />
        </div>
      ) : null}
      <div className="mt-8">
        <RelatedLinks
          links={[
            { label: "Subscription", href: "/account", description: "Premium membership is arranged with the office" },
            { label: "Advertise With Us", href: "/advertise", description: "Announcements and sponsorships" },
            { label: "Privacy Policy", href: "/privacy", description: "How we handle your information" },
          ]}
        />
      </div>
    </>
  );
}
