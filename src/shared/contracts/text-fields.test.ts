import { describe, expect, it } from "vitest";
import type { RouteContract } from "./route";
import { apiRoutes } from "./routes";
import { messages } from "../messages";
import { validInput } from "../../server/test/valid-input";

const routes = Object.entries(apiRoutes).flatMap(([domain, table]) =>
  Object.entries(table).map(([name, route]) => ({ name: `${domain}.${name}`, route: route as RouteContract })),
);

describe("every text field a client sends", () => {
  it("refuses a NUL character with the one shared message, in every route's body and query", () => {
    let checked = 0;
    for (const { name, route } of routes) {
      for (const schema of [route.body, route.query]) {
        if (!schema) continue;
        const valid = validInput(schema);
        expect(schema.safeParse(valid).success, `${name}: the generated input should be valid`).toBe(true);
        for (const [field, value] of Object.entries(valid)) {
          if (typeof value !== "string" || field === "cursor") continue;
          const result = schema.safeParse({ ...valid, [field]: `${value}\u0000` });
          expect(result.success, `${name}.${field} accepts NUL`).toBe(false);
          // An email, a code or a choice refuses NUL by its own format; prose (the generated value has spaces) says why.
          if (value.includes(" "))
            expect(
              result.error?.issues.map((issue) => issue.message),
              `${name}.${field}`,
            ).toContain(messages.textHasNul);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
  });
});
