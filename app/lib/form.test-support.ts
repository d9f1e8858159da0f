import { expect } from "vitest";
import type { z } from "zod";
import { fieldErrors } from "./form";

/** The first message of each field of an input `schema` refuses; the test fails if it accepts the input. */
export function refusedFieldErrors(schema: z.ZodType, input: unknown) {
  const result = schema.safeParse(input);
  expect(result.success).toBe(false);
  return fieldErrors(result.error!);
}
