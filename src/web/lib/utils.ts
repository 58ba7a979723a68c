import { clsx, type ClassValue } from "clsx";
import { twMerge } from "./class-groups";

/** Joins class names and lets later Tailwind utilities override earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}
