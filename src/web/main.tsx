import { StrictMode, startTransition } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("The page has no #root element");

const root = createRoot(container);
// The first render already holds the first screen's data (lib/query-client.ts); as a transition React draws it in
// slices and lets the browser in between, instead of one long task on a phone.
startTransition(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
