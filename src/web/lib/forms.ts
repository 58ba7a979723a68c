import { type FieldValues, type UseFormProps, useForm } from "react-hook-form";
import { zodResolver } from "@hookform/resolvers/zod";
import type { z } from "zod";

type ObjectSchema = z.ZodType<FieldValues, FieldValues>;

/**
 * A react-hook-form form validated by a contract's schema, the way every form of the app validates:
 * on submit first, then again on each change (spec §5).
 */
export function useSchemaForm<S extends ObjectSchema>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver"> = {},
) {
  return useForm<z.input<S>, unknown, z.output<S>>({
    resolver: zodResolver(schema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    ...options,
  });
}

type Inspectable = { maxLength?: unknown; unwrap?: () => unknown; in?: unknown };

/**
 * The most characters a string schema accepts (its `.max()`), through optional, nullable and default
 * wrappers and into a pipe's input; an input's `maxLength` comes from here so the limit is written once, in the contract.
 */
export function maxLengthOf(schema: unknown): number | undefined {
  let current = schema as Inspectable | undefined;
  for (let depth = 0; current && depth < 5; depth += 1) {
    if (typeof current.maxLength === "number") return current.maxLength;
    current = (typeof current.unwrap === "function" ? current.unwrap() : current.in) as Inspectable | undefined;
  }
  return undefined;
}
