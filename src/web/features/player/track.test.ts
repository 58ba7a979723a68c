import { describe, expect, it } from "vitest";
import { matchesSearch } from "./filters";
import { startPosition, toTrack } from "./track";

describe("startPosition", () => {
  it("resumes where the member stopped", () => {
    expect(startPosition({ resumePosition: 42.5, duration: 180 })).toBe(42.5);
  });
  it("starts over when barely begun, nearly finished or never played", () => {
    expect(startPosition({ resumePosition: 2, duration: 180 })).toBe(0);
    expect(startPosition({ resumePosition: 178.5, duration: 180 })).toBe(0);
    expect(startPosition({ duration: 180 })).toBe(0);
  });
});

describe("toTrack", () => {
  it("maps a media item to the player track of spec §3", () => {
    const track = toTrack({
      id: 7,
      title: "Still Waters",
      description: "",
      type: "song",
      categoryId: null,
      artist: "Naomi Asante",
      thumbnailUrl: "/media/thumb.jpg",
      mediaUrl: "/media/song.mp3",
      mimeType: "audio/mpeg",
      duration: 47,
      createdAt: "2026-01-01T00:00:00.000Z",
      playCount: 0,
      likesCount: 0,
    });
    expect(track).toMatchObject({
      id: 7,
      title: "Still Waters",
      artist: "Naomi Asante",
      albumArt: "/media/thumb.jpg",
      audioSrc: "/media/song.mp3",
      duration: 47,
      isVideo: false,
    });
  });
});

describe("matchesSearch (spec §5: case-insensitive substring on the given fields)", () => {
  it("matches any field regardless of case, and everything for a blank query", () => {
    expect(matchesSearch("WATERS", "Still Waters", "Naomi")).toBe(true);
    expect(matchesSearch("naomi", "Still Waters", "Naomi Asante")).toBe(true);
    expect(matchesSearch("hymn", "Still Waters", "Naomi Asante")).toBe(false);
    expect(matchesSearch("   ", "anything")).toBe(true);
  });
});
