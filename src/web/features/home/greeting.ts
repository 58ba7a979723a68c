import { GREETINGS } from "@shared/constants";

/** One of the spec's greetings (§2), picked by `random` (a number in [0, 1)). */
export function pickGreeting(random: () => number = Math.random): string {
  return GREETINGS[Math.floor(random() * GREETINGS.length)] ?? GREETINGS[0];
}

/** A greeting of spec §2 ("Hello again!") without its closing mark, so a name can follow it. */
export function greetingWords(greeting: string): string {
  return greeting.replace(/[!.]+$/, "");
}

/** The home greeting addressed to the member: "Hello again!" and "Ruth Jensen" read "Hello again, Ruth Jensen!". */
export function greetingFor(greeting: string, displayName: string): string {
  return `${greetingWords(greeting)}, ${displayName}!`;
}
