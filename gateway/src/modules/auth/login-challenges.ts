import type { EntityManager } from 'typeorm';

/**
 * Closes every open second sign-in step of a user: a password step taken
 * before a password or two-factor change must not complete after it.
 */
export async function closeOpenChallenges(manager: EntityManager, userId: number): Promise<void> {
  await manager.query(`update login_challenges set consumed_at = now() where user_id = $1 and consumed_at is null`, [userId]);
}
