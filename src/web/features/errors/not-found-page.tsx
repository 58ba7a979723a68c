import { Link } from "wouter";
import { AlertCircle, House } from "lucide-react";
import { messages } from "@shared/messages";
import { Button } from "@web/components/ui/button";
import { Card } from "@web/components/ui/card";
import { useDocumentTitle } from "@web/lib/use-document-title";

/** Any route the router does not know. */
export function NotFoundPage() {
  useDocumentTitle(messages.notFoundTitle);
  return (
    <div className="flex min-h-[50vh] items-center justify-center">
      <Card className="w-full max-w-md p-8 text-center">
        <AlertCircle className="mx-auto mb-4 size-12 text-destructive" aria-hidden="true" />
        <h1 className="text-2xl font-bold">{messages.notFoundTitle}</h1>
        <p className="mt-3 text-muted-foreground">
          We couldn't find this page. If you followed a link inside the app, the route may be missing from the router.
        </p>
        <Button asChild className="mt-6">
          <Link href="/">
            <House aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </Card>
    </div>
  );
}
