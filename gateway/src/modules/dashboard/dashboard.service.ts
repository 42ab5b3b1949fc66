import { requireUser, type Actor } from '../../shared/actor';
import type { Clock } from '../../shared/clock';
import { UnauthenticatedError } from '../../shared/errors';
import { parseInput } from '../../shared/validation';
import { viewerOf, type ChecklistService } from '../checklist';
import { buildDashboard } from './dashboard.rules';
import { DashboardListLimit } from './dashboard.schemas';
import type { DashboardType } from './dashboard.types';

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
    const loaded = await this.checklist.loadChecklist(userId, now, undefined, viewerOf(actor));
    // The middleware has just seen the account; it can only be gone if deleted in between.
    if (!loaded) throw new UnauthenticatedError();
    return buildDashboard(loaded.items, loaded.startDate, now, loaded.day);
  }
}

/** How many upcoming tasks or activities to return: null/undefined → 3; 0–20 accepted. */
export function dashboardLimit(raw: number | null | undefined): number {
  return parseInput(DashboardListLimit, raw);
}
