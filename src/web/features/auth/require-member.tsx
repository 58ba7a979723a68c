import type { ReactNode } from "react";
import type { User } from "@shared/contracts/users";
import { SignInPrompt } from "@web/components/ui/sign-in-prompt";
import { Skeleton } from "@web/components/ui/skeleton";
import { useAuth } from "./use-auth";

type RequireMemberProps = {
  /** Why signing in helps here, shown in the sign-in prompt. */
  reason: string;
  /** Shown while the session is being checked. */
  loading?: ReactNode;
  children: (user: User) => ReactNode;
};

/** A member's own page: the session check, then Sign In Required for a visitor, or the page for the member. */
export function RequireMember({ reason, loading = <Skeleton className="h-40 w-full" />, children }: RequireMemberProps) {
  const { user, loading: checking } = useAuth();
  if (user) return <>{children(user)}</>;
  return <>{checking ? loading : <SignInPrompt reason={reason} />}</>;
}
