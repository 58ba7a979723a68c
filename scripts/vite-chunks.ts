import type { ChunkingContext } from "rolldown";

/**
 * How the web build groups modules into files (issue 9). Left alone, the bundler emits one file per icon and per
 * small shared module: the home page needed 40 scripts, and on a phone each costs a round trip of its own.
 * - React, which every page runs, gets a file of its own that stays cached across releases.
 * - Everything the entry imports statically runs on every page before anything else, so it is one file ("app"):
 *   splitting it bought nothing but requests. The app's shell, which the entry imports once React has been evaluated
 *   (src/web/main.tsx), is one file too ("shell"), for the same reason.
 * - Icons used by three or more files are one small file; an icon used by one or two pages stays with them.
 * - The small display primitives that nearly every page shows (card, badge, skeleton, the empty, error and
 *   loading states, responsive images, artwork) are one file, with the hook that shows a path as a full address.
 * Grouping beyond this moves weight onto pages that don't use it: a group of every module shared by four or more
 * pages put 190–200 KiB on each main page, and one of Radix's overlay packages put 15–30 KiB on pages that show
 * only a slider.
 */
export const chunkGroups = [
  { name: "react", test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 20 },
  { name: "app", tags: ["$initial" as const], priority: 10 },
  { name: shellOnly, priority: 9 },
  { name: "icons", test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/, minShareCount: 6, priority: 5 },
  {
    name: "kit",
    test: /src[\\/]web[\\/](components[\\/]ui[\\/](card|badge|skeleton|empty-state|error-state|query-state|responsive-image)\.tsx|features[\\/]player[\\/]album-art\.tsx|lib[\\/]use-absolute-url\.ts)$/,
    priority: 4,
  },
];

const SHELL = /src[\\/]web[\\/]app\.tsx$/;
/** A package's index that re-exports dozens of modules (lucide-react's icons, radix-ui's primitives). */
const isBarrel = (id: string, ctx: ChunkingContext) => id.includes("node_modules") && (ctx.getModuleInfo(id)?.importedIds.length ?? 0) > 25;

/**
 * "shell" for a module the app's shell imports, directly or through others: its importers lead back to app.tsx. Not
 * through a package's index: the shell takes one icon or primitive from it, and the rest would seem the shell's too.
 */
function shellOnly(moduleId: string, ctx: ChunkingContext): string | null {
  const seen = new Set<string>();
  const reaches = (id: string): boolean => {
    if (SHELL.test(id)) return true;
    if (seen.has(id) || isBarrel(id, ctx)) return false;
    seen.add(id);
    return ctx.getModuleInfo(id)?.importers.some(reaches) ?? false;
  };
  return reaches(moduleId) ? "shell" : null;
}
