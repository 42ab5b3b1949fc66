// MailDev, the local mail catcher: when SMTP_URL is unset, the launchers start it and point the
// gateway at it, so mail sent in development lands in an inbox at http://localhost:1080 instead of
// nowhere. The gateway's tests run it as a process (`node maildev.mjs`), since MailDev is ESM-only.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { portFromEnv } from './env.mjs';
import { repoRoot } from './paths.mjs';

/**
 * Starts MailDev on 127.0.0.1 (port 0: any free port). `mailDirectory` keeps the inbox across
 * restarts (capped at `maxEmails`); without it mail lives in memory only.
 * Resolves to the bound ports, the SMTP_URL to hand the gateway, the inbox URL and `stop()`.
 */
export async function startMailDev({ smtpPort = 1025, webPort = 1080, host = '127.0.0.1', mailDirectory, maxEmails = 500 } = {}) {
  const { MailDev } = await import('maildev');
  if (mailDirectory) fs.mkdirSync(mailDirectory, { recursive: true });
  const maildev = new MailDev({
    smtp: smtpPort,
    ip: host,
    web: webPort,
    webIp: host,
    silent: true,
    ...(mailDirectory ? { mailDirectory, maxEmails } : {}),
  });
  // MailDev announces its API on stdout unconditionally; the launchers print the inbox with the other URLs.
  const info = console.info;
  console.info = () => {};
  try {
    await maildev.start();
  } catch (err) {
    const hint = err?.code === 'EADDRINUSE' ? ' (port in use: set MAILDEV_SMTP_PORT / MAILDEV_WEB_PORT, or SMTP_URL for a real server)' : '';
    throw new Error(`MailDev could not start on SMTP ${smtpPort} / web ${webPort}: ${err?.message ?? err}${hint}`);
  } finally {
    console.info = info;
  }
  const servers = maildev.getServers();
  const smtp = servers.smtp.getAddress().port;
  const web = servers.api?.getAddress()?.port ?? webPort;
  return {
    smtpPort: smtp,
    webPort: web,
    smtpUrl: `smtp://127.0.0.1:${smtp}`,
    inboxUrl: `http://localhost:${web}`,
    stop: () => maildev.stop(),
  };
}

/**
 * The launchers' mail: nothing when SMTP_URL is set (the gateway uses it); otherwise MailDev on
 * MAILDEV_SMTP_PORT / MAILDEV_WEB_PORT (1025 / 1080; 0 picks free ports), its inbox kept in
 * DATA_DIR/maildev, and `env` to hand the gateway so it sends there.
 */
export async function startLocalMail(env = process.env) {
  if (env.SMTP_URL && env.SMTP_URL.trim() !== '') return null;
  const dataDir = path.resolve(repoRoot, env.DATA_DIR || '.data');
  const running = await startMailDev({
    smtpPort: portFromEnv('MAILDEV_SMTP_PORT', 1025, { min: 0, env }),
    webPort: portFromEnv('MAILDEV_WEB_PORT', 1080, { min: 0, env }),
    mailDirectory: path.join(dataDir, 'maildev'),
  });
  return {
    ...running,
    env: { SMTP_URL: running.smtpUrl, MAILDEV_SMTP_PORT: String(running.smtpPort), MAILDEV_WEB_PORT: String(running.webPort) },
  };
}

// As a process: `node scripts/lib/maildev.mjs [smtpPort] [webPort]` prints one JSON line with the
// bound ports once ready, and stops on SIGTERM/SIGINT.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [smtpPort = '0', webPort = '0'] = process.argv.slice(2);
  const running = await startMailDev({ smtpPort: Number(smtpPort), webPort: Number(webPort) });
  process.stdout.write(`${JSON.stringify({ smtpPort: running.smtpPort, webPort: running.webPort })}\n`);
  const stop = () => void running.stop().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
