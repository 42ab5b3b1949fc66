// MailDev, the local mail catcher: when SMTP_URL is unset, the launchers start it and point the
// gateway at it, so mail sent in development lands in an inbox at http://localhost:1080 instead of
// nowhere. Also run as a process by tests that must stop and restart it (`node maildev.mjs`).
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

/** Reads a port variable; `fallback` when unset. Exits with a clear message when it is not a port. */
export function portFromEnv(name, fallback, env = process.env) {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0 || n > 65535) {
    console.error(`embark: ${name} must be a port number between 1 and 65535 (got "${raw}")`);
    process.exit(2);
  }
  return n;
}

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
