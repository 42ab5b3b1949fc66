// Breaking changes between two OpenAPI 3.1 documents, as a client of the old one would meet them.
// No maintained npm differ reads OpenAPI 3.1 (docs/decisions.md), so this covers the changes the
// API gate needs: a removed route, a removed or now optional response property, a new required
// request property or parameter, a narrowed request enum and a changed type. Each breaking change
// says whether the old document marked the route or property `deprecated: true`.

const METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];

/**
 * @typedef {{ route: string, where: string, kind: string, message: string, deprecated: boolean }} OpenApiChange
 * @param {object} oldDoc the previous release's openapi.json
 * @param {object} newDoc the candidate's openapi.json
 * @returns {OpenApiChange[]} the breaking changes, in path order
 */
export function diffOpenApi(oldDoc, newDoc) {
  const changes = [];
  const newPaths = new Map(Object.entries(newDoc.paths ?? {}).map(([template, item]) => [normalisePath(template), item]));
  for (const [template, oldItem] of Object.entries(oldDoc.paths ?? {})) {
    const newItem = newPaths.get(normalisePath(template));
    for (const method of METHODS) {
      const oldOp = oldItem?.[method];
      if (!oldOp) continue;
      const route = `${method.toUpperCase()} ${template}`;
      const newOp = newItem?.[method];
      const report = (where, kind, message, deprecated = false) =>
        changes.push({ route, where, kind, message, deprecated: oldOp.deprecated === true || deprecated });
      if (!newOp) {
        report('', 'route-removed', `${route} was removed`);
        continue;
      }
      compareOperation({ oldDoc, newDoc, oldItem, newItem, oldOp, newOp, report });
    }
  }
  return changes;
}

/** `/users/{id}` and `/users/{userId}` are the same route to a client. */
function normalisePath(template) {
  return template.replace(/\{[^}]+\}/g, '{}');
}

function compareOperation({ oldDoc, newDoc, oldItem, newItem, oldOp, newOp, report }) {
  const oldParams = parameters(oldDoc, oldItem, oldOp);
  const newParams = parameters(newDoc, newItem, newOp);
  for (const [key, param] of newParams) {
    const before = oldParams.get(key);
    if (param.required === true && before?.required !== true) {
      report(`parameter ${key}`, 'required-parameter-added', `the ${param.in} parameter ${param.name} is now required`);
    }
    if (before?.schema && param.schema) {
      compareSchema(context('request', oldDoc, newDoc, report), before.schema, param.schema, `parameter ${key}`, before.deprecated === true);
    }
  }

  const oldBody = bodySchema(oldDoc, oldOp.requestBody);
  const newBody = bodySchema(newDoc, newOp.requestBody);
  if (newBody && resolve(newDoc, newOp.requestBody)?.required === true && !resolve(oldDoc, oldOp.requestBody)?.required) {
    report('request body', 'required-body-added', 'a request body is now required');
  }
  if (oldBody && newBody) compareSchema(context('request', oldDoc, newDoc, report), oldBody, newBody, 'request body', false);

  for (const [status, oldResponse] of Object.entries(oldOp.responses ?? {})) {
    if (!/^2\d\d$/.test(status)) continue;
    const newResponse = newOp.responses?.[status];
    if (!newResponse) {
      report(`response ${status}`, 'response-removed', `the ${status} response was removed`);
      continue;
    }
    const before = bodySchema(oldDoc, oldResponse);
    const after = bodySchema(newDoc, newResponse);
    if (before && after) compareSchema(context('response', oldDoc, newDoc, report), before, after, `response ${status}`, false);
  }
}

function context(direction, oldDoc, newDoc, report) {
  return { direction, oldDoc, newDoc, report, seen: new Set() };
}

/** Path- and operation-level parameters by `in:name`, references resolved. */
function parameters(doc, item, op) {
  const byKey = new Map();
  for (const raw of [...(item?.parameters ?? []), ...(op.parameters ?? [])]) {
    const param = resolve(doc, raw);
    if (param?.name && param.in) byKey.set(`${param.in}:${param.name}`, param);
  }
  return byKey;
}

/** The JSON schema of a request body or response (application/json first, else the first type). */
function bodySchema(doc, raw) {
  const body = resolve(doc, raw);
  const content = body?.content;
  if (!content) return null;
  const media = content['application/json'] ?? Object.values(content)[0];
  return media?.schema ?? null;
}

/** Follows local `$ref`s (`#/components/...`); other values come back as they are. */
function resolve(doc, value, depth = 0) {
  if (!value || typeof value !== 'object' || typeof value.$ref !== 'string') return value;
  if (depth > 32) throw new Error(`openapi-diff: reference loop at ${value.$ref}`);
  if (!value.$ref.startsWith('#/')) throw new Error(`openapi-diff: only local references are supported (${value.$ref})`);
  let target = doc;
  for (const part of value.$ref.slice(2).split('/')) target = target?.[part.replace(/~1/g, '/').replace(/~0/g, '~')];
  if (target === undefined) throw new Error(`openapi-diff: ${value.$ref} does not resolve`);
  // 3.1 allows siblings beside $ref (e.g. deprecated, description): they apply on top.
  const { $ref: _ref, ...siblings } = value;
  return { ...resolve(doc, target, depth + 1), ...siblings };
}

/** The JSON types a schema admits ('null' included); null when it does not say (any). */
function typesOf(doc, schema) {
  const resolved = resolve(doc, schema);
  if (!resolved || typeof resolved !== 'object') return null;
  const types = new Set();
  if (typeof resolved.type === 'string') types.add(resolved.type);
  if (Array.isArray(resolved.type)) for (const type of resolved.type) types.add(type);
  if (resolved.nullable === true) types.add('null');
  if (resolved.const === null || (Array.isArray(resolved.enum) && resolved.enum.includes(null))) types.add('null');
  for (const branch of [...(resolved.anyOf ?? []), ...(resolved.oneOf ?? [])]) {
    const branchTypes = typesOf(doc, branch);
    if (!branchTypes) return null;
    for (const type of branchTypes) types.add(type);
  }
  if (!types.size && resolved.properties) types.add('object');
  // An integer is also a number.
  if (types.has('integer') && types.has('number')) types.delete('integer');
  return types.size ? types : null;
}

/** Properties and required names of an object schema, allOf parts merged. */
function objectShape(doc, schema) {
  const resolved = resolve(doc, schema);
  const properties = {};
  const required = new Set();
  const parts = [resolved, ...(resolved?.allOf ?? [])];
  for (const rawPart of parts) {
    const part = resolve(doc, rawPart);
    if (!part || typeof part !== 'object') continue;
    if (part !== resolved && part.allOf) {
      const nested = objectShape(doc, part);
      Object.assign(properties, nested.properties);
      for (const name of nested.required) required.add(name);
    }
    Object.assign(properties, part.properties ?? {});
    for (const name of part.required ?? []) required.add(name);
  }
  return { properties, required };
}

function isSubset(inner, outer) {
  for (const value of inner) if (!outer.has(value)) return false;
  return true;
}

function compareSchema(ctx, oldSchema, newSchema, where, deprecated) {
  const { direction, oldDoc, newDoc, report } = ctx;
  // A pair of references is compared once per body: that also ends recursive schemas.
  if (oldSchema?.$ref && newSchema?.$ref) {
    const key = `${oldSchema.$ref}|${newSchema.$ref}`;
    if (ctx.seen.has(key)) return;
    ctx.seen.add(key);
  }
  const before = resolve(oldDoc, oldSchema);
  const after = resolve(newDoc, newSchema);
  if (!before || !after || typeof before !== 'object' || typeof after !== 'object') return;
  const isDeprecated = deprecated || before.deprecated === true;

  const oldTypes = typesOf(oldDoc, before);
  const newTypes = typesOf(newDoc, after);
  if (oldTypes && newTypes) {
    // A response may not send a type the client never saw; a request must still accept every old type.
    const compatible = direction === 'response' ? isSubset(newTypes, oldTypes) : isSubset(oldTypes, newTypes);
    if (!compatible) {
      report(where, 'type-changed', `${where}: type ${[...oldTypes].join('|')} became ${[...newTypes].join('|')}`, isDeprecated);
      return;
    }
  }

  if (direction === 'request' && Array.isArray(after.enum)) {
    const removed = Array.isArray(before.enum) ? before.enum.filter((value) => !after.enum.includes(value)) : null;
    if (removed === null) report(where, 'enum-narrowed', `${where}: now limited to ${after.enum.map(String).join(', ')}`, isDeprecated);
    else if (removed.length) report(where, 'enum-narrowed', `${where}: no longer accepts ${removed.map(String).join(', ')}`, isDeprecated);
  }

  if (before.items && after.items) compareSchema(ctx, before.items, after.items, `${where}[]`, isDeprecated);

  const oldShape = objectShape(oldDoc, before);
  const newShape = objectShape(newDoc, after);
  if (direction === 'response') {
    for (const [name, property] of Object.entries(oldShape.properties)) {
      const propertyDeprecated = isDeprecated || resolve(oldDoc, property)?.deprecated === true;
      const next = newShape.properties[name];
      if (!next) {
        report(`${where}.${name}`, 'response-property-removed', `${where}: property ${name} was removed`, propertyDeprecated);
        continue;
      }
      if (oldShape.required.has(name) && !newShape.required.has(name)) {
        report(`${where}.${name}`, 'response-property-optional', `${where}: property ${name} may now be missing`, propertyDeprecated);
      }
      compareSchema(ctx, property, next, `${where}.${name}`, propertyDeprecated);
    }
  } else {
    for (const [name, property] of Object.entries(newShape.properties)) {
      const previous = oldShape.properties[name];
      if (newShape.required.has(name) && !oldShape.required.has(name)) {
        report(`${where}.${name}`, 'required-property-added', `${where}: property ${name} is now required`, isDeprecated);
      }
      if (previous) compareSchema(ctx, previous, property, `${where}.${name}`, isDeprecated || resolve(oldDoc, previous)?.deprecated === true);
    }
  }
}
