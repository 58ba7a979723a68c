import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from "react";
import { useQueryClient } from "@tanstack/react-query";
import type { LoginInput, RegisterInput } from "@shared/contracts/auth";
import type { UpdateUser, User } from "@shared/contracts/users";
import { messages } from "@shared/messages";
import { ApiRequestError, callRoute, errorMessage } from "@web/lib/api";
import { forgetCarriedAnswers, initialState } from "@web/lib/initial-state";
import { toast } from "@web/lib/use-toast";

type AuthContextValue = {
  /** The signed-in member, or null when signed out. */
  user: User | null;
  /** True while the session check on start or an auth action is running. */
  loading: boolean;
  /** Whether this browser was signed in when last seen: what to lay out while the session check runs. */
  likelyMember: boolean;
  /** The message of the last failed action. */
  error: string | null;
  login: (input: LoginInput) => Promise<User>;
  register: (input: RegisterInput) => Promise<User>;
  logout: () => Promise<void>;
  updateProfile: (input: UpdateUser) => Promise<User>;
  /** Why the server signed this member out (a suspension or ban, over /ws), shown on the sign-in page; null otherwise. */
  notice: string | null;
  /** The server ended the session: forget the member and keep `message` to show. */
  signedOutByServer: (message: string) => void;
};

const AuthContext = createContext<AuthContextValue | null>(null);

// Not the session (that is an httpOnly cookie): only a hint, so a page can lay out a member's or a visitor's first
// screen before the session check answers instead of shifting when it does.
const MEMBER_HINT_KEY = "gathering.member";

function readMemberHint(): boolean {
  try {
    return window.localStorage.getItem(MEMBER_HINT_KEY) === "1";
  } catch {
    return false;
  }
}

function writeMemberHint(signedIn: boolean) {
  try {
    if (signedIn) window.localStorage.setItem(MEMBER_HINT_KEY, "1");
    else window.localStorage.removeItem(MEMBER_HINT_KEY);
  } catch {
    // Storage may be off (private mode); the hint is only an optimisation.
  }
}

/** Auth state of spec §4: checks the session on start; each action sets loading, clears the error, and on failure stores its message and rethrows. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  // The session the page carries (lib/initial-state.ts); without it, the session is asked for.
  const [initial] = useState(initialState);
  const [user, setUser] = useState<User | null>(initial?.user ?? null);
  const [loading, setLoading] = useState(initial === undefined);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [likelyMember] = useState(readMemberHint);

  // Keep the hint in step with what the session check and the auth actions learn.
  useEffect(() => {
    if (!loading) writeMemberHint(user !== null);
  }, [user, loading]);

  useEffect(() => {
    if (initial !== undefined) return;
    let cancelled = false;
    callRoute("GET /api/auth/current")
      .then((current) => {
        if (!cancelled) setUser(current);
      })
      .catch((failure: unknown) => {
        // 401 simply means signed out; anything else is only logged (spec §4).
        if (!(failure instanceof ApiRequestError && failure.status === 401)) {
          console.error("Session check failed", failure);
        }
      })
      .finally(() => {
        if (!cancelled) setLoading(false);
      });
    return () => {
      cancelled = true;
    };
  }, [initial]);

  /** Runs one auth action with the shared loading and error bookkeeping. */
  const run = useCallback(async <T,>(action: () => Promise<T>, fallback: string): Promise<T> => {
    setLoading(true);
    setError(null);
    try {
      return await action();
    } catch (failure) {
      setError(errorMessage(failure, fallback));
      throw failure;
    } finally {
      setLoading(false);
    }
  }, []);

  // Cached answers may belong to the previous member (notifications, contacts): fetch them afresh.
  const refreshMemberData = useCallback(() => {
    forgetCarriedAnswers();
    void queryClient.resetQueries();
  }, [queryClient]);

  const login = useCallback(
    (input: LoginInput) =>
      run(async () => {
        const signedIn = await callRoute("POST /api/auth/login", { body: input });
        setUser(signedIn);
        setNotice(null);
        refreshMemberData();
        return signedIn;
      }, messages.loginFailed),
    [run, refreshMemberData],
  );

  const register = useCallback(
    (input: RegisterInput) =>
      run(async () => {
        const created = await callRoute("POST /api/auth/register", { body: input });
        setUser(created);
        refreshMemberData();
        return created;
      }, messages.registrationFailed),
    [run, refreshMemberData],
  );

  const logout = useCallback(
    () =>
      run(async () => {
        await callRoute("POST /api/auth/logout");
        setUser(null);
        refreshMemberData();
        toast({ title: messages.loggedOutTitle, description: messages.loggedOut });
      }, "Could not log out. Please try again."),
    [run, refreshMemberData],
  );

  const signedOutByServer = useCallback(
    (message: string) => {
      setUser(null);
      setNotice(message);
      refreshMemberData();
    },
    [refreshMemberData],
  );

  const updateProfile = useCallback(
    (input: UpdateUser) =>
      run(async () => {
        if (!user) throw new Error(messages.updateNotSignedIn);
        const updated = await callRoute("PATCH /api/users/:id", { params: { id: user.id }, body: input });
        setUser(updated);
        return updated;
      }, messages.updateFailed),
    [run, user],
  );

  const value = useMemo(
    () => ({ user, loading, likelyMember, error, login, register, logout, updateProfile, notice, signedOutByServer }),
    [user, loading, likelyMember, error, login, register, logout, updateProfile, notice, signedOutByServer],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error("useAuth must be used inside <AuthProvider>");
  return context;
}
