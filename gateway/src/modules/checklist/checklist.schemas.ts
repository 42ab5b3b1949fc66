import { INT4_MAX, intSchema, optionalSchema } from '../../shared/schemas';
import { z } from '../../shared/validation';

/** Page sizes of My tasks (docs/product.md#roles). */
export const MY_TASKS_LIMITS = { limitDefault: 50, limitMax: 200 } as const;

export const MY_TASKS_MESSAGES = {
  limitInvalid: `limit must be an integer from 1 to ${MY_TASKS_LIMITS.limitMax}`,
  offsetInvalid: 'offset must be a whole number from 0',
} as const;

/** GET /my-tasks `?limit=&offset=`, `myTasks(limit, offset)`: limit 1-200 (50 when not given), offset from 0. */
export const MyTasksQuery = z
  .object({
    limit: optionalSchema(intSchema(1, MY_TASKS_LIMITS.limitMax, MY_TASKS_MESSAGES.limitInvalid), MY_TASKS_LIMITS.limitDefault),
    offset: optionalSchema(intSchema(0, INT4_MAX, MY_TASKS_MESSAGES.offsetInvalid), 0),
  })
  .openapi('MyTasksQuery');
