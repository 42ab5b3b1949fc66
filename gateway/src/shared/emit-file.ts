import fs from 'node:fs';

/**
 * Writes a generated, checked-in file (schema.graphql, openapi.json) only when
 * its content changed, so an unchanged contract leaves the file's time alone,
 * and says which happened.
 */
export function emitFile(file: string, content: string): void {
  const previous = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : null;
  if (previous === content) {
    console.info(`${file} is up to date`);
    return;
  }
  fs.writeFileSync(file, content);
  console.info(`wrote ${file}`);
}
