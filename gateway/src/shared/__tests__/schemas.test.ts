import { OpenApiGeneratorV31 } from '@asteasolutions/zod-to-openapi';
import Ajv2020 from 'ajv/dist/2020';
import { anyCaseChoiceSchema, choiceSchema, idListSchema, idSchema, intSchema, INT4_MAX, requiredTextSchema, searchTextSchema } from '../schemas';
import { parseInput, z } from '../validation';

/*
 * The shared primitives publish the rule they check: for every edge input,
 * the JSON Schema the OpenAPI document gets from a primitive accepts exactly
 * what the primitive accepts. A rule kept in a hand-written check would show
 * up here as a value one side takes and the other refuses.
 */

const EDGES: unknown[] = [
  0, 1, 7, 365, 366, -1, 1.5, 2 ** 31, 2 ** 53, 1e21, Number.MAX_SAFE_INTEGER,
  '0', '1', '7', '012', '007', '', ' ', ' 5', '5 ', '+5', '-1', '5.0', '1e2', '0x10', '2147483647', '2147483648', '99999999999',
  'asc', 'ASC', ' Asc ', 'desc', 'completed', 'COMPLETED', ' Pending ', 'complete d', 'x'.repeat(201), 'x'.repeat(200),
  null, undefined, true, false, [], [1], [1, 1], ['1', 2], [0], {}, { a: 1 },
];

const PRIMITIVES = {
  dueDays: intSchema(0, 365, 'm'),
  page: intSchema(1, 1_000_000, 'm'),
  id: idSchema('m'),
  ids: idListSchema('m', 3),
  order: choiceSchema(['asc', 'desc'], 'm'),
  status: anyCaseChoiceSchema(['complete', 'completed', 'pending'], 'm'),
  search: searchTextSchema(200, 'm'),
  name: requiredTextSchema(200, { required: 'm', tooLong: 'm' }),
} as const;

const components = new OpenApiGeneratorV31(Object.entries(PRIMITIVES).map(([name, schema]) => ({ type: 'schema' as const, schema: schema.openapi(name) }))).generateComponents().components?.schemas ?? {};
const ajv = new Ajv2020({ strict: false });

describe('shared schemas: the published rule is the checked rule', () => {
  it.each(Object.keys(PRIMITIVES))('%s: the JSON Schema and zod agree on every edge input', (name) => {
    const schema = PRIMITIVES[name as keyof typeof PRIMITIVES] as z.ZodType;
    const validate = ajv.compile(components[name] as object);
    // JSON has no undefined: a field left out is the object's business, not the primitive's.
    const disagreements = EDGES.filter((value) => value !== undefined).filter((value) => schema.safeParse(value).success !== validate(value));
    expect(disagreements).toEqual([]);
  });

  it('reads numbers from a JSON number or canonical digits, and words every refusal with its own message', () => {
    const dueDays = intSchema(0, 365, 'Due days must be a whole number from 0 to 365');
    expect(['0', '7', 7, '365'].map((v) => dueDays.parse(v))).toEqual([0, 7, 7, 365]);
    for (const bad of ['012', '', ' 5', -1, 1.5, 366, 2 ** 53, [], null, true]) {
      expect(() => parseInput(dueDays, bad)).toThrow(expect.objectContaining({ message: 'Due days must be a whole number from 0 to 365', details: ['Due days must be a whole number from 0 to 365'] }));
    }
    const roleId = idSchema('Invalid role id', 'Role is required');
    expect(roleId.safeParse(undefined).error?.issues.map((issue) => issue.message)).toEqual(['Role is required']);
    expect(roleId.safeParse('').error?.issues.map((issue) => issue.message)).toEqual(['Invalid role id']);
    expect(roleId.parse(String(INT4_MAX))).toBe(INT4_MAX);
  });

  it('keeps a list of ids once each, first position first', () => {
    expect(idListSchema('m').parse([3, '1', 3, 2])).toEqual([3, 1, 2]);
  });

  it('answers a choice in any case as listed', () => {
    expect(anyCaseChoiceSchema(['complete', 'pending'], 'm').parse(' COMPLETE ')).toBe('complete');
  });
});
