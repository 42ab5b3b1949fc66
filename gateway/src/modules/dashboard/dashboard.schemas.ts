import { intSchema, optionalSchema } from '../../shared/schemas';
import { DASHBOARD_LIST_DEFAULT, DASHBOARD_LIST_MAX } from './dashboard.rules';

export const DASHBOARD_MESSAGES = {
  limitInvalid: `limit must be an integer from 0 to ${DASHBOARD_LIST_MAX}`,
} as const;

/** How many upcoming tasks or activities to return: 0 to 20; not given, 3. */
export const DashboardListLimit = optionalSchema(intSchema(0, DASHBOARD_LIST_MAX, DASHBOARD_MESSAGES.limitInvalid), DASHBOARD_LIST_DEFAULT);
