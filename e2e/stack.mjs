// Ports and environment of the stack the e2e suite runs against (one place, shared by
// the Playwright config, the server launcher and the specs).
import path from 'node:path';
import { repoRoot } from '../scripts/lib/paths.mjs';
import { stackEnv } from '../scripts/lib/stack.mjs';

export { repoRoot };

export const ports = {
  shell: Number(process.env.E2E_SHELL_PORT || 3100),
  employee: Number(process.env.E2E_EMPLOYEE_PORT || 3101),
  admin: Number(process.env.E2E_ADMIN_PORT || 3102),
  gateway: Number(process.env.E2E_GATEWAY_PORT || 4100),
  embeddedPg: Number(process.env.E2E_PG_PORT || 15431),
  // The stack's own MailDev; specs read delivered mail from `${urls.mailDev}/api/email`.
  mailDevSmtp: Number(process.env.E2E_MAILDEV_SMTP_PORT || 1125),
  mailDevWeb: Number(process.env.E2E_MAILDEV_WEB_PORT || 1180),
  // Apart from the gateway's default (9464), so a developer's running instance never collides.
  metrics: Number(process.env.E2E_METRICS_PORT || 5100),
};

/**
 * The environment of shard `index` (from 1) of a sharded run (run-shards.mjs): shard 1 keeps the
 * ports above, each further shard moves every port by 300 (PostgreSQL by 20) and gets its own data
 * directory. The derived nginx (+20…+22), moved-remote (+10, +11) and skew (+40…+45) ports follow.
 */
export function shardPorts(index) {
  if (index === 1) return {};
  const by = 300 * (index - 1);
  return {
    E2E_SHELL_PORT: String(ports.shell + by),
    E2E_EMPLOYEE_PORT: String(ports.employee + by),
    E2E_ADMIN_PORT: String(ports.admin + by),
    E2E_GATEWAY_PORT: String(ports.gateway + by),
    E2E_PG_PORT: String(ports.embeddedPg + 20 * (index - 1)),
    E2E_MAILDEV_SMTP_PORT: String(ports.mailDevSmtp + by),
    E2E_MAILDEV_WEB_PORT: String(ports.mailDevWeb + by),
    E2E_METRICS_PORT: String(ports.metrics + by),
    E2E_DATA_DIR: `${dataDir}-${index}`,
  };
}

/**
 * The production serving path, tested once: Debian's nginx with the docker/nginx templates, serving
 * the built bundles in front of the stack's gateway (nginx-stack.mjs).
 */
export const nginxPorts = {
  // Next to the stack's own ports (federation.spec.ts takes shell + 10 and + 11 for a moved remote).
  shell: Number(process.env.E2E_NGINX_SHELL_PORT || ports.shell + 20),
  employee: Number(process.env.E2E_NGINX_EMPLOYEE_PORT || ports.shell + 21),
  admin: Number(process.env.E2E_NGINX_ADMIN_PORT || ports.shell + 22),
};

// No scheduled reminders: on a working day after 09:00 the first tick would send digests to the demo
// admin and every test's users, and specs count notifications exactly. The reminder job's own tests run it.
const dataDir = process.env.E2E_DATA_DIR || path.join(repoRoot, '.data', 'e2e');
export const e2eEnv = stackEnv(ports, dataDir, { REMINDER_SCHEDULE: 'off', METRICS_PORT: String(ports.metrics) });

export const urls = {
  shell: `http://localhost:${ports.shell}`,
  employee: `http://localhost:${ports.employee}`,
  admin: `http://localhost:${ports.admin}`,
  gateway: `http://localhost:${ports.gateway}`,
  mailDev: `http://localhost:${ports.mailDevWeb}`,
  nginx: {
    shell: `http://localhost:${nginxPorts.shell}`,
    employee: `http://localhost:${nginxPorts.employee}`,
    admin: `http://localhost:${nginxPorts.admin}`,
  },
};
