// Sends generated requests to a running REST server, a bounded number at a time, judges every
// answer, and reads a sample of the created quotes back to check they were kept byte for byte.
import http from 'node:http';
import fc from 'fast-check';
import { createChecker } from './check';
import type { Answer } from './check';
import { BLOCKED_REF, QUOTE_REF, fuzzRequest } from './generate';
import type { FuzzCatalog, FuzzRequest } from './generate';

export interface FuzzOptions {
  baseUrl: string;
  requests: number;
  concurrency?: number;
  seed?: number;
  /** Stops early past this many seconds (the count sent is reported). */
  maxSeconds?: number;
  /** How many created quotes to read back at the end. */
  rereads?: number;
  onProgress?: (sent: number, failures: number) => void;
}

export interface FuzzFailure {
  request: FuzzRequest;
  status: number;
  problem: string;
  answer: string;
}

export interface FuzzResult {
  seed: number;
  sent: number;
  seconds: number;
  requestsPerSecond: number;
  byStatus: Record<string, number>;
  byKind: Record<string, number>;
  created: { ready: number; blocked: number; handoffs: number; rfqLinks: number };
  rereads: { checked: number; mismatched: number };
  failureCount: number;
  failures: FuzzFailure[];
}

const KEPT_FAILURES = 40;
const BATCH = 500;
const REQUEST_TIMEOUT_MS = 30_000;

export function sendRaw(agent: http.Agent, baseUrl: string, request: { method: string; path: string; headers: Record<string, string>; body?: string }): Promise<Answer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const body = request.body === undefined ? undefined : Buffer.from(request.body, 'utf8');
    const req = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        agent,
        headers: { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) },
        timeout: REQUEST_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${REQUEST_TIMEOUT_MS} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

async function getJson(agent: http.Agent, baseUrl: string, path: string): Promise<any> {
  const answer = await sendRaw(agent, baseUrl, { method: 'GET', path, headers: {} });
  if (answer.status !== 200) throw new Error(`GET ${path} answered ${answer.status}: ${answer.text.slice(0, 200)}`);
  return JSON.parse(answer.text);
}

/** What the server lists: materials with thicknesses, product slugs with orderable tiers. */
export async function readCatalog(agent: http.Agent, baseUrl: string): Promise<FuzzCatalog> {
  const materials = await getJson(agent, baseUrl, '/api/v1/materials');
  const products = await getJson(agent, baseUrl, '/api/v1/products?limit=50');
  return {
    materials: materials.data.map((m: any) => ({ id: m.id, thicknesses: m.thicknesses.map((t: any) => t.thickness_in) })),
    products: products.data.map((p: any) => ({ slug: p.slug, tiers: p.tiers.filter((t: any) => t.orderable).map((t: any) => t.kind) })),
    divisions: [...new Set<string>(products.data.map((p: any) => p.division))],
  };
}

export async function runFuzz(options: FuzzOptions): Promise<FuzzResult> {
  const seed = options.seed ?? Date.now() % 2_147_483_647;
  const concurrency = options.concurrency ?? 8;
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const started = performance.now();
  const deadline = started + (options.maxSeconds ?? 3_600) * 1000;
  try {
    const document = await getJson(agent, options.baseUrl, '/api/v1/openapi.json');
    const check = createChecker(document);
    const catalog = await readCatalog(agent, options.baseUrl);

    const ready: string[] = [];
    const blocked: string[] = [];
    const createdText = new Map<string, string>();
    const result: FuzzResult = {
      seed,
      sent: 0,
      seconds: 0,
      requestsPerSecond: 0,
      byStatus: {},
      byKind: {},
      created: { ready: 0, blocked: 0, handoffs: 0, rfqLinks: 0 },
      rereads: { checked: 0, mismatched: 0 },
      failureCount: 0,
      failures: [],
    };
    const recordFailure = (request: FuzzRequest, status: number, problem: string, answer: string) => {
      result.failureCount += 1;
      if (result.failures.length < KEPT_FAILURES) {
        result.failures.push({ request: { ...request, body: request.body?.slice(0, 2_000) }, status, problem, answer: answer.slice(0, 1_000) });
      }
    };

    let counter = 0;
    const pick = (pool: string[], fallback: string) => (pool.length ? pool[(counter += 7) % pool.length]! : fallback);
    const resolveRefs = (text: string) =>
      text.includes('@@') ? text.replaceAll(QUOTE_REF, () => pick(ready, 'q_0000000000000000000000')).replaceAll(BLOCKED_REF, () => pick(blocked, 'q_1111111111111111111111')) : text;

    const sendOne = async (generated: FuzzRequest) => {
      const request = { ...generated, path: resolveRefs(generated.path), body: generated.body === undefined ? undefined : resolveRefs(generated.body) };
      const kind = request.kind.split(':')[0]!;
      result.byKind[kind] = (result.byKind[kind] ?? 0) + 1;
      let answer: Answer;
      try {
        answer = await sendRaw(agent, options.baseUrl, request);
      } catch (error) {
        recordFailure(request, 0, `no answer: ${(error as Error).message}`, '');
        return;
      }
      result.byStatus[answer.status] = (result.byStatus[answer.status] ?? 0) + 1;
      const verdict = check(request.method, request.path, answer);
      if (!verdict.ok) {
        recordFailure(request, answer.status, verdict.problem ?? 'failed', answer.text);
        return;
      }
      if (verdict.created?.id?.startsWith('q_')) {
        (verdict.created.status === 'ready' ? ready : blocked).push(verdict.created.id);
        if (verdict.created.status === 'ready') result.created.ready += 1;
        else result.created.blocked += 1;
        if (createdText.size < (options.rereads ?? 300)) createdText.set(verdict.created.id, answer.text);
      } else if (verdict.created?.id?.startsWith('h_')) result.created.handoffs += 1;
      else if (verdict.created?.id?.startsWith('rfq_')) result.created.rfqLinks += 1;
    };

    const arbitrary = fuzzRequest(catalog);
    for (let batch = 0; result.sent < options.requests && performance.now() < deadline; batch += 1) {
      const size = Math.min(BATCH, options.requests - result.sent);
      const generated = fc.sample(arbitrary, { numRuns: size, seed: seed + batch });
      let next = 0;
      await Promise.all(
        Array.from({ length: concurrency }, async () => {
          while (next < generated.length) {
            const request = generated[next++]!;
            await sendOne(request);
          }
        }),
      );
      result.sent += size;
      options.onProgress?.(result.sent, result.failureCount);
    }
    result.seconds = (performance.now() - started) / 1000;
    result.requestsPerSecond = Math.round(result.sent / result.seconds);

    // Kept byte for byte: read a sample of the created quotes back (ready ones stay ready within a run).
    for (const [id, text] of createdText) {
      const answer = await sendRaw(agent, options.baseUrl, { method: 'GET', path: `/api/v1/quotes/${id}`, headers: {} });
      result.rereads.checked += 1;
      if (answer.status !== 200 || answer.text !== text) {
        result.rereads.mismatched += 1;
        recordFailure({ kind: 'reread', method: 'GET', path: `/api/v1/quotes/${id}`, headers: {} }, answer.status, 'quote read back differs from the 201 body', answer.text);
      }
    }
    return result;
  } finally {
    agent.destroy();
  }
}
