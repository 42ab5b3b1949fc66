import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** What `npm run serve` needs from a build, per part, and how to tell it is there. */
export const artifacts = {
  gateway: path.join(repoRoot, 'gateway', 'dist', 'index.js'),
  shell: path.join(repoRoot, 'shell', 'dist', 'index.html'),
  employee: path.join(repoRoot, 'employee-mfe', 'dist', 'remoteEntry.js'),
  admin: path.join(repoRoot, 'admin-mfe', 'dist', 'remoteEntry.js'),
};
