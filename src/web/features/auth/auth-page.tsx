import { Link, Redirect, useLocation, useParams } from "wouter";
import { ArrowLeft } from "lucide-react";
import { APP_NAME } from "@shared/constants";
import { Brand } from "@web/components/layout/brand";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@web/components/ui/tabs";
import { useDocumentTitle } from "@web/lib/use-document-title";
import { LoginForm } from "./login-form";
import { RegisterForm } from "./register-form";
import { useAuth } from "./use-auth";

type AuthTab = "login" | "register";

/** /auth/{tab}: Sign In and Register; the active tab follows the route (login by default). */
export function AuthPage() {
  const params = useParams<{ tab?: string }>();
  const [, navigate] = useLocation();
  const { user, notice } = useAuth();
  const tab: AuthTab = params.tab === "register" ? "register" : "login";
  useDocumentTitle(tab === "register" ? "Register" : "Sign In");

  if (user) return <Redirect to="/" replace />;

  return (
    <div className="grid min-h-dvh lg:grid-cols-[1fr_1.1fr]">
      <aside className="relative hidden overflow-hidden bg-gradient-to-br from-hero-from via-hero-via to-hero-to p-12 text-white lg:flex lg:flex-col lg:justify-between">
        <div aria-hidden="true" className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl" />
        <div aria-hidden="true" className="absolute -bottom-32 -left-16 size-96 rounded-full bg-warm/20 blur-3xl" />
        <Brand className="relative text-white" />
        <div className="relative max-w-md">
          <p className="text-3xl leading-snug font-semibold">“For where two or three gather in my name, there am I with them.”</p>
          <p className="mt-4 text-white/85">Matthew 18:20</p>
          <ul className="mt-10 grid gap-3 text-white/90">
            <li>Watch sermons and stream worship music</li>
            <li>Share prayers and encouragement with the community</li>
            <li>Meet face to face in video conferences</li>
          </ul>
        </div>
        <p className="relative text-sm text-white/80">
          © {new Date().getFullYear()} {APP_NAME}
        </p>
      </aside>

      <main className="flex flex-col px-4 py-6 sm:px-8">
        <Link
          href="/"
          className="inline-flex items-center gap-2 self-start rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          Back to Home
        </Link>
        <div className="mx-auto flex w-full max-w-md flex-1 flex-col justify-center py-8">
          <div className="mb-6 text-center">
            <Brand className="mb-6 inline-flex lg:hidden" />
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{tab === "register" ? "Join our community" : "Welcome back"}</h1>
            <p className="mt-2 text-muted-foreground">
              {tab === "register"
                ? `Create your free ${APP_NAME} account to post, chat and join live services.`
                : `Sign in to continue to ${APP_NAME}.`}
            </p>
          </div>
          {notice ? (
            <p role="alert" className="mb-4 rounded-lg border border-destructive/40 bg-destructive/10 p-4 text-sm">
              {notice}
            </p>
          ) : null}
          <Tabs value={tab} onValueChange={(next) => navigate(`/auth/${next}`)}>
            <TabsList className="grid w-full grid-cols-2">
              <TabsTrigger value="login">Sign In</TabsTrigger>
              <TabsTrigger value="register">Register</TabsTrigger>
            </TabsList>
            <div className="mt-6 rounded-xl border border-border bg-card p-6 shadow-sm sm:p-8">
              <TabsContent value="login" className="mt-0">
                <LoginForm />
              </TabsContent>
              <TabsContent value="register" className="mt-0">
                <RegisterForm />
              </TabsContent>
            </div>
          </Tabs>
        </div>
      </main>
    </div>
  );
}
