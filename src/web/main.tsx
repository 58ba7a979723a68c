import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { startHydrating } from "./lib/use-hydrated";
import "./styles.css";

/**
 * React and the app's shell are evaluated in two tasks, with the browser free in between: as one, on a phone at
 * 4× slowdown they were the page's longest task (130–170 ms). The shell's files are preloaded with the entry
 * (src/server/http/app-shell.ts), so the second task does not wait for the network.
 */
async function start(container: HTMLElement) {
  await new Promise<void>((resolve) => setTimeout(resolve, 0));
  const { App } = await import("./app");
  const app = (
    <StrictMode>
      <App />
    </StrictMode>
  );

  if (container.firstElementChild) {
    // The server drew the first screen (entry-server.tsx): React takes it over as it is. Where the browser's first render
    // differs (a time shown in the member's own time zone), React draws that part again; it is not an error. As a
    // transition the hydration too goes in slices: outside one, React takes the page's frame over in one long task.
    startHydrating();
    startTransition(() => {
      hydrateRoot(container, app, {
        onRecoverableError: (error, info) => console.warn("The page was drawn again in the browser:", error, info.componentStack),
      });
    });
  } else {
    // The first render already holds the first screen's data (lib/query-client.ts); as a transition React draws it in
    // slices and lets the browser in between, instead of one long task on a phone.
    startTransition(() => createRoot(container).render(app));
  }
}

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");
void start(container);
