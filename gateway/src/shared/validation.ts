import { extendZodWithOpenApi } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ValidationError } from './errors';

// Every schema of the gateway is built from this `z`, so `.openapi()` metadata is available everywhere.
extendZodWithOpenApi(z);

export { z };

/**
 * A 400 whose `error` is the details joined with commas, so a client showing
 * either the error text or the details list shows the same words
 * (docs/product.md#errors).
 */
export function invalid(details: string[]): ValidationError {
  return new ValidationError(details.join(', '), details);
}

/**
 * THE way an operation input is checked: parse `input` with the operation's
 * zod schema and return the parsed value, or throw one 400 listing every
 * problem once, in the order zod found them. Services call this, so REST and
 * GraphQL get the same rule and the same words. Schemas give every issue a
 * product message (`{ error: MESSAGES.x }`); zod's own wording is a fallback
 * that a test should never see.
 */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  throw invalid([...new Set(result.error.issues.map((issue) => issue.message))]);
}
