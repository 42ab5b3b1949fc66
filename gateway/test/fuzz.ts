import fs from 'node:fs';
import path from 'node:path';
import {
  buildSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { findRepoRoot } from '../src/config/repo-root';
import { mulberry32 } from '../src/shared/prng';

/*
 * The hostile-input fuzz's generator (src/__tests__/hostile-input.test.ts, and `npm run bench`
 * through it). Every operation comes from the checked-in contracts, openapi.json and
 * schema.graphql, so a new route or field is fuzzed the day it is documented. Everything random
 * comes from one seeded PRNG: the same seed gives the same requests (docs/reliability.md).
 */

export type Actor = 'anonymous' | 'employee' | 'admin' | 'bad-token';

/** One request to send, built without side effects; `op` names the contract operation it exercises. */
export interface FuzzRequest {
  index: number;
  op: string;
  kind: string;
  actor: Actor;
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
}

/** A JSON Schema node of the OpenAPI 3.1 document, as zod-to-openapi writes it. */
export interface JsonSchema {
  $ref?: string;
  type?: string | string[];
  format?: string;
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
}

interface OpenApiParameter {
  $ref?: string;
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: JsonSchema;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { parameters?: OpenApiParameter[]; requestBody?: { content: Record<string, { schema?: JsonSchema }> } }>>;
  components?: { schemas?: Record<string, JsonSchema>; parameters?: Record<string, OpenApiParameter> };
}

export interface RestOperation {
  id: string;
  method: string;
  template: string;
  pathParams: OpenApiParameter[];
  query: OpenApiParameter[];
  body: { contentType: string; schema: JsonSchema } | null;
}

export interface GraphQLOperation {
  id: string;
  kind: 'query' | 'mutation';
  field: GraphQLField<unknown, unknown>;
}

export interface Contracts {
  rest: RestOperation[];
  graphql: GraphQLOperation[];
  schema: GraphQLSchema;
  resolve(schema: JsonSchema | undefined): JsonSchema;
}

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** Every REST operation of openapi.json and every Query and Mutation field of schema.graphql. */
export function loadContracts(root = findRepoRoot() ?? path.resolve(__dirname, '../..')): Contracts {
  const doc = JSON.parse(fs.readFileSync(path.join(root, 'openapi.json'), 'utf8')) as OpenApiDocument;
  const resolve = (schema: JsonSchema | undefined): JsonSchema => {
    let s = schema ?? {};
    for (let hops = 0; s.$ref && hops < 20; hops++) s = doc.components?.schemas?.[s.$ref.replace('#/components/schemas/', '')] ?? {};
    return s;
  };
  const param = (p: OpenApiParameter): OpenApiParameter => (p.$ref ? (doc.components?.parameters?.[p.$ref.replace('#/components/parameters/', '')] ?? p) : p);
  const rest: RestOperation[] = [];
  for (const [template, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const params = (op.parameters ?? []).map(param);
      const [contentType, media] = Object.entries(op.requestBody?.content ?? {})[0] ?? [];
      rest.push({
        id: `${method.toUpperCase()} ${template}`,
        method: method.toUpperCase(),
        template,
        pathParams: params.filter((p) => p.in === 'path'),
        query: params.filter((p) => p.in === 'query'),
        body: contentType ? { contentType, schema: resolve(media?.schema) } : null,
      });
    }
  }
  const schema = buildSchema(fs.readFileSync(path.join(root, 'schema.graphql'), 'utf8'));
  const graphql: GraphQLOperation[] = [];
  for (const [kind, type] of [['query', schema.getQueryType()], ['mutation', schema.getMutationType()]] as const) {
    for (const field of Object.values(type?.getFields() ?? {})) graphql.push({ id: `${kind === 'query' ? 'Query' : 'Mutation'}.${field.name}`, kind, field });
  }
  return { rest, graphql, schema, resolve };
}

/** Injection-looking strings; exported so that a check can tell an echo of one from SQL of the server's own. */
export const INJECTIONS = [
  "' OR '1'='1",
  '1; DROP TABLE users; --',
  '"); DELETE FROM roles; --',
  "x' UNION SELECT password_hash FROM users --",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '${7*7}{{7*7}}',
  '../../../../etc/passwd',
  '\u0000\u0001\u0002',
  'nul\u0000in the middle',
  // Address-like, so they pass an email check and reach the database.
  'nul\u0000@fuzz.example.org',
  '\uD800lone@fuzz.example.org',
  '%00%27%22',
  '\\\\\\"',
  '\u202Egnp.exe\u202C right-to-left',
  '𝕳𝖔𝖘𝖙𝖎𝖑𝖊 🧨 ﷽ \uD800 lone surrogate',
  'ｆｕｌｌｗｉｄｔｈ Ｚ̸̢̛a̶l̷g̵o̴',
  '__proto__',
  'constructor',
  '$where: function() { return true }',
  '=cmd|\' /C calc\'!A0',
  'a'.repeat(10_000),
];
const BAD_IDS = ['abc', '-1', '0', '1.5', '99999999999999999999', '2147483648', 'NaN', 'Infinity', '%27', '1%20OR%201=1', '0x10', '1e3', ' 1', '__proto__', 'constructor',
  '00000000-0000-0000-0000-000000000000', 'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF', '%E2%80%AE1', '%00', '..%2F..%2Fetc', 'a'.repeat(3000),
  // Percent-encoding that does not decode: the router cannot read the parameter at all.
  '%', '%zz', '%E0%A4%A'];
/** Any value as text: objects as their JSON (String() throws on some of the hostile ones). */
function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? 'undefined');
}

/** Percent-encoding that survives lone surrogates (they go out as U+FFFD, as any client would send them). */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(Buffer.from(text, 'utf8').toString('utf8'));
  }
}
const HOSTILE_NUMBERS: unknown[] = [-1, 0, -0, 1.5, 2 ** 31, -(2 ** 31) - 1, 2 ** 53 + 1, 1e308, -1e308, 'NaN', 'Infinity', '1e999', '12abc'];

/** What a request may refer to: real ids of the fuzz's database, so valid-looking requests reach deep code. */
export interface FuzzContext {
  ids: number[];
  uuids: string[];
}

export class FuzzGenerator {
  readonly random: () => number;
  private emails = 0;

  constructor(
    readonly contracts: Contracts,
    readonly seed: number,
    private readonly ctx: FuzzContext,
  ) {
    this.random = mulberry32(seed);
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private int(max: number): number {
    return Math.floor(this.random() * max);
  }

  hugeString(): string {
    return this.pick(['x', '∑', '𝕳', '\u0000', "'"]).repeat(this.pick([300, 5_000, 70_000]));
  }

  /** A value of any wrong kind: the type checks, the string rules and the number rules each get their turn. */
  hostileValue(depth = 0): unknown {
    switch (this.int(depth > 1 ? 6 : 9)) {
      case 0:
        return this.pick([null, true, false, '', ' ', [], {}]);
      case 1:
        return this.pick(HOSTILE_NUMBERS);
      case 2:
      case 3:
        return this.pick(INJECTIONS);
      case 4:
        return this.chance(0.2) ? this.hugeString() : this.pick(INJECTIONS).slice(0, 60);
      case 5:
        return this.pick<unknown>([{ $gt: '' }, { toString: 'x' }, [1, 'a', null]]);
      case 6:
        return this.deepNesting();
      case 7:
        return JSON.parse('{"__proto__": {"polluted": true, "role_id": 4}, "constructor": {"prototype": {"isAdmin": true}}}') as unknown;
      default:
        return [this.hostileValue(depth + 1), this.hostileValue(depth + 1)];
    }
  }

  /** Arrays or objects nested past any sane depth (JSON.parse copes; a recursive walker may not). */
  deepNesting(): unknown {
    const depth = this.pick([64, 512, 2_000]);
    let value: unknown = 1;
    const asArray = this.chance(0.5);
    for (let i = 0; i < depth; i++) value = asArray ? [value] : { a: value };
    return value;
  }

  /** A value the schema accepts (or nearly: patterns are not solved), built from the contract. */
  validValue(schemaIn: JsonSchema | undefined, depth = 0): unknown {
    const schema = this.contracts.resolve(schemaIn);
    if (schema.const !== undefined) return schema.const;
    if (schema.enum?.length) return this.pick(schema.enum.filter((v) => v !== null).length ? schema.enum.filter((v) => v !== null) : schema.enum);
    const alternatives = schema.anyOf ?? schema.oneOf;
    if (alternatives?.length) return this.validValue(this.pick(alternatives), depth);
    if (schema.allOf?.length) {
      return Object.assign({}, ...schema.allOf.map((s) => this.validValue(s, depth)).filter((v) => v && typeof v === 'object')) as unknown;
    }
    const types = Array.isArray(schema.type) ? schema.type.filter((t) => t !== 'null') : schema.type ? [schema.type] : schema.properties ? ['object'] : [];
    const type = types.length ? this.pick(types) : 'string';
    switch (type) {
      case 'object': {
        const out: Record<string, unknown> = {};
        for (const [name, prop] of Object.entries(schema.properties ?? {})) {
          if (depth < 4 && (schema.required?.includes(name) || this.chance(0.7))) out[name] = this.validValue(prop, depth + 1);
        }
        return out;
      }
      case 'array': {
        if (depth >= 4) return [];
        const n = Math.min(schema.maxItems ?? 3, Math.max(schema.minItems ?? 0, this.int(3)));
        return Array.from({ length: n }, () => this.validValue(schema.items, depth + 1));
      }
      case 'integer':
      case 'number': {
        const lo = schema.minimum ?? 0;
        const hi = schema.maximum ?? lo + 1000;
        if (lo <= 1 && hi >= 1 && this.chance(0.7)) return this.pick(this.ctx.ids.filter((id) => id >= lo && id <= hi).concat([Math.max(lo, 1)]));
        return lo + this.int(Math.min(hi - lo, 1000) + 1);
      }
      case 'boolean':
        return this.chance(0.5);
      default:
        return this.validString(schema);
    }
  }

  private validString(schema: JsonSchema): string {
    if (schema.format === 'date') return `20${this.pick(['25', '26', '27', '30'])}-0${1 + this.int(9)}-1${this.int(10)}`;
    if (schema.format === 'date-time') return new Date(Date.UTC(2026, this.int(12), 1 + this.int(28))).toISOString();
    if (schema.format === 'uri') return this.pick(['https://example.org/policy.pdf', 'http://intranet.example.com/sop', 'https://docs.example.org/a?b=c#d']);
    if (schema.pattern?.includes('[0-9]') && this.chance(0.8)) return String(this.pick(this.ctx.ids));
    const word = this.pick(['Onboarding', 'Fuzz', 'Équipe', 'Name', 'note', 'policy', 'Zoë']);
    const email = `fuzz-${this.seed.toString(36)}-${this.emails++}@fuzz.example.org`;
    const candidates = [`${word} ${this.int(10_000)}`, email, 'Passw0rd-fuzz!2026', this.pick(this.ctx.uuids), 'Europe/Berlin', 'DE', 'private', 'shared'];
    const value = /email/i.test(schema.pattern ?? '') || schema.format === 'email' ? email : this.pick(candidates);
    const min = schema.minLength ?? 0;
    const max = schema.maxLength ?? 200;
    return value.padEnd(min, 'x').slice(0, Math.max(max, 1));
  }

  /** The valid value of a property, or sometimes a hostile one in its place. */
  private jsonBody(schema: JsonSchema): { kind: string; text: string } {
    const valid = this.validValue(schema);
    const isObject = valid !== null && typeof valid === 'object' && !Array.isArray(valid);
    const resolved = this.contracts.resolve(schema);
    const names = Object.keys(resolved.properties ?? {});
    switch (this.int(12)) {
      case 0:
        return { kind: 'valid body', text: JSON.stringify(valid) };
      case 1:
      case 2:
      case 3: {
        if (!isObject || !names.length) break;
        const field = this.pick(names);
        return { kind: `hostile ${field}`, text: JSON.stringify({ ...valid, [field]: this.hostileValue() }) };
      }
      case 4: {
        if (!isObject || !resolved.required?.length) break;
        const field = this.pick(resolved.required);
        const rest = { ...(valid as Record<string, unknown>) };
        delete rest[field];
        return { kind: `missing ${field}`, text: JSON.stringify(rest) };
      }
      case 5:
        // Extra and prototype-polluting keys, written as text: an object literal would not carry __proto__ as a key.
        return {
          kind: 'extra and polluting keys',
          text: `{"__proto__":{"isAdmin":true,"role_id":4},"constructor":{"prototype":{"polluted":1}},"extra":"field","role_id":4${isObject ? `,${JSON.stringify(valid).slice(1, -1)}` : ''}`.replace(/,$/, '') + '}',
        };
      case 6:
        if (!isObject || !names.length) break;
        return { kind: 'every field hostile', text: JSON.stringify(Object.fromEntries(names.map((n) => [n, this.hostileValue()]))) };
      case 7:
        return { kind: 'body of the wrong kind', text: JSON.stringify(this.pick([null, 42, 'string', [valid], [], true, this.deepNesting()])) };
      case 8:
        return { kind: 'malformed JSON', text: this.pick(['{"a":', '{', '[1,', 'nul', '{"a":1}}', '\u0000', '{"a": NaN}', '{"a": Infinity}', "{'a': 1}", '{"a":1,}', '\uFEFF{}', JSON.stringify(valid).slice(0, -1)]) };
      case 9:
        if (!isObject || !names.length) break;
        return { kind: 'huge strings', text: JSON.stringify(Object.fromEntries(names.map((n) => [n, this.hugeString()]))) };
      default:
        break;
    }
    return { kind: 'near-valid body', text: JSON.stringify(valid) };
  }

  private pathValue(param: OpenApiParameter): string {
    if (this.chance(0.45)) {
      const bad = this.pick(BAD_IDS);
      return bad.includes('%') ? bad : encode(bad);
    }
    if (this.contracts.resolve(param.schema).type === 'string' && /session|uuid/i.test(JSON.stringify(param))) return this.pick(this.ctx.uuids);
    if (param.name === 'token') return this.pick(['abc', 'A'.repeat(43), this.pick(this.ctx.uuids)]);
    return String(this.pick(this.ctx.ids));
  }

  private queryString(op: RestOperation): string {
    const parts: string[] = [];
    for (const q of op.query) {
      const r = this.random();
      if (r < 0.35) continue;
      const value = r < 0.7 ? this.validValue(q.schema) : this.hostileValue();
      const text = asText(value);
      // Mostly short enough to reach the app; now and then past Node's 16 KB header limit (its parser answers 431).
      parts.push(`${encodeURIComponent(q.name)}=${encode(text.slice(0, this.chance(0.03) ? 6000 : 1200))}`);
      if (this.chance(0.1)) parts.push(`${encodeURIComponent(q.name)}=${encode(asText(this.hostileValue()).slice(0, 100))}`);
    }
    if (this.chance(0.15)) parts.push(this.pick(['__proto__[x]=1', 'constructor[prototype][y]=1', 'extra=1', 'page[$gt]=1', `q=${encode(this.pick(INJECTIONS))}`, '%zz=%', 'a=%E0%A4%A']));
    return parts.length ? `?${parts.join('&')}` : '';
  }

  private hostileCsv(): string {
    const header = 'email,name,role,start_date,manager_email,buddy_email';
    const cell = () => {
      const value = asText(this.hostileValue()).slice(0, 2000);
      return this.chance(0.5) ? `"${value.replaceAll('"', '""')}"` : value;
    };
    switch (this.int(8)) {
      case 0:
        return [header, ...Array.from({ length: 1 + this.int(5) }, () => Array.from({ length: 6 }, cell).join(','))].join(this.pick(['\n', '\r\n', '\r']));
      case 1:
        return `${header}\n"unclosed,${this.pick(INJECTIONS)},1,,,\n`;
      case 2:
        return String.fromCharCode(...Array.from({ length: 512 }, () => this.int(0xffff)));
      case 3:
        return `\uFEFF${header}\n${Array.from({ length: 300 }, cell).join(',')}\n`;
      case 4:
        return `${header}\n${'a,b,c,d,e,f\n'.repeat(this.chance(0.1) ? 10_050 : 50)}`;
      case 5:
        return this.pick(['', '\n\n', ',,,,,', '"', '\uFEFF', header.toUpperCase()]);
      case 6:
        return `${header}\n=cmd|' /C calc'!A0,+1+1,-2,@SUM(1),=HYPERLINK("http://x"),\n`;
      default:
        return `${this.pick([header, 'email;name;role', '"email","name"'])}\n${this.pick(INJECTIONS).slice(0, 80)}@example.org,"a""b",Employee,2030-02-30,x,\n`;
    }
  }

  private actor(): Actor {
    const r = this.random();
    return r < 0.2 ? 'anonymous' : r < 0.5 ? 'employee' : r < 0.95 ? 'admin' : 'bad-token';
  }

  rest(index: number, op: RestOperation): FuzzRequest {
    const actor = this.actor();
    const path = op.template.replace(/\{([^}]+)\}/g, (_, name: string) => this.pathValue(op.pathParams.find((p) => p.name === name) ?? { name, in: 'path' })) + this.queryString(op);
    const base = { index, op: op.id, actor, method: op.method, path };
    const r = this.random();
    if (r < 0.02) return { ...base, kind: 'oversized body', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ content: 'x'.repeat(1_100_000) }) };
    if (r < 0.07) {
      return { ...base, kind: 'wrong content type', headers: { 'content-type': this.pick(['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'application/xml', 'application/json; charset=utf-16']) }, body: this.pick(['name=x&role_id=4', '<a/>', '{"a":1}']) };
    }
    if (!op.body) {
      // No documented body: send one anyway now and then (a GET carries none).
      if (op.method !== 'GET' && this.chance(0.3)) return { ...base, kind: 'unexpected body', headers: { 'content-type': 'application/json' }, body: JSON.stringify(this.hostileValue()) };
      return { ...base, kind: 'no body', headers: {} };
    }
    if (op.body.contentType.startsWith('text/csv')) {
      const contentType = this.pick(['text/csv', 'text/csv; charset=utf-8', 'text/csv; charset=latin1', 'text/csv; charset=utf-16le', 'text/csv; charset=x-unknown']);
      return { ...base, kind: 'hostile CSV', headers: { 'content-type': contentType }, body: this.hostileCsv() };
    }
    const { kind, text } = this.jsonBody(op.body.schema);
    return { ...base, kind, headers: { 'content-type': 'application/json' }, body: text };
  }

  /** A selection of the return type's leaf fields that need no arguments, so resolvers actually run. */
  private selection(type: GraphQLOutputType): string {
    const named = getNamedType(type);
    if (isObjectType(named) || isInterfaceType(named)) {
      const leaves = Object.values(named.getFields()).filter((f) => isLeafType(getNamedType(f.type)) && f.args.every((a) => !isNonNullType(a.type)));
      return ` { __typename ${leaves.map((f) => f.name).join(' ')} }`;
    }
    return isUnionType(named) ? ' { __typename }' : '';
  }

  private graphqlValue(type: GraphQLInputType, hostile: number, depth = 0): unknown {
    if (this.random() < hostile) return this.hostileValue();
    const inner = isNonNullType(type) ? type.ofType : type;
    if (isListType(inner)) return Array.from({ length: this.int(3) }, () => this.graphqlValue(inner.ofType as GraphQLInputType, hostile, depth + 1));
    const named = getNamedType(type);
    if (isInputObjectType(named)) {
      if (depth > 4) return {};
      const out: Record<string, unknown> = {};
      for (const f of Object.values(named.getFields())) if (isNonNullType(f.type) || this.chance(0.6)) out[f.name] = this.graphqlValue(f.type, hostile, depth + 1);
      return out;
    }
    if (isEnumType(named)) return this.pick(named.getValues()).name;
    switch (named.name) {
      case 'Int':
      case 'Float':
        return this.pick(this.ctx.ids);
      case 'ID':
        return String(this.pick(this.ctx.ids));
      case 'Boolean':
        return this.chance(0.5);
      case 'DateTimeISO':
      case 'DateTime':
        return new Date(Date.UTC(2026, this.int(12), 1 + this.int(28))).toISOString();
      default:
        return this.validString({ type: 'string' });
    }
  }

  graphql(index: number, op: GraphQLOperation): FuzzRequest {
    const { field, kind } = op;
    const actor = this.actor();
    const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`).join(', ');
    const call = field.args.map((a) => `${a.name}: $${a.name}`).join(', ');
    const query = `${kind} Fuzz${vars ? `(${vars})` : ''} { ${field.name}${call ? `(${call})` : ''}${this.selection(field.type)} }`;
    const hostile = this.pick([0, 0, 0.3, 0.6, 1]);
    const variables: Record<string, unknown> = Object.fromEntries(field.args.map((a) => [a.name, this.graphqlValue(a.type, hostile)]));
    const base = { index, op: op.id, actor, method: 'POST', path: '/graphql', headers: { 'content-type': 'application/json' } };
    const body = (value: unknown, kindName: string): FuzzRequest => ({ ...base, kind: kindName, body: JSON.stringify(value) });
    switch (this.int(14)) {
      case 0: {
        const literal = field.args.map((a) => `${a.name}: ${JSON.stringify(asText(this.hostileValue()).slice(0, 500))}`).join(', ') || 'bogus: 1';
        return body({ query: `${kind} { ${field.name}(${literal})${this.selection(field.type)} }` }, 'inline hostile literal');
      }
      case 1:
        return body({ query, variables: this.pick([null, 'x', 42, [], this.hostileValue()]) }, 'variables of the wrong kind');
      case 2:
        return body([{ query, variables }, { query, variables }], 'batched');
      case 3:
        return { ...base, kind: 'malformed JSON', body: `{"query": ${JSON.stringify(query)}, "variables": {` };
      case 4:
        return body({ query: `${kind} { ${Array.from({ length: 40 }, (_, n) => `a${n}: ${field.name}${this.selection(field.type)}`).join(' ')} }` }, 'alias flood');
      case 5: {
        const missing = field.args.find((a) => isNonNullType(a.type));
        if (missing) delete variables[missing.name];
        return body({ query, variables: { ...variables, unknownVariable: 1 } }, 'missing and unknown variables');
      }
      case 6:
        return body({ query: query.replace('{', `{ __typename ${'{'.repeat(this.pick([1, 50]))}`) }, 'broken document');
      case 7:
        return { ...base, kind: 'wrong content type', headers: { 'content-type': this.pick(['text/plain', 'application/graphql', 'application/x-www-form-urlencoded']) }, body: JSON.stringify({ query, variables }) };
      default:
        return body({ query, variables, operationName: this.chance(0.1) ? this.pick(INJECTIONS) : 'Fuzz' }, hostile ? 'hostile variables' : 'valid variables');
    }
  }

  /** The GraphQL endpoint itself: other methods, queries in the URL, bodies of every wrong kind. */
  transport(index: number): FuzzRequest {
    const query = this.pick(['{', 'mutation { logout { success } }', '{ __schema { types { name } } }', '{ __typename }', this.pick(INJECTIONS)]);
    return {
      index,
      op: 'GraphQL transport',
      kind: 'transport',
      actor: this.actor(),
      method: this.pick(['GET', 'POST', 'PUT', 'DELETE']),
      path: `/graphql?query=${encode(query.slice(0, 2000))}`,
      headers: { 'content-type': this.pick(['application/json', 'text/plain', 'application/graphql']) },
      body: this.pick(['', 'null', '42', '"query"', '{"query": 42}', '{"query": "{ roles { id } }", "extensions": {"persistedQuery": {"version": 1, "sha256Hash": "x"}}}']),
    };
  }

  /** Request number `index`: operations in turn (so each gets its share), each request's form at random. */
  next(index: number): FuzzRequest {
    const { rest, graphql } = this.contracts;
    const slot = index % (rest.length + graphql.length + 1);
    if (slot < rest.length) return this.rest(index, rest[slot] as RestOperation);
    if (slot < rest.length + graphql.length) return this.graphql(index, graphql[slot - rest.length] as GraphQLOperation);
    return this.transport(index);
  }
}
