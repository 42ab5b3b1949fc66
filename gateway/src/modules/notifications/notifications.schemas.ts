import { idSchema } from '../../shared/schemas';
import { z } from '../../shared/validation';
import { NOTIFICATION_MESSAGES as M } from './notifications.messages';

/*
 * The inputs of the notifications module, parsed by NotificationService (both
 * doors) and published in the REST contract.
 */

/** The `{id}` of POST /notifications/{id}/read and `markNotificationRead(id:)`. */
export const NotificationId = idSchema(M.idInvalid, M.idInvalid);

/** PUT /notifications/preferences: only the digest can be turned off; escalations always go. */
export const NotificationPreferencesInput = z
  .object({ digest: z.boolean({ error: M.digestInvalid }) })
  .openapi('NotificationPreferencesInput');
