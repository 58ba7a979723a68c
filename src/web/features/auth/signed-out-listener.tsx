import { useLocation } from "wouter";
import { useLiveEvent } from "@web/lib/live";
import { useAuth } from "./use-auth";

/**
 * An admin suspended or banned this member (decision 0024): every open tab hears it over /ws, forgets the member and
 * goes to the sign-in page, which shows the same dated message signing in would.
 */
export function SignedOutListener() {
  const { signedOutByServer } = useAuth();
  const [, navigate] = useLocation();
  useLiveEvent("SIGNED_OUT", ({ message }) => {
    signedOutByServer(message);
    navigate("/auth/login", { replace: true });
  });
  return null;
}
