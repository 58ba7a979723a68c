import { Link } from "wouter";
import { LogIn } from "lucide-react";
import { messages } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";

/** The signed-out state of a member's own pages: Sign In Required with a link to /auth/login. */
export function SignInRequiredCard({ reason }: { reason: string }) {
  return (
    <Card className="mx-auto max-w-lg p-8 text-center">
      <h2 className="text-xl font-semibold">{messages.signInRequired}</h2>
      <p className="mt-2 text-muted-foreground">{reason}</p>
      <Button asChild className="mt-5">
        <Link href="/auth/login">
          <LogIn aria-hidden="true" />
          Sign In
        </Link>
      </Button>
    </Card>
  );
}
