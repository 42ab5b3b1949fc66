import { ensureQueue, type PgBoss } from '../../jobs';
import type { Logger } from '../../shared/logger';
import type { ReminderService } from './reminders.service';

/** The pg-boss queue of the reminder job's ticks. */
export const REMINDERS_QUEUE = 'reminders-tick';

export interface ReminderScheduleOptions {
  boss: PgBoss;
  reminders: ReminderService;
  logger: Logger;
  /** When the tick runs (cron, UTC). Every 15 minutes: 09:00 is reached in every zone, including those a half or quarter hour off UTC. */
  cron?: string;
  /** How often an idle worker looks for a tick (seconds); tests shorten it. */
  pollingIntervalSeconds?: number;
}

/**
 * The gateway's door to the schedule: starts it, or, when this process has it
 * switched off (REMINDER_SCHEDULE=off), says so once and registers nothing.
 */
export async function startReminderSchedule(enabled: boolean, options: ReminderScheduleOptions): Promise<ReminderSchedule | undefined> {
  if (!enabled) {
    options.logger.info('REMINDER_SCHEDULE is off: this process does not schedule the daily reminders (where no gateway does, run `npm run jobs:reminders -- --scheduled` from a cron every 15 minutes)');
    return undefined;
  }
  const schedule = new ReminderSchedule(options);
  await schedule.start();
  return schedule;
}

/**
 * The reminder job on pg-boss: a cron schedule (pg-boss keeps one schedule
 * per queue, however many replicas register it) whose ticks land on one
 * replica each. The tick itself decides whether the day's run is due and
 * takes the day's lock (ReminderService.tick), so even a tick that two
 * replicas handle at once sends once.
 */
export class ReminderSchedule {
  constructor(private readonly options: ReminderScheduleOptions) {}

  async start(): Promise<void> {
    const { boss, reminders, logger } = this.options;
    // No retries: the next tick is minutes away and does the same.
    await ensureQueue(boss, REMINDERS_QUEUE, { retryLimit: 0, expireInSeconds: 15 * 60 });
    await boss.work(REMINDERS_QUEUE, { batchSize: 1, pollingIntervalSeconds: this.options.pollingIntervalSeconds ?? 30 }, async () => {
      const started = Date.now();
      const sent = await reminders.tick();
      if (sent) logger.info('reminders sent', { ...sent, ms: Date.now() - started });
    });
    await boss.schedule(REMINDERS_QUEUE, this.options.cron ?? '*/15 * * * *');
  }

  async stop(): Promise<void> {
    await this.options.boss.offWork(REMINDERS_QUEUE);
  }
}
