import { requireUser, type Actor } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { UnauthenticatedError, ValidationError } from '../../shared/errors';
import type { ChecklistService } from '../checklist';
import { buildDashboard, DASHBOARD_LIST_DEFAULT, DASHBOARD_LIST_MAX } from './dashboard.rules';
import type { DashboardType } from './dashboard.types';

export const DASHBOARD_MESSAGES = {
  limitInvalid: `limit must be an integer from 0 to ${DASHBOARD_LIST_MAX}`,
} as const;

/**
 * The dashboard of the signed-in user: one read of the user's checklist (the
 * same query as the checklist page), everything else computed from it in
 * dashboard.rules, so the numbers always match the checklist.
 */
export class DashboardService {
  constructor(
    private readonly checklist: ChecklistService,
    private readonly clock: Clock,
  ) {}

  async dashboard(actor: Actor): Promise<DashboardType> {
    const { userId } = requireUser(actor);
    const now = this.clock();
    const loaded = await this.checklist.loadChecklist(userId, now);
    // The middleware has just seen the account; it can only be gone if deleted in between.
    if (!loaded) throw new UnauthenticatedError();
    return buildDashboard(loaded.items, loaded.startDate, now);
  }
}

/** How many upcoming tasks or activities to return: null/undefined → 3; 0–20 accepted. */
export function dashboardLimit(raw: number | null | undefined): number {
  if (raw === null || raw === undefined) return DASHBOARD_LIST_DEFAULT;
  if (!Number.isInteger(raw) || raw < 0 || raw > DASHBOARD_LIST_MAX) throw new ValidationError(DASHBOARD_MESSAGES.limitInvalid, [DASHBOARD_MESSAGES.limitInvalid]);
  return raw;
}
