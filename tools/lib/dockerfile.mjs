// A Dockerfile read as its stages and their COPY lines, for the tests that check what an image
// holds without a Docker engine. Enough of the syntax for this repository's Dockerfiles: FROM
// with an optional AS, line continuations, and COPY --from with optional flags.
import path from 'node:path';

/** The Dockerfile's stages in order, by name (an unnamed one is `stage<n>`), each its lines joined across `\`. */
export function stages(text) {
  const lines = text.replace(/\\\n\s*/g, ' ').split('\n');
  const out = new Map();
  let current = null;
  for (const line of lines) {
    const from = /^FROM \S+(?: AS (\w+))?/.exec(line);
    if (from) {
      current = [];
      out.set(from[1] ?? `stage${out.size}`, current);
    } else if (current) current.push(line);
  }
  return out;
}

/** The last stage's lines: what the image runs. */
export function runtimeStage(all) {
  return [...all.values()].at(-1) ?? [];
}

/** `COPY [--chown=…] --from=stage [--link] src… dest` lines of a stage, flags in any order: one { from, src, target } per source. */
export function copiesFrom(lines) {
  return lines.flatMap((line) => {
    if (!line.startsWith('COPY ')) return [];
    const all = line.slice('COPY '.length).trim().split(/\s+/);
    const from = all.map((w) => /^--from=(\w+)$/.exec(w)?.[1]).find(Boolean);
    const words = all.filter((w) => !w.startsWith('--'));
    if (!from || words.length < 2) return [];
    const dest = words.pop();
    // Into a folder (a trailing slash, or several sources) each source keeps its name.
    const intoFolder = dest.endsWith('/') || words.length > 1;
    return words.map((src) => ({ from, src, target: intoFolder ? path.join(dest, path.basename(src)) : dest }));
  });
}
