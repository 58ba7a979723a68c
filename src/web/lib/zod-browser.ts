/**
 * "zod" as the web build sees it (vite.config.ts aliases the bare import here): the same library, switched to its
 * interpreted validators before any schema is built. Left alone, zod probes for eval (`new Function`) when it builds
 * an object schema; the CSP forbids eval, so the probe fails and the browser reports a CSP violation on every page.
 */
import { config } from "zod/v4/core";

config({ jitless: true });

export * from "zod/v4";
