// Fuzzing the MCP tool server: tools/call for every tool with arguments shaped by the contracts
// and pushed past their edges, plus broken JSON-RPC. Judged on: no HTTP 5xx, a JSON-RPC answer for
// every request, no internal_error, every error result a known code with a message, every success
// result's structuredContent valid against the REST schema it mirrors and equal to its text.
import http from 'node:http';
import Ajv2020 from 'ajv/dist/2020';
import type { ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { ERROR_CODES } from '@shop/contracts';
import fc from 'fast-check';
import { QUOTE_REF, applyMutations, guessedId, handoffBody, mutation, plateItem, productItem, rfqBody, wrongValue, writeJson } from './generate';
import type { FuzzCatalog } from './generate';
import { sendRaw } from './run';
import type { Answer } from './check';

export const MCP_TOOLS = ['list_materials', 'search_products', 'quote_plate', 'quote_product', 'get_quote', 'create_handoff_link', 'create_rfq_link'] as const;
type Tool = (typeof MCP_TOOLS)[number];

const OUTPUT_SCHEMA: Record<Tool, string> = {
  list_materials: 'MaterialList',
  search_products: 'ProductList',
  quote_plate: 'Quote',
  quote_product: 'Quote',
  get_quote: 'Quote',
  create_handoff_link: 'Handoff',
  create_rfq_link: 'RfqLink',
};

export interface McpCall {
  kind: string;
  version: string;
  body: string;
  tool?: Tool;
}

const VERSIONS = fc.oneof({ arbitrary: fc.constantFrom('2025-06-18', '2025-11-25'), weight: 8 }, { arbitrary: fc.constantFrom('2024-11-05', '', 'x'), weight: 1 });

function toolArguments(catalog: FuzzCatalog): Record<Tool, fc.Arbitrary<unknown>> {
  const mutate = (valid: fc.Arbitrary<unknown>) =>
    fc.oneof(
      { arbitrary: valid, weight: 6 },
      { arbitrary: fc.tuple(valid, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([v, m]) => applyMutations(v, m)), weight: 5 },
      { arbitrary: wrongValue, weight: 1 },
    );
  const withoutKind = (item: fc.Arbitrary<Record<string, unknown>>) => item.map(({ kind: _kind, ...rest }) => rest);
  return {
    list_materials: mutate(fc.constant({})),
    search_products: mutate(fc.record({ query: fc.string({ maxLength: 50 }), division: fc.constantFrom('farm', 'shop', 'x') }, { requiredKeys: [] })),
    quote_plate: mutate(withoutKind(plateItem(catalog))),
    quote_product: mutate(withoutKind(productItem(catalog))),
    get_quote: mutate(fc.record({ quote_id: fc.oneof(fc.constant(QUOTE_REF), guessedId('q'), fc.string({ maxLength: 70 })) })),
    create_handoff_link: mutate(handoffBody()),
    create_rfq_link: mutate(rfqBody()),
  };
}

export function mcpCall(catalog: FuzzCatalog): fc.Arbitrary<McpCall> {
  const args = toolArguments(catalog);
  const toolCall = fc.constantFrom(...MCP_TOOLS).chain((tool) =>
    fc.record({ tool: fc.constant(tool), args: args[tool], id: fc.oneof(fc.nat(), fc.string({ maxLength: 8 })), version: VERSIONS }),
  );
  const broken = fc.record({
    version: VERSIONS,
    body: fc.oneof(
      fc.constantFrom('', '{', '[]', 'null', '{"jsonrpc":"2.0"}', '{"jsonrpc":"1.0","id":1,"method":"tools/call"}', '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"nope","arguments":{}}}'),
      wrongValue.map((value) => writeJson({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: value })),
      wrongValue.map((value) => writeJson({ jsonrpc: '2.0', id: value, method: 'tools/list' })),
      fc.integer({ min: 33, max: 5_000 }).map((depth) => `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"quote_plate","arguments":${'['.repeat(depth)}${']'.repeat(depth)}}}`),
    ),
  });
  return fc.oneof(
    {
      arbitrary: toolCall.map(({ tool, args: a, id, version }): McpCall => ({
        kind: tool,
        tool,
        version,
        body: writeJson({ jsonrpc: '2.0', id, method: 'tools/call', params: { name: tool, arguments: a } }),
      })),
      weight: 12,
    },
    { arbitrary: broken.map(({ version, body }): McpCall => ({ kind: 'broken', version, body })), weight: 1 },
  );
}

export interface McpFuzzResult {
  seed: number;
  sent: number;
  seconds: number;
  requestsPerSecond: number;
  byOutcome: Record<string, number>;
  failureCount: number;
  failures: Array<{ call: McpCall; problem: string; answer: string }>;
}

const LEAK = /\bat [^\s]+ \(?[^\s]*\.(ts|js):\d+|\/work\/|node_modules|prisma|sqlite|TypeError|ReferenceError|RangeError/i;

export function createMcpChecker(openapi: unknown): (call: McpCall, answer: Answer) => { ok: boolean; outcome: string; problem?: string; quoteId?: string } {
  const ajv = new Ajv2020({ strict: false, validateSchema: false });
  addFormats(ajv);
  ajv.addSchema(openapi as object, 'openapi');
  const validators = new Map<string, ValidateFunction>();
  const validate = (name: string) => {
    let v = validators.get(name);
    if (!v) validators.set(name, (v = ajv.compile({ $ref: `openapi#/components/schemas/${name}` })));
    return v;
  };
  const known = new Set<string>(ERROR_CODES);
  return (call, answer) => {
    const fail = (problem: string) => ({ ok: false, outcome: 'failure', problem });
    if (answer.status >= 500) return fail(`HTTP ${answer.status}`);
    if (LEAK.test(answer.text)) return fail('answer leaks internals');
    let body: any;
    try {
      body = JSON.parse(answer.text);
    } catch {
      return fail(`not JSON (HTTP ${answer.status}, ${String(answer.headers['content-type'])})`);
    }
    if (body?.jsonrpc !== '2.0') return fail('not a JSON-RPC answer');
    if (body.error) {
      if (typeof body.error.code !== 'number' || typeof body.error.message !== 'string') return fail('malformed JSON-RPC error');
      return { ok: true, outcome: `rpc-error ${body.error.code}` };
    }
    const result = body.result;
    if (!call.tool) return { ok: true, outcome: 'result' };
    if (result?.isError) {
      const text = result.content?.[0]?.text as string | undefined;
      let error: any;
      try {
        error = JSON.parse(text ?? '').error;
      } catch {
        // The SDK's own argument validation answers in plain text.
        return typeof text === 'string' && text.length > 0 ? { ok: true, outcome: 'tool-error sdk-validation' } : fail('isError without a message');
      }
      if (!known.has(error?.code) || typeof error.message !== 'string') return fail(`unknown error code ${error?.code}`);
      if (error.code === 'internal_error') return fail('internal_error');
      return { ok: true, outcome: `tool-error ${error.code}` };
    }
    const v = validate(OUTPUT_SCHEMA[call.tool]);
    if (!v(result?.structuredContent)) return fail(`structuredContent invalid: ${ajv.errorsText(v.errors)}`);
    if (JSON.stringify(JSON.parse(result.content?.[0]?.text ?? 'null')) !== JSON.stringify(result.structuredContent)) return fail('text and structuredContent differ');
    const id = result.structuredContent?.id as string | undefined;
    return { ok: true, outcome: `ok ${call.tool}`, ...(id?.startsWith('q_') && result.structuredContent.status === 'ready' ? { quoteId: id } : {}) };
  };
}

export interface McpFuzzOptions {
  mcpUrl: string;
  requests: number;
  seed?: number;
  concurrency?: number;
  maxSeconds?: number;
}

export async function runMcpFuzz(options: McpFuzzOptions, catalog: FuzzCatalog, openapi: unknown): Promise<McpFuzzResult> {
  const seed = options.seed ?? Date.now() % 2_147_483_647;
  const concurrency = options.concurrency ?? 6;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const check = createMcpChecker(openapi);
  const started = performance.now();
  const deadline = started + (options.maxSeconds ?? 1_800) * 1000;
  const result: McpFuzzResult = { seed, sent: 0, seconds: 0, requestsPerSecond: 0, byOutcome: {}, failureCount: 0, failures: [] };
  const ready: string[] = [];
  let counter = 0;
  const arbitrary = mcpCall(catalog);
  try {
    for (let batch = 0; result.sent < options.requests && performance.now() < deadline; batch += 1) {
      const calls = fc.sample(arbitrary, { numRuns: Math.min(500, options.requests - result.sent), seed: seed + batch });
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < calls.length) {
            const call = calls[next++]!;
            const body = call.body.replaceAll(QUOTE_REF, () => (ready.length ? ready[(counter += 7) % ready.length]! : 'q_0000000000000000000000'));
            let answer: Answer;
            try {
              answer = await sendRaw(agent, options.mcpUrl, {
                method: 'POST',
                path: '/mcp',
                headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...(call.version ? { 'mcp-protocol-version': call.version } : {}) },
                body,
              });
            } catch (error) {
              answer = { status: 0, headers: {}, text: `no answer: ${(error as Error).message}` };
            }
            const verdict = answer.status === 0 ? { ok: false, outcome: 'failure', problem: answer.text } : check(call, answer);
            result.byOutcome[verdict.outcome] = (result.byOutcome[verdict.outcome] ?? 0) + 1;
            if (verdict.quoteId) ready.push(verdict.quoteId);
            if (!verdict.ok) {
              result.failureCount += 1;
              if (result.failures.length < 40) result.failures.push({ call: { ...call, body: body.slice(0, 2_000) }, problem: verdict.problem ?? '', answer: answer.text.slice(0, 1_000) });
            }
          }
        }),
      );
      result.sent += calls.length;
    }
  } finally {
    agent.destroy();
  }
  result.seconds = (performance.now() - started) / 1000;
  result.requestsPerSecond = Math.round(result.sent / result.seconds);
  return result;
}
