import { test, expect } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
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

  /** Each service's block of the rendered file (`docker-compose config`), by name. */
  function services(rendered: string): Record<string, string> {
    const section = rendered.split(/^services:\n/m)[1]?.split(/^\S/m)[0] ?? '';
    return Object.fromEntries(section.split(/^(?= {2}[a-z][\w-]*:\n)/m).map((block) => [block.trim().split(':')[0], block]));
  }

  test('checks health: the shell starts once the gateway answers /readyz, each front end has its own check', () => {
    const rendered = composeConfig({ JWT_SECRET: 'x'.repeat(64), POSTGRES_PASSWORD: 'pw' }, []);
    expect(rendered.status).toBe(0);
    const byName = services(rendered.stdout);
    expect(byName.gateway).toMatch(/healthcheck:[\s\S]*127\.0\.0\.1:4000\/readyz/);
    // PostgreSQL counts as healthy once it answers over TCP, not while the image's first-run set-up server (socket only) runs.
    expect(byName.postgres).toMatch(/healthcheck:[\s\S]*pg_isready -h 127\.0\.0\.1/);
    expect(byName.shell).toMatch(/depends_on:\n\s+gateway:\n\s+condition: service_healthy/);
    expect(byName.shell).toMatch(/healthcheck:[\s\S]*wget[\s\S]*http:\/\/127\.0\.0\.1:8080\/runtime-config\.json/);
    for (const remote of ['employee-mfe', 'admin-mfe']) expect(byName[remote]).toMatch(/healthcheck:[\s\S]*http:\/\/127\.0\.0\.1:8080\/remoteEntry\.js/);
    // The metrics port is exposed to the compose network only: the gateway publishes no port at all.
    expect(byName.gateway).toContain('METRICS_PORT: \'9464\'');
    expect(byName.gateway).not.toMatch(/^ {4}ports:/m);
    // Stopping waits for the gateway's own drain and forced exit (10 s + 10 s), not Docker's default 10 s.
    expect(byName.gateway).toMatch(/^ {4}stop_grace_period: 30s$/m);
  });

  test('the observability profile adds Prometheus and a provisioned Grafana, and only with the profile', () => {
    const secrets = { JWT_SECRET: 'x'.repeat(64), POSTGRES_PASSWORD: 'pw' };
    const withProfile = spawnSync('docker-compose', ['--profile', 'observability', 'config', '-q'], { cwd: repoRoot, env: { ...process.env, ...secrets }, encoding: 'utf8' });
    expect(withProfile.stderr).toBe('');
    expect(withProfile.status).toBe(0);
    const byName = services(composeConfig(secrets, []).stdout);
    for (const name of ['prometheus', 'grafana']) expect(byName[name]).toMatch(/profiles:\n\s+- observability/);
    for (const name of ['postgres', 'gateway', 'shell', 'employee-mfe', 'admin-mfe']) expect(byName[name]).not.toContain('profiles:');
    expect(byName.prometheus).toContain('docker/prometheus/prometheus.yml');
    expect(byName.grafana).toContain('docker/grafana/dashboards');
    const prometheus = fs.readFileSync(path.join(repoRoot, 'docker/prometheus/prometheus.yml'), 'utf8');
    expect(prometheus).toMatch(/names: \[gateway\][\s\S]*port: 9464/);
    const dashboard = JSON.parse(fs.readFileSync(path.join(repoRoot, 'docker/grafana/dashboards/embark.json'), 'utf8')) as { panels: { targets: { expr: string }[] }[] };
    const exprs = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join('\n');
    for (const metric of ['embark_http_request_duration_seconds_bucket', 'embark_http_errors_total', 'embark_db_pool_clients', 'embark_job_queue_depth', 'embark_mail_sent_total', 'embark_sign_in_failures_total', 'embark_graphql_operation_duration_seconds_bucket']) {
      expect(exprs).toContain(metric);
    }
  });

  test('refuses to render without JWT_SECRET', () => {
    const result = composeConfig({ POSTGRES_PASSWORD: 'pw' });
    expect(result.status).not.toBe(0);
    expect(result.stderr).toContain('JWT_SECRET is required');
  });
});
