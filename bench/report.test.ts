import { describe, expect, it } from "vitest";
import { replaceSection } from "./report";

describe("bench report", () => {
  it("rewrites only what stands between its own markers, and keeps them for the next run", () => {
    const document =
      "# Performance\n\n## API\n\nHow to run.\n\n<!-- bench:api -->\nold table\n<!-- /bench:api -->\n\n## Server start\n\nOther figures.\n";
    const once = replaceSection(document, "api", "| new | table |");
    expect(once).toBe(
      "# Performance\n\n## API\n\nHow to run.\n\n<!-- bench:api -->\n\n| new | table |\n\n<!-- /bench:api -->\n\n## Server start\n\nOther figures.\n",
    );
    expect(replaceSection(once, "api", "| newer |")).toContain("<!-- bench:api -->\n\n| newer |\n\n<!-- /bench:api -->\n\n## Server start");
    expect(replaceSection(once, "api", "| newer |")).not.toContain("new | table");
  });

  it("appends the section with its markers to a document that has none", () => {
    expect(replaceSection("# Performance\n", "api", "figures")).toBe(
      "# Performance\n\n<!-- bench:api -->\n\nfigures\n\n<!-- /bench:api -->\n",
    );
  });
});
