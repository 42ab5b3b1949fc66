import fs from 'node:fs';
import { printSortedSchema } from '../print';
import { SCHEMA_FILE } from '../emit';

/*
 * schema.graphql is the contract the front ends generate their types from. It
 * must be exactly what the code emits, or a client would be built against an
 * API that does not exist.
 */
describe('schema.graphql', () => {
  it('matches the schema the gateway emits', async () => {
    const emitted = await printSortedSchema();
    const committed = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : '';
    if (committed !== emitted) {
      throw new Error(
        `${SCHEMA_FILE} is out of date with the gateway's GraphQL schema. Run \`npm run schema\` at the repo root ` +
          '(or `npm run schema:emit -w @embark/gateway`), then commit schema.graphql and regenerate client types.\n\n' +
          `--- emitted ---\n${emitted}`,
      );
    }
  });

  it('keeps the descriptions the clients rely on', async () => {
    const emitted = await printSortedSchema();
    expect(emitted).toContain('"""All roles, ordered by id. Public: the registration form needs them."""');
    expect(emitted).toContain('"""A job role. role_id 4 (SysAdmin) is the administrator role."""');
    expect(emitted).toMatch(/type Role \{\n {2}description: String\n {2}id: Int!\n {2}name: String!\n\}/);
  });
});
