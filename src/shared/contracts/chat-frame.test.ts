import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { MAX_ID } from "./common";
import { canonicalChatFrame, parseClientEvent } from "./chat-frame";
import { CHAT_MESSAGE_MAX_LENGTH, clientEventSchema } from "./live";

/** A field of a chat frame: left out (mostly), usual, or one of the other values clients send, right and wrong. */
const field = <T, U>(usual: fc.Arbitrary<T>, other: fc.Arbitrary<U>, leftOut = 2) =>
  fc.oneof({ weight: leftOut, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: usual }, { weight: 1, arbitrary: other });
const rarely = <T>(arbitrary: fc.Arbitrary<T>) => fc.oneof({ weight: 9, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });
const idLike = fc.oneof(
  fc.constantFrom(0, "", null, -1, 1, 1.5, MAX_ID, MAX_ID + 1, "5", Number.MAX_SAFE_INTEGER + 2),
  fc.integer({ min: -5, max: MAX_ID }),
  fc.double(),
);
const textLike = (max: number) =>
  fc.oneof(
    fc.string({ maxLength: 40 }),
    fc.constantFrom("", "   ", "\n\t", "a\u0000b", "x".repeat(max), "x".repeat(max + 1), " padded ", "ÿ\u{1F600}"),
    fc.integer(),
    fc.constant(null),
  );
const roomCodeLike = fc.oneof(
  fc.constantFrom("ABC123", "abc123", " ABC123", "ABC123 ", "", null, "ABCDEFG", "ABC12", "ÅBC123", 123456),
  fc.stringMatching(/^[A-Za-z0-9 ]{0,8}$/),
);

const chatFrame = fc
  .record({
    type: fc.constantFrom("CHAT_MESSAGE", "CHAT_MESSAGE", "CHAT_MESSAGE", "TYPING", "chat_message"),
    payload: fc.oneof(
      {
        weight: 8,
        arbitrary: fc.record({
          message: field(fc.string({ minLength: 1, maxLength: 40 }), textLike(CHAT_MESSAGE_MAX_LENGTH), 0),
          receiverId: field(fc.integer({ min: 1, max: MAX_ID }), idLike),
          roomCode: field(fc.stringMatching(/^[A-Z0-9]{6}$/), roomCodeLike),
          groupId: field(fc.integer({ min: 1, max: MAX_ID }), idLike),
          clientId: field(fc.string({ maxLength: 64 }), textLike(64)),
          senderId: rarely(fc.integer({ min: 1, max: 9 })),
        }),
      },
      { weight: 1, arbitrary: fc.constantFrom(null, [], "message", 5) },
    ),
    extra: rarely(fc.constant(true)),
  })
  // What arrives is JSON: absent fields are absent, not undefined.
  .map((frame) => JSON.parse(JSON.stringify(frame)) as unknown);

describe("the chat frame's fast check", () => {
  it("answers only for frames the schema accepts, and answers what the schema answers", () => {
    let recognized = 0;
    fc.assert(
      fc.property(chatFrame, (frame) => {
        const fast = canonicalChatFrame(frame);
        if (fast === undefined) return;
        recognized += 1;
        const parsed = clientEventSchema.safeParse(frame);
        expect(parsed.success, JSON.stringify(frame)).toBe(true);
        expect(fast).toEqual(parsed.data);
      }),
      { numRuns: 5_000 },
    );
    // Not a check that never runs: a good share of the generated frames are in the usual form.
    expect(recognized).toBeGreaterThan(100);
  });

  it("recognizes the frames the web app sends, and leaves every other form to the schema and its messages", () => {
    const room = { type: "CHAT_MESSAGE", payload: { message: "Amen", roomCode: "ABC123", clientId: "c1" } };
    expect(canonicalChatFrame(room)).toBe(room);
    const direct = { type: "CHAT_MESSAGE", payload: { message: "Peace", receiverId: 7 } };
    expect(canonicalChatFrame(direct)).toBe(direct);

    // Spec clients send every field, the unused ones empty: the schema converts them.
    const everyField = { type: "CHAT_MESSAGE", payload: { message: "Hi", receiverId: 7, roomCode: "", groupId: 0 } };
    expect(canonicalChatFrame(everyField)).toBeUndefined();
    expect(parseClientEvent(everyField)).toEqual({
      success: true,
      data: { type: "CHAT_MESSAGE", payload: { message: "Hi", receiverId: 7, roomCode: null, groupId: null } },
    });
    // A lower-case room code is the schema's to normalize; a blank message is the schema's to refuse, in its words.
    expect(parseClientEvent({ type: "CHAT_MESSAGE", payload: { message: "Hi", roomCode: "abc123" } })).toMatchObject({
      success: true,
      data: { payload: { roomCode: "ABC123" } },
    });
    const blank = parseClientEvent({ type: "CHAT_MESSAGE", payload: { message: "   ", roomCode: "ABC123" } });
    expect(blank.success).toBe(false);
    expect(blank.success ? undefined : blank.error.issues[0]?.message).toBe("Message cannot be empty");
  });
});
