// Judges one answer against the OpenAPI document the server publishes: no 5xx, every error a valid
// envelope whose request_id is the header's, every 2xx body valid against its documented schema,
// every status documented for its route, and nothing internal leaking out.
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

export interface Verdict {
  ok: boolean;
  problem?: string;
  /** The parsed body of a 201, for the run to remember ids. */
  created?: { id?: string; status?: string };
}

interface OpenApiDocument {
  paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: unknown }> }> }>>;
}

const API_PREFIX = '/api/v1';
const REQUEST_ID = /^req_[0-9A-Za-z]{20}$/;
// A stack frame, a path on this machine, or a database or driver name in an answer.
const LEAK = /\bat [^\s]+ \(?[^\s]*\.(ts|js):\d+|\/work\/|\/home\/|\/tmp\/|node_modules|prisma|sqlite|better-sqlite3|ioredis|TypeError|ReferenceError|RangeError|SyntaxError: /i;
// What must never appear in a drawing: script, event handlers, foreign content, links out.
const SVG_ACTIVE = /<script|<foreignObject|<iframe|\son[a-z]+\s*=|javascript:|xlink:href|\shref\s*=|<!ENTITY|<image/i;

export function createChecker(document: unknown): (method: string, path: string, answer: Answer) => Verdict {
  const doc = document as OpenApiDocument;
  const ajv = new Ajv2020({ strict: false, validateSchema: false, allErrors: false });
  addFormats(ajv);
  ajv.addSchema(document as object, 'openapi');
  const compiled = new Map<string, ValidateFunction>();
  const validatorFor = (pointer: string): ValidateFunction => {
    let validate = compiled.get(pointer);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#${pointer}` });
      compiled.set(pointer, validate);
    }
    return validate;
  };
  const envelope = validatorFor('/components/schemas/ErrorEnvelope');
  const templates = Object.keys(doc.paths).map((template) => ({
    template,
    pattern: new RegExp(`^${template.replace(/[.]/g, '\\.').replace(/\{[^}]+\}/g, '[^/]+')}$`),
  }));
  const escape = (segment: string) => segment.replace(/~/g, '~0').replace(/\//g, '~1');

  return (method, path, answer) => {
    const fail = (problem: string): Verdict => ({ ok: false, problem });
    const header = (name: string) => {
      const value = answer.headers[name];
      return Array.isArray(value) ? value.join(', ') : value;
    };
    if (answer.status >= 500) return fail(`status ${answer.status}`);
    const requestId = header('x-request-id');
    if (!requestId || !REQUEST_ID.test(requestId)) return fail(`X-Request-Id missing or malformed: ${requestId}`);
    if (LEAK.test(answer.text) && !path.includes('openapi.json')) return fail('answer leaks internals');

    // The router is not strict: `/products/` is `/products`.
    const bare = (path.split('?')[0] ?? '').replace(/(.)\/+$/, '$1');
    const route = bare.startsWith(API_PREFIX) ? templates.find((t) => t.pattern.test(bare.slice(API_PREFIX.length))) : undefined;
    const operation = route ? doc.paths[route.template]?.[method.toLowerCase()] : undefined;
    const contentType = header('content-type') ?? '';

    if (method === 'OPTIONS' && answer.status === 204) return { ok: true }; // a CORS preflight
    if (method === 'HEAD') return answer.status < 500 ? { ok: true } : fail('HEAD failed');

    if (answer.status >= 400) {
      if (!contentType.startsWith('application/json')) return fail(`error answered as ${contentType}`);
      let body: { error?: { request_id?: string } };
      try {
        body = JSON.parse(answer.text);
      } catch {
        return fail('error body is not JSON');
      }
      const documented = operation?.responses[String(answer.status)]?.content?.['application/json'];
      const validate = documented && route ? validatorFor(`/paths/${escape(route.template)}/${method.toLowerCase()}/responses/${answer.status}/content/application~1json/schema`) : envelope;
      if (operation && !documented) return fail(`status ${answer.status} is not documented for ${method} ${route?.template}`);
      if (!validate(body)) return fail(`invalid error envelope: ${ajv.errorsText(validate.errors)}`);
      if (body.error?.request_id !== requestId) return fail('request_id differs from X-Request-Id');
      return { ok: true };
    }

    if (!operation || !route) return fail(`${answer.status} on a path the document does not have`);
    const content = operation.responses[String(answer.status)]?.content;
    if (!content) return fail(`status ${answer.status} is not documented for ${method} ${route.template}`);
    if (content['image/svg+xml']) {
      if (!contentType.startsWith('image/svg+xml')) return fail(`drawing answered as ${contentType}`);
      if (!answer.text.startsWith('<svg') || SVG_ACTIVE.test(answer.text)) return fail('drawing carries active content');
      return { ok: true };
    }
    if (!contentType.startsWith('application/json')) return fail(`${answer.status} answered as ${contentType}`);
    const body = JSON.parse(answer.text) as { id?: string; status?: string };
    const validate = validatorFor(`/paths/${escape(route.template)}/${method.toLowerCase()}/responses/${answer.status}/content/application~1json/schema`);
    if (!validate(body)) return fail(`${answer.status} body invalid: ${ajv.errorsText(validate.errors)}`);
    return answer.status === 201 ? { ok: true, created: { id: body.id, status: body.status } } : { ok: true };
  };
}
