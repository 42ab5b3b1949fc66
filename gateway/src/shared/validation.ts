import { ValidationError } from './errors';

/**
 * A 400 whose `error` is the details joined with commas (the house style of
 * spec §5), so a client showing either the error text or the details list
 * shows the same words.
 */
export function invalid(details: string[]): ValidationError {
  return new ValidationError(details.join(', '), details);
}
