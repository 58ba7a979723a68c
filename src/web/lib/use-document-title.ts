import { useEffect } from "react";
import { APP_NAME } from "@shared/constants";

/** Sets the browser tab's title to "<title> · <app name>" (or just the app name). */
export function useDocumentTitle(title?: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
  }, [title]);
}
