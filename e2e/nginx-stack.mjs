// The production serving path on this machine: one Debian nginx per bundle, configured the way the
// image configures itself (docker/frontend.Dockerfile): the bundle's docker/nginx template rendered
// by envsubst from the container's environment, and the security-headers snippet the image's build
// stage writes. Only the listen address, the document root and the logs' files differ (the
// image's are 8080, /usr/share/nginx/html and its stdout and stderr). Each nginx runs from its own prefix
// directory, with no system config.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { nginxSnippet } from '../scripts/lib/security-headers.mjs';
import { nginxPorts, ports, repoRoot, urls } from './stack.mjs';

/** Where the rendered configs live: per shell port, so suites run in parallel on other ports keep their own. */
export const nginxRoot = path.join(repoRoot, '.data', `e2e-nginx-${nginxPorts.shell}`);

/** The access log of a bundle's nginx (the spec reads it): the image's format, or the one its template chose. */
export const nginxAccessLog = (app, root = nginxRoot) => path.join(root, app, 'access.log');

/** The error log of a bundle's nginx (the spec reads it): the image's stderr, here a file. */
export const nginxErrorLog = (app, root = nginxRoot) => path.join(root, app, 'error.log');

// Where an access_log and an error_log write in the image (its stdout and stderr there); here the files above.
const IMAGE_ACCESS_LOG = 'access_log /var/log/nginx/access.log ';
const IMAGE_ERROR_LOG = 'error_log /var/log/nginx/error.log ';

/** Each bundle's container: its port here, build output and environment (as docker-compose.yml sets it). */
export const nginxApps = {
  shell: {
    port: nginxPorts.shell,
    env: {
      EMPLOYEE_REMOTE_URL: `${urls.nginx.employee}/mf-manifest.json`,
      ADMIN_REMOTE_URL: `${urls.nginx.admin}/mf-manifest.json`,
      GATEWAY_UPSTREAM: `127.0.0.1:${ports.gateway}`,
    },
  },
  'employee-mfe': { port: nginxPorts.employee, env: { ALLOWED_ORIGIN: urls.nginx.shell } },
  'admin-mfe': { port: nginxPorts.admin, env: { ALLOWED_ORIGIN: urls.nginx.shell } },
};

/** The runtime config the nginx shell hands out (the spec derives the expected policy from it). */
export const nginxRuntimeConfig = {
  remotes: { employee_mfe: nginxApps.shell.env.EMPLOYEE_REMOTE_URL, admin_mfe: nginxApps.shell.env.ADMIN_REMOTE_URL },
};

export const distDir = (app) => path.join(repoRoot, app, 'dist');

// Debian installs it in /usr/sbin, which a normal user's PATH may lack.
const NGINX = fs.existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';

export function nginxInstalled() {
  return spawnSync(NGINX, ['-v'], { stdio: 'ignore' }).status === 0;
}

/** The image's start: envsubst over the template, with the names of the defined variables (20-envsubst-on-templates.sh). */
function envsubst(template, env) {
  const names = Object.keys(env).map((name) => `\${${name}}`).join(' ');
  const result = spawnSync('envsubst', [names], { input: template, env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`envsubst failed (is gettext-base installed?): ${result.stderr || result.error}`);
  return result.stdout;
}

/** The image's check before envsubst (19-embark-check-remote-urls.sh): the shell's remote URLs are safe to write as they are. */
export function checkRemoteUrls(template, env) {
  const result = spawnSync('sh', [path.join(repoRoot, 'docker', 'nginx', 'check-remote-urls.sh'), template], { env: { PATH: process.env.PATH, ...env }, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`the image would not start: ${result.stderr || result.error}`);
}

function replaceOnce(text, from, to) {
  const count = text.split(from).length - 1;
  if (count !== 1) throw new Error(`expected "${from}" once in the rendered template, found it ${count} times`);
  return text.replace(from, to);
}

/** The main config of the unprivileged image, with its paths inside `dir` (its access log included, in its `main` format). */
function mainConfig(dir) {
  return `${process.getuid?.() === 0 ? 'user root;\n' : ''}worker_processes 1;
events { worker_connections 256; }
http {
  client_body_temp_path ${dir}/tmp/client_body;
  proxy_temp_path ${dir}/tmp/proxy;
  fastcgi_temp_path ${dir}/tmp/fastcgi;
  uwsgi_temp_path ${dir}/tmp/uwsgi;
  scgi_temp_path ${dir}/tmp/scgi;
  include mime.types;
  default_type application/octet-stream;
  log_format main '$remote_addr - $remote_user [$time_local] "$request" '
                  '$status $body_bytes_sent "$http_referer" '
                  '"$http_user_agent" "$http_x_forwarded_for"';
  access_log ${dir}/access.log main;
  sendfile on;
  keepalive_timeout 65;
  include conf.d/*.conf;
}
`;
}

/**
 * Writes one prefix directory per bundle under `root` (wiped first).
 * @returns {{ app: string, dir: string }[]}
 */
export function renderNginx(root) {
  fs.rmSync(root, { recursive: true, force: true });
  return Object.entries(nginxApps).map(([app, { port, env }]) => {
    const dir = path.join(root, app);
    for (const sub of ['conf.d', 'snippets', 'tmp']) fs.mkdirSync(path.join(dir, sub), { recursive: true });
    fs.copyFileSync('/etc/nginx/mime.types', path.join(dir, 'mime.types'));
    fs.writeFileSync(path.join(dir, 'nginx.conf'), mainConfig(dir));
    // The Dockerfile's build stage runs the same module (`node scripts/lib/security-headers.mjs nginx <app> <dist>`).
    fs.writeFileSync(path.join(dir, 'snippets', 'embark-security-headers.conf'), nginxSnippet(app, distDir(app)));
    const template = path.join(repoRoot, 'docker', 'nginx', `${app}.conf.template`);
    checkRemoteUrls(template, env);
    let conf = envsubst(fs.readFileSync(template, 'utf8'), env);
    conf = replaceOnce(conf, 'listen 8080;', `listen 127.0.0.1:${port};`);
    conf = replaceOnce(conf, 'root /usr/share/nginx/html;', `root ${distDir(app)};`);
    // A template without an access_log logs in the main config's format, as the image does.
    if (conf.includes(IMAGE_ACCESS_LOG)) conf = replaceOnce(conf, IMAGE_ACCESS_LOG, `access_log ${nginxAccessLog(app, root)} `);
    if (conf.includes(IMAGE_ERROR_LOG)) conf = replaceOnce(conf, IMAGE_ERROR_LOG, `error_log ${nginxErrorLog(app, root)} `);
    fs.writeFileSync(path.join(dir, 'conf.d', 'default.conf'), conf);
    return { app, dir };
  });
}

/** Checks each rendered config with `nginx -t`, then starts them in the foreground; `stop()` ends them. */
export function startNginx(instances) {
  const args = (dir) => ['-p', `${dir}/`, '-c', path.join(dir, 'nginx.conf'), '-e', path.join(dir, 'error.log')];
  for (const { app, dir } of instances) {
    const check = spawnSync(NGINX, [...args(dir), '-t', '-g', `pid ${dir}/nginx.pid;`], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`nginx rejects the rendered ${app} config:\n${check.stderr}`);
  }
  const children = instances.map(({ dir }) =>
    spawn(NGINX, [...args(dir), '-g', `daemon off; pid ${dir}/nginx.pid;`], { stdio: ['ignore', 'inherit', 'inherit'] }));
  const exited = Promise.all(children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  const stop = () => {
    for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGQUIT');
    return exited;
  };
  return { children, exited, stop };
}
