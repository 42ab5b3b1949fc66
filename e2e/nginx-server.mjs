#!/usr/bin/env node
// Playwright's second web server: nginx serving the built bundles in front of the stack's gateway.
import { nginxRoot, renderNginx, startNginx } from './nginx-stack.mjs';

const nginx = startNginx(renderNginx(nginxRoot));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void nginx.stop());
// One nginx stopping on its own ends the others: a part-served stack would only confuse the spec.
await Promise.race(nginx.children.map((child) => new Promise((resolve) => child.once('exit', resolve))));
await nginx.stop();
process.exit(0);
