import { Link } from "wouter";
import { LogIn } from "lucide-react";
import { messages } from "@shared/messages";
import { cn } from "@web/lib/utils";
import { Button } from "./button";
import { Card } from "./card";

type SignInPromptProps = {
  /** Why signing in helps here, e.g. "Sign in to create or join video conferences with your community." */
  reason: string;
  /** h1 where the prompt is the page's only heading; h2 under a page header. */
  as?: "h1" | "h2";
  className?: string;
};

/** The signed-out state of a member's page: Sign In Required, why, and Sign In (to /auth/login). */
export function SignInPrompt({ reason, as: Heading = "h2", className }: SignInPromptProps) {
  return (
    <Card
      className={cn("mx-auto flex w-full max-w-lg flex-col items-center gap-2 p-8 text-center", className)}
      data-testid="sign-in-prompt"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary-soft-foreground">
        <LogIn className="size-6" aria-hidden="true" />
      </span>
      <Heading className="text-xl font-semibold">{messages.signInRequired}</Heading>
      <p className="text-muted-foreground">{reason}</p>
      <Button asChild className="mt-3">
        <Link href="/auth/login">
          <LogIn aria-hidden="true" />
          Sign In
        </Link>
      </Button>
    </Card>
  );
}
