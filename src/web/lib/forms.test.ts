import { describe, expect, it } from "vitest";
import { z } from "zod";
import { createPostSchema } from "@shared/contracts/posts";
import { createRoomSchema } from "@shared/contracts/rooms";
import { updateUserSchema } from "@shared/contracts/users";
import { maxLengthOf } from "./forms";

describe("maxLengthOf", () => {
  it("reads a string schema's .max(), so a field's maxLength comes from the contract", () => {
    expect(maxLengthOf(z.string().trim().min(1).max(42))).toBe(42);
    expect(maxLengthOf(createPostSchema.shape.content)).toBe(5000);
  });

  it("looks through optional, nullable and default wrappers", () => {
    expect(maxLengthOf(createRoomSchema.shape.description)).toBe(500);
    expect(maxLengthOf(updateUserSchema.shape.bio)).toBe(1000);
    expect(maxLengthOf(z.string().max(7).default(""))).toBe(7);
    expect(maxLengthOf(z.string().trim().max(254).pipe(z.email()))).toBe(254);
  });

  it("answers undefined for a schema without a length limit", () => {
    expect(maxLengthOf(z.string())).toBeUndefined();
    expect(maxLengthOf(z.number().max(3))).toBeUndefined();
  });
});
