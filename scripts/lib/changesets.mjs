// The pending changesets of the repository (.changeset/*.md) and the packages they release.
// Parsing is @changesets/parse, the CLI's own parser, so the files mean what `changeset version` reads.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import parseChangeset from '@changesets/parse';

/** The packages `npm run release` versions, by folder. */
export const RELEASABLE = ['shared-ui', 'shell', 'employee-mfe', 'admin-mfe', 'gateway'];

/** @returns {{ file: string, text: string, releases: { name: string, type: string }[], summary: string }[]} */
export function pendingChangesets(root) {
  const dir = path.join(root, '.changeset');
  let names;
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  return names
    .filter((name) => name.endsWith('.md') && name !== 'README.md')
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      const text = readFileSync(file, 'utf8');
      try {
        return { file, text, ...parseChangeset(text) };
      } catch (error) {
        throw new Error(`.changeset/${name}: ${error instanceof Error ? error.message : String(error)}`);
      }
    });
}

/** A changeset's text with only the given packages in its front matter. */
export function changesetFor(changeset, names) {
  const releases = changeset.releases.filter((release) => names.includes(release.name));
  return `---\n${releases.map((release) => `"${release.name}": ${release.type}`).join('\n')}\n---\n\n${changeset.summary}\n`;
}
