import { Link, useLocation } from "wouter";
import { LogOut, Moon, Palette, Settings, Sun, UserRound, KeyRound, CreditCard } from "lucide-react";
import { messages } from "@shared/messages";
import { PageHeader } from "@web/components/layout/page-header";
import { UserAvatar } from "@web/components/ui/avatar";
import { Badge } from "@web/components/ui/badge";
import { Button } from "@web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@web/components/ui/card";
import { Spinner } from "@web/components/ui/spinner";
import { errorMessage } from "@web/lib/api";
import { useTheme } from "@web/lib/theme";
import { toast } from "@web/lib/use-toast";
import { cn } from "@web/lib/utils";
import { RequireMember } from "@web/features/auth/require-member";
import { useAuth } from "@web/features/auth/use-auth";
import { MessageSettingsCard } from "@web/features/messages/message-settings-card";
import { WhoCanMessageCard } from "@web/features/messages/who-can-message-card";
import { NotificationPreferencesCard } from "@web/features/notifications/notification-preferences-card";
import { BlockedMembersCard } from "@web/features/safety/blocked-members-card";
import { MyDataCard } from "@web/features/safety/my-data-card";
import { ChangePasswordForm } from "./change-password-form";

/** /settings: profile basics, password, appearance, notification and messaging preferences, sign out. */
export function SettingsPage() {
  const { logout } = useAuth();
  const { theme, setTheme } = useTheme();
  const [, navigate] = useLocation();

  async function handleSignOut() {
    try {
      await logout();
      toast({ title: messages.loggedOutTitle, description: messages.loggedOut });
      navigate("/");
    } catch (error) {
      toast({ title: "Error", description: errorMessage(error, "Could not log out. Please try again."), variant: "destructive" });
    }
  }

  return (
    <>
      <PageHeader
        title="Settings"
        icon={Settings}
        description="Your profile, password, appearance and how the platform keeps in touch with you."
      />
      <RequireMember
        reason="Sign in to manage your profile, password and notification preferences."
        loading={<Spinner label="Loading settings…" className="py-16" />}
      >
        {(user) => (
          <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
            <div className="flex min-w-0 flex-col gap-6">
              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2 text-base">
                    <UserRound className="size-4" aria-hidden="true" />
                    Profile
                  </CardTitle>
                  <CardDescription>How other members see you.</CardDescription>
                </CardHeader>
                <CardContent className="flex flex-col gap-4 xl:flex-row xl:items-center xl:justify-between">
                  <div className="flex min-w-0 items-center gap-4">
                    <UserAvatar displayName={user.displayName} imageUrl={user.profileImageUrl} size="lg" />
                    <div className="min-w-0">
                      <p className="truncate font-semibold">{user.displayName}</p>
                      <p className="truncate text-sm text-muted-foreground">@{user.username}</p>
                      {user.email ? <p className="truncate text-sm text-muted-foreground">{user.email}</p> : null}
                      <Badge className="mt-1" variant={user.accountType === "premium" ? "default" : "secondary"}>
                        {user.accountType === "premium" ? "Premium Member" : "Free Account"}
                      </Badge>
                    </div>
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild variant="outline">
                      <Link href="/profile">Edit Profile</Link>
                    </Button>
                    <Button asChild variant="ghost">
                      <Link href="/account">
                        <CreditCard aria-hidden="true" />
                        Subscription
                      </Link>
                    </Button>
                  </div>
                </CardContent>
              </Card>

              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2 text-base">
                    <KeyRound className="size-4" aria-hidden="true" />
                    Change Password
                  </CardTitle>
                  <CardDescription>Use a password you don't use anywhere else.</CardDescription>
                </CardHeader>
                <CardContent>
                  <ChangePasswordForm />
                </CardContent>
              </Card>

              <NotificationPreferencesCard />
            </div>

            <div className="flex min-w-0 flex-col gap-6">
              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2 text-base">
                    <Palette className="size-4" aria-hidden="true" />
                    Appearance
                  </CardTitle>
                  <CardDescription>Saved on this device.</CardDescription>
                </CardHeader>
                <CardContent>
                  <div role="group" aria-label="Theme" className="grid grid-cols-2 gap-2">
                    {(["light", "dark"] as const).map((option) => {
                      const Icon = option === "light" ? Sun : Moon;
                      return (
                        <button
                          key={option}
                          type="button"
                          aria-pressed={theme === option}
                          onClick={() => setTheme(option)}
                          className={cn(
                            "flex cursor-pointer items-center justify-center gap-2 rounded-lg border px-3 py-3 text-sm font-medium transition-colors",
                            "focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                            theme === option
                              ? "border-primary bg-primary-soft text-primary-soft-foreground"
                              : "border-border hover:bg-accent",
                          )}
                        >
                          <Icon className="size-4" aria-hidden="true" />
                          {option === "light" ? "Light" : "Dark"}
                        </button>
                      );
                    })}
                  </div>
                </CardContent>
              </Card>

              <MessageSettingsCard />

              <WhoCanMessageCard />

              <BlockedMembersCard />

              <MyDataCard />

              <Card>
                <CardHeader>
                  <CardTitle className="flex items-center gap-2 text-base">
                    <LogOut className="size-4" aria-hidden="true" />
                    Sign Out
                  </CardTitle>
                  <CardDescription>End your session on this device.</CardDescription>
                </CardHeader>
                <CardContent>
                  <Button variant="outline" onClick={() => void handleSignOut()}>
                    <LogOut aria-hidden="true" />
                    Log out
                  </Button>
                </CardContent>
              </Card>
            </div>
          </div>
        )}
      </RequireMember>
    </>
  );
}
