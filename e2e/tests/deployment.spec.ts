import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../stack.mjs';

// No Docker engine runs here; the compose file is validated offline with Debian's docker-compose.
const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

function composeConfig(env: Record<string, string>) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['JWT_SECRET', 'POSTGRES_PASSWORD'].includes(k)));
  return spawnSync('docker-compose', ['config', '-q'], { cwd: repoRoot, env: { ...base, ...env } as NodeJS.ProcessEnv, encoding: 'utf8' });
}

test.describe('docker-compose.yml', () => {
  test.skip(!hasCompose, 'docker-compose is not installed (.ci/run installs it)');

  test('is valid with the required secrets', () => {
    const result = composeConfig({ JWT_SECRET: 'x'.repeat(64), POSTGRES_PASSWORD: 'pw' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  test('refuses to render without JWT_SECRET', () => {
    const result = composeConfig({ POSTGRES_PASSWORD: 'pw' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('JWT_SECRET is required');
  });
});
