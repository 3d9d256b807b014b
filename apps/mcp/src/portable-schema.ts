// Turns a zod-made JSON Schema into one every MCP client reads the same way, draft-07 and 2020-12 alike.
//
// MCP hosts on the SDK v1 compile a tool's schemas with a draft-07 Ajv; the SDK v2 and the 2025-11-25
// revision read them as 2020-12. A keyword whose meaning differs between the two (a tuple's
// `prefixItems`, draft-07's array `items` and `additionalItems`, `$defs`/`$ref`) is written in a form both
// read alike, so the server's own answers pass either validator and every legal argument does too.

type Schema = Record<string, unknown>;

/** Keywords whose values are maps of schemas, lists of schemas, or one schema. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties']);
const SCHEMA_LISTS = new Set(['anyOf', 'oneOf', 'allOf']);
const SCHEMA_ONE = new Set(['additionalProperties', 'not', 'propertyNames', 'contains', 'if', 'then', 'else']);

/**
 * The portable form of a schema made by zod (`z.toJSONSchema`, either target):
 * - each `$ref` into `$defs` is replaced by its definition (the use site's own keys, such as its
 *   description, win): some clients mapping tool schemas onto their own dialect do not follow
 *   references; `$defs` and the root's `$schema` are dropped (the served schema is valid in both
 *   drafts, and a draft-07 validator that checks its meta-schema refuses a 2020-12 `$schema`);
 * - a tuple (2020-12 `prefixItems` with `items: false`, or draft-07 `items: [...]` with
 *   `additionalItems: false`) becomes `type: array` with one `items` schema any element must match
 *   (its element schemas, merged when they differ only in description) and `minItems`/`maxItems`:
 *   draft-07 reads `prefixItems` as an unknown word and `items: false` as "no element at all", and
 *   2020-12 reads an array `items` as an error;
 * - OpenAPI's `example` becomes JSON Schema's `examples` (an annotation in both drafts).
 */
export function portableJsonSchema<T>(root: T): T {
  const defs = ((root as { $defs?: Schema }).$defs ?? {}) as Schema;
  const visit = (node: unknown): unknown => {
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
    const { $ref, ...own } = node as Schema;
    const target = typeof $ref === 'string' && $ref.startsWith('#/$defs/') ? defs[$ref.slice('#/$defs/'.length)] : undefined;
    // The contract has no recursive schema, so following a reference always ends.
    if (target !== undefined) return visit({ ...(target as Schema), ...own });
    const out: Schema = {};
    for (const [key, value] of Object.entries($ref === undefined ? own : { $ref, ...own })) {
      if (key === '$defs' || key === '$schema') continue;
      if (key === 'example') {
        if (!('examples' in own)) out.examples = [value];
        continue;
      }
      if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object') {
        out[key] = Object.fromEntries(Object.entries(value as Schema).map(([name, child]) => [name, visit(child)]));
      } else if (SCHEMA_LISTS.has(key) && Array.isArray(value)) {
        out[key] = value.map(visit);
      } else if (SCHEMA_ONE.has(key) || key === 'items' || key === 'prefixItems' || key === 'additionalItems') {
        out[key] = Array.isArray(value) ? value.map(visit) : visit(value);
      } else {
        // Data, not schemas: const, enum, default, examples, bounds, text.
        out[key] = value;
      }
    }
    if (isTuple(out)) return asList(out);
    // Without a tuple, draft-07 ignores additionalItems and 2020-12 has no such word.
    delete out.additionalItems;
    return out;
  };
  return visit(root) as T;
}

function isTuple(node: Schema): boolean {
  return Array.isArray(node.prefixItems) || Array.isArray(node.items) || node.items === false;
}

/** Whether a schema refuses every value (`false`, or `{ not: {} }`). */
function refusesAll(schema: unknown): boolean {
  if (schema === false) return true;
  if (schema === null || typeof schema !== 'object') return false;
  const { not, ...rest } = schema as Schema;
  return Object.keys(rest).length === 0 && not !== null && typeof not === 'object' && Object.keys(not as object).length === 0;
}

/** A tuple as a list: every element matches one of the element schemas, and the count is bounded. */
function asList(node: Schema): Schema {
  const { prefixItems, items, additionalItems, minItems, maxItems, description, ...rest } = node;
  // 2020-12: prefixItems and items (the rest); draft-07: items as an array and additionalItems (the rest).
  const elements = (Array.isArray(prefixItems) ? prefixItems : Array.isArray(items) ? items : []) as Schema[];
  const restItems = Array.isArray(prefixItems) ? items : Array.isArray(items) ? additionalItems : items;
  const closed = restItems === false || refusesAll(restItems);
  const open = restItems === undefined || restItems === true;
  const members = closed || open ? elements : [...elements, restItems as Schema];

  const out: Schema = { ...rest, type: 'array' };
  const distinct = new Map<string, Schema>();
  for (const member of members) {
    const { description: _text, ...bare } = member;
    distinct.set(JSON.stringify(bare), bare);
  }
  const kinds = [...distinct.values()];
  // An open tuple (no word on the rest) lets any further element through: its elements cannot then be described by one schema.
  if (!open && kinds.length > 0) out.items = kinds.length === 1 ? kinds[0] : { anyOf: kinds };
  const told = members.map((member) => member.description).filter((text): text is string => typeof text === 'string');
  if (typeof description === 'string') out.description = description;
  else if (told.length > 0) out.description = told.join(' ');
  if (typeof minItems === 'number') out.minItems = minItems;
  else if (elements.length > 0) out.minItems = elements.length;
  if (typeof maxItems === 'number') out.maxItems = maxItems;
  else if (closed) out.maxItems = elements.length;
  return out;
}
