import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { repoRoot } from '../stack.mjs';

// No Docker engine runs here; the compose file is validated offline with Debian's docker-compose.
const hasCompose = spawnSync('docker-compose', ['version'], { stdio: 'ignore' }).status === 0;

function composeConfig(env: Record<string, string>, args = ['-q']) {
  const base = Object.fromEntries(Object.entries(process.env).filter(([k]) => !['JWT_SECRET', 'POSTGRES_PASSWORD', 'SMTP_URL'].includes(k)));
  return spawnSync('docker-compose', ['config', ...args], { cwd: repoRoot, env: { ...base, ...env } as NodeJS.ProcessEnv, encoding: 'utf8' });
}

test.describe('docker-compose.yml', () => {
  test.skip(!hasCompose, 'docker-compose is not installed (.ci/run installs it)');

  test('is valid with the required secrets', () => {
    const result = composeConfig({ JWT_SECRET: 'x'.repeat(64), POSTGRES_PASSWORD: 'pw' });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  test('sends mail to the try-it-out catcher unless SMTP_URL names a real server', () => {
    const secrets = { JWT_SECRET: 'x'.repeat(64), POSTGRES_PASSWORD: 'pw' };
    const trying = composeConfig(secrets, []);
    expect(trying.status).toBe(0);
    expect(trying.stdout).toContain('SMTP_URL: smtp://maildev:1025');
    expect(trying.stdout).toContain('image: maildev/maildev:');
    expect(trying.stdout).toContain('127.0.0.1:1080:1080');
    const real = composeConfig({ ...secrets, SMTP_URL: 'smtps://mailer:pw@smtp.example.com:465' }, []);
    expect(real.stdout).toContain('SMTP_URL: smtps://mailer:pw@smtp.example.com:465');
  });

  test('refuses to render without JWT_SECRET', () => {
    const result = composeConfig({ POSTGRES_PASSWORD: 'pw' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('JWT_SECRET is required');
  });
});
