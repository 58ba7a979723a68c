import fs from "node:fs";
import path from "node:path";
import { twMerge as fullTwMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { twMerge } from "./class-groups";
import { cn } from "./utils";

const webRoot = path.resolve(import.meta.dirname, "..");

/** Every word of every string literal in the web app's source. */
function sourceWords(): Set<string> {
  const words = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (/\.tsx?$/.test(entry.name) && !entry.name.includes(".test.") && entry.name !== "class-groups.ts") {
        const source = fs.readFileSync(file, "utf8");
        for (const match of source.matchAll(/"([^"\n]*)"|'([^'\n]*)'|`([^`]*)`/g)) {
          const text = (match[1] ?? match[2] ?? match[3] ?? "").replace(/\$\{[^}]*\}/g, " ");
          for (const word of text.split(/\s+/)) if (word) words.add(word);
        }
      }
    }
  };
  walk(webRoot);
  return words;
}

/** A class's variants (`md:hover:`), in a canonical order: only classes with the same variants can conflict. */
function variantsOf(className: string): string {
  let depth = 0;
  let last = -1;
  for (let at = 0; at < className.length; at += 1) {
    const char = className[at];
    if (char === "[" || char === "(") depth += 1;
    else if (char === "]" || char === ")") depth -= 1;
    else if (char === ":" && depth === 0) last = at;
  }
  return (
    className
      .slice(0, last + 1)
      .split(":")
      .sort()
      .join(":") + (className.includes("!") ? "!" : "")
  );
}

describe("cn's class groups", () => {
  // The words either configuration takes for Tailwind classes (it keeps one of two equal ones).
  const isClass = (word: string) => fullTwMerge(`${word} ${word}`) === word || twMerge(`${word} ${word}`) === word;
  const classes = [...sourceWords()].filter(isClass).sort();
  const byVariants = new Map<string, string[]>();
  for (const className of classes) byVariants.set(variantsOf(className), [...(byVariants.get(variantsOf(className)) ?? []), className]);

  it("finds the app's classes", () => {
    // The scan reads what it should: a few classes every page uses.
    for (const known of ["flex", "rounded-md", "text-sm", "text-muted-foreground", "px-3", "md:grid-cols-2"])
      expect(classes).toContain(known);
    expect(classes.length).toBeGreaterThan(300);
  });

  it("merges every pair of the app's classes as the default configuration does", () => {
    const differences: string[] = [];
    for (const group of byVariants.values()) {
      for (const first of group) {
        for (const second of group) {
          // Only the default configuration drops a repeated class of a group it does not know here: both are kept.
          if (first === second) continue;
          const list = `${first} ${second}`;
          const expected = fullTwMerge(list);
          const merged = twMerge(list);
          if (merged !== expected) differences.push(`"${list}": "${merged}", the default configuration gives "${expected}"`);
        }
      }
    }
    expect(differences.slice(0, 20)).toEqual([]);
  });

  it("lets a later class override an earlier one of its group, and keeps the rest", () => {
    expect(cn("rounded-lg px-3 text-sm", "rounded-md text-base")).toBe("px-3 rounded-md text-base");
    expect(cn("p-4", "px-2")).toBe("p-4 px-2");
    expect(cn("px-2", "p-4")).toBe("p-4");
    expect(cn("h-4 w-4", "size-6")).toBe("size-6");
    expect(cn("text-sm text-muted-foreground", "text-destructive")).toBe("text-sm text-destructive");
    expect(cn("flex", { hidden: false, grid: true }, "custom-class")).toBe("grid custom-class");
  });
});
