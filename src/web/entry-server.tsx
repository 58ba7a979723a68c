import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { Router } from "wouter";
import type { InitialState } from "@shared/contracts/auth";
import { App } from "./app";
import { carryState } from "./lib/initial-state";
import { queryClient } from "./lib/query-client";

/**
 * The server's render of a page's first screen (decision 0032): the app drawn at `url` from the state the page
 * carries, which the browser then hydrates (main.tsx). Each render is synchronous, so the one query cache and carried
 * state of this module belong to one page at a time.
 */
function renderOnce(url: string, state: InitialState): string {
  const [pathname = "/", search = ""] = url.split("?");
  queryClient.clear();
  carryState(state);
  try {
    return renderToString(
      <StrictMode>
        <Router ssrPath={pathname} ssrSearch={search}>
          <App />
        </Router>
      </StrictMode>,
    );
  } finally {
    queryClient.clear();
    carryState(undefined);
  }
}

/** A part the render could not finish (a page's code not loaded yet): React marks it for the browser to draw. */
const UNFINISHED = "<!--$!-->";

export async function render(url: string, state: InitialState): Promise<string> {
  // A part whose code (React.lazy) is not loaded yet is left unfinished, and its loading starts; a part it holds may
  // load more. Once loaded, code stays loaded, so only the first pages after a start wait here.
  for (let wait = 5; ; wait *= 2) {
    const html = renderOnce(url, state);
    if (!html.includes(UNFINISHED) || wait > 160) return html;
    await new Promise((resolve) => setTimeout(resolve, wait));
  }
}
