import { Link } from "wouter";
import { Check, CreditCard, Crown, Minus, Sparkles } from "lucide-react";
import { PageHeader } from "@web/components/layout/page-header";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { RequireMember } from "@web/features/auth/require-member";
import { useAuth } from "@web/features/auth/use-auth";
import { CheckList } from "@web/components/ui/check-list";

const premiumBenefits = [
  "The Premium Member badge on your profile and in the sidebar",
  "Early access to new sermon series and worship recordings",
  "Priority seats in video conferences and Bible study rooms",
  "A thank-you from the ministry team: premium gifts support the church's media work",
];

/** What each plan includes; the free plan already holds everything a member needs to take part. */
const comparison: { feature: string; free: boolean; premium: boolean }[] = [
  { feature: "Sermons, worship music and podcasts", free: true, premium: true },
  { feature: "Community feed: post, like and comment", free: true, premium: true },
  { feature: "Messaging and group chats", free: true, premium: true },
  { feature: "Video conferences by room code", free: true, premium: true },
  { feature: "Playlists, favorites and listening history", free: true, premium: true },
  { feature: "Premium Member badge", free: false, premium: true },
  { feature: "Early access to new series", free: false, premium: true },
  { feature: "Priority seats in busy rooms", free: false, premium: true },
];

function Included({ included, plan }: { included: boolean; plan: string }) {
  return included ? (
    <Check className="mx-auto size-5 text-primary" aria-label={`Included in ${plan}`} role="img" />
  ) : (
    <Minus className="mx-auto size-5 text-muted-foreground" aria-label={`Not included in ${plan}`} role="img" />
  );
}

/** /account (Subscription): the member's plan, what Premium adds, and how to arrange it with the church office. */
export function AccountPage() {
  const { user } = useAuth();
  const isPremium = user?.accountType === "premium";

  return (
    <>
      <PageHeader title="Subscription" icon={CreditCard} description="Your plan, what Premium includes, and how to change it." />
      <RequireMember
        reason="Sign in to see your plan and what Premium includes."
        loading={<Spinner label="Loading your subscription…" className="py-16" />}
      >
        {(user) => (
          <div className="flex flex-col gap-6">
            <Card className={isPremium ? "border-primary" : undefined}>
              <CardHeader>
                <p className="text-sm text-muted-foreground">Your plan</p>
                <CardTitle className="flex flex-wrap items-center gap-3 text-2xl">
                  {isPremium ? <Crown className="size-6 text-primary" aria-hidden="true" /> : null}
                  {isPremium ? "Premium Member" : "Free Account"}
                  <Badge variant={isPremium ? "default" : "secondary"}>Active</Badge>
                </CardTitle>
                <CardDescription>
                  {isPremium
                    ? `Thank you, ${user.displayName}! Your premium membership supports the church's media ministry.`
                    : `Everything you need to take part is free, ${user.displayName}. Premium adds a few extras and supports the ministry.`}
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-wrap gap-2">
                <Button asChild>
                  <Link href="/contact">{isPremium ? "Questions about your plan" : "Ask about Premium"}</Link>
                </Button>
                <Button asChild variant="outline">
                  <Link href="/settings">Settings</Link>
                </Button>
              </CardContent>
            </Card>

            <div className="grid gap-6 lg:grid-cols-2">
              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2 text-base">
                    <Sparkles className="size-4" aria-hidden="true" />
                    What Premium includes
                  </CardTitle>
                </CardHeader>
                <CardContent>
                  <CheckList items={premiumBenefits} className="gap-3" />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle className="text-base">How to upgrade</CardTitle>
                  <CardDescription>No card details are ever collected here.</CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-3 text-sm">
                  <p>
                    Premium membership is arranged with the church office, as a gift to the media ministry in whatever way suits you. Send
                    the office a message with the subject "Premium membership" and a member of the team will get back to you within a few
                    days.
                  </p>
                  <p>Once it's arranged, the office switches your account and the Premium Member badge appears on your profile.</p>
                  <Button asChild variant="outline" className="self-start">
                    <Link href="/contact">Contact the church office</Link>
                  </Button>
                </CardContent>
              </Card>
            </div>

            <Card>
              <CardHeader>
                <CardTitle className="text-base">Compare plans</CardTitle>
              </CardHeader>
              <CardContent className="overflow-x-auto">
                <table className="w-full text-sm">
                  <caption className="sr-only">Features of the Free Account and Premium Member plans</caption>
                  <thead>
                    <tr className="border-b border-border text-left">
                      <th scope="col" className="py-2 pr-4 font-medium">
                        Feature
                      </th>
                      <th scope="col" className="w-28 py-2 text-center font-medium">
                        Free Account
                      </th>
                      <th scope="col" className="w-28 py-2 text-center font-medium">
                        Premium Member
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {comparison.map((row) => (
                      <tr key={row.feature} className="border-b border-border last:border-0">
                        <th scope="row" className="py-2.5 pr-4 text-left font-normal">
                          {row.feature}
                        </th>
                        <td className="py-2.5">
                          <Included included={row.free} plan="Free Account" />
                        </td>
                        <td className="py-2.5">
                          <Included included={row.premium} plan="Premium Member" />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </CardContent>
            </Card>
          </div>
        )}
      </RequireMember>
    </>
  );
}
