// Two REST processes and one MCP process on one database under mixed load (quotes, cross-process
// reads, handoffs of the other process's quotes, rfq links, tool calls): no SQLITE_BUSY or other
// storage error reaches a client, and every acknowledged write is stored, once, byte for byte.
import Database from 'better-sqlite3';
import http from 'node:http';
import { Client } from 'pg';
import { KIT, PLATE, check, errorCodes, send, tally } from './load';
import type { Finding, Outcome } from './load';
import { sleep, startServer, tempSqliteUrl } from './processes';
import type { ServerProcess } from './processes';

const POSTGRES_URL = process.env.RELIABILITY_POSTGRES_URL ?? 'postgresql://root@127.0.0.1:5432/test';
const RUN_SECONDS = 20;
const MCP_HEADERS = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };

interface Acknowledged {
  quotes: Map<string, string>;
  handoffs: Set<string>;
  rfqLinks: Set<string>;
}

async function countRows(databaseUrl: string): Promise<Record<string, number>> {
  const tables = ['quotes', 'handoffs', 'plate_designs', 'rfq_links'];
  if (databaseUrl.startsWith('file:')) {
    const db = new Database(databaseUrl.slice('file:'.length), { readonly: true });
    try {
      return Object.fromEntries(tables.map((t) => [t, (db.prepare(`SELECT COUNT(*) AS n FROM ${t}`).get() as { n: number }).n]));
    } finally {
      db.close();
    }
  }
  const url = new URL(databaseUrl);
  const schema = url.searchParams.get('schema')!;
  const client = new Client({ connectionString: POSTGRES_URL, options: `-c search_path="${schema}"` });
  await client.connect();
  try {
    const out: Record<string, number> = {};
    for (const t of tables) out[t] = Number((await client.query(`SELECT COUNT(*) AS n FROM ${t}`)).rows[0].n);
    return out;
  } finally {
    await client.end();
  }
}

async function runMixedLoad(databaseUrl: string, label: string): Promise<Finding> {
  const env = { DATABASE_URL: databaseUrl, PUBLIC_URL: 'http://quotes.test', RATE_LIMIT_SCALE: '100000', LOG_LEVEL: 'warn' };
  // Started together: both REST processes migrate the new database at once.
  const [restA, restB] = await Promise.all([startServer('rest', env), startServer('rest', env)]);
  const mcp = await startServer('mcp', env);
  const servers: ServerProcess[] = [restA!, restB!, mcp];
  const acknowledged: Acknowledged = { quotes: new Map(), handoffs: new Set(), rfqLinks: new Set() };
  const byProcess: Record<string, string[]> = { a: [], b: [], mcp: [] };
  const outcomes: Outcome[] = [];
  const problems: string[] = [];
  const agent = new http.Agent({ keepAlive: true, maxSockets: 16 });
  const deadline = Date.now() + RUN_SECONDS * 1000;

  const pickOther = (own: string) => {
    const pool = [...Object.entries(byProcess)].filter(([name]) => name !== own).flatMap(([, ids]) => ids);
    return pool[Math.floor(Math.random() * pool.length)];
  };

  const restWorker = async (name: 'a' | 'b', server: ServerProcess) => {
    for (let i = 0; Date.now() < deadline; i += 1) {
      const other = pickOther(name);
      const step = i % 5;
      const call =
        step === 0 || step === 3 || !other
          ? { label: 'quote', method: 'POST', path: '/api/v1/quotes', body: { items: i % 2 ? [PLATE, KIT] : [KIT] } }
          : step === 1
            ? { label: 'read', method: 'GET', path: `/api/v1/quotes/${other}` }
            : step === 2
              ? { label: 'handoff', method: 'POST', path: '/api/v1/handoffs', body: { quote_ids: [other] } }
              : { label: 'rfq', method: 'POST', path: '/api/v1/rfq-links', body: { description: `Weld job ${name}${i}` } };
      const outcome = await send(agent, server.baseUrl, call);
      outcomes.push(outcome);
      if (outcome.status === 201) {
        const id = JSON.parse(outcome.answer!.text).id as string;
        if (call.label === 'quote') {
          acknowledged.quotes.set(id, outcome.answer!.text);
          byProcess[name]!.push(id);
        } else if (call.label === 'handoff') acknowledged.handoffs.add(id);
        else acknowledged.rfqLinks.add(id);
      } else if (call.label === 'read' && outcome.status === 200 && outcome.answer!.text !== acknowledged.quotes.get(call.path.split('/').pop()!)) {
        problems.push(`a quote read from the other process differs: ${call.path}`);
      }
    }
  };

  const mcpWorker = async () => {
    for (let i = 0; Date.now() < deadline; i += 1) {
      const other = pickOther('mcp');
      const [name, args] =
        i % 3 === 0 || !other
          ? ['quote_plate', { ...PLATE, kind: undefined }]
          : i % 3 === 1
            ? ['get_quote', { quote_id: other }]
            : ['create_handoff_link', { quote_ids: [other] }];
      const body = JSON.stringify({ jsonrpc: '2.0', id: i, method: 'tools/call', params: { name, arguments: args } });
      const outcome = await send(agent, mcp.baseUrl, { label: `mcp:${name}`, method: 'POST', path: '/mcp', headers: MCP_HEADERS, body: JSON.parse(body) });
      outcomes.push(outcome);
      const result = outcome.answer ? JSON.parse(outcome.answer.text).result : undefined;
      if (!result || result.isError) {
        problems.push(`MCP ${name} failed: ${outcome.answer?.text.slice(0, 200) ?? outcome.error}`);
        continue;
      }
      if (name === 'quote_plate') {
        acknowledged.quotes.set(result.structuredContent.id, result.content[0].text);
        byProcess.mcp!.push(result.structuredContent.id);
      } else if (name === 'create_handoff_link') acknowledged.handoffs.add(result.structuredContent.id);
    }
  };

  try {
    await Promise.all([restWorker('a', restA!), restWorker('a', restA!), restWorker('a', restA!), restWorker('b', restB!), restWorker('b', restB!), restWorker('b', restB!), mcpWorker(), mcpWorker()]);
    await sleep(200);
    const bad = outcomes.filter((o) => o.status === 0 || o.status >= 500);
    check(bad.length === 0, problems, `${bad.length} failed answers: ${JSON.stringify(errorCodes(bad))}`);
    // /status may say `"storage":"busy"` (another process writing): that is its job, not a leak.
    const leaked = outcomes.filter((o) => /SQLITE|database is locked|"message":"[^"]*\b(busy|locked)\b/i.test(o.answer?.text ?? ''));
    check(leaked.length === 0, problems, `${leaked.length} answers mention SQLITE_BUSY or a lock: ${leaked.slice(0, 2).map((o) => `${o.status} ${o.answer?.text.slice(0, 300)}`).join(' | ')}`);

    // Every acknowledged quote reads back byte for byte from both REST processes.
    let differing = 0;
    for (const [id, text] of acknowledged.quotes) {
      for (const server of [restA!, restB!]) {
        const reply = await send(agent, server.baseUrl, { label: 'verify', method: 'GET', path: `/api/v1/quotes/${id}` });
        if (reply.answer?.text !== text) differing += 1;
      }
    }
    check(differing === 0, problems, `${differing} quote reads differ from what was acknowledged`);
    const rows = await countRows(databaseUrl);
    check(rows.quotes === acknowledged.quotes.size, problems, `quotes: ${rows.quotes} rows, ${acknowledged.quotes.size} acknowledged`);
    check(rows.handoffs === acknowledged.handoffs.size, problems, `handoffs: ${rows.handoffs} rows, ${acknowledged.handoffs.size} acknowledged`);
    check(rows.rfq_links === acknowledged.rfqLinks.size, problems, `rfq links: ${rows.rfq_links} rows, ${acknowledged.rfqLinks.size} acknowledged`);
    for (const server of servers) {
      check(server.child.exitCode === null, problems, `${server.app} pid ${server.pid} died`);
      check(server.logs.every((line) => !(typeof line.level === 'number' && line.level >= 50)), problems, `${server.app} logged an error`);
    }
    const t = tally(outcomes);
    return {
      test: `Two REST + one MCP process on one ${label} database`,
      ok: problems.length === 0,
      load: `8 clients for ${RUN_SECONDS} s: ${t.total} requests (${Math.round(t.total / RUN_SECONDS)}/s), p99 ${t.p99Ms} ms`,
      faults: 'concurrent writers in three processes (both REST processes migrating the new database at once)',
      result: problems.length
        ? [...new Set(problems)].slice(0, 5).join('; ')
        : `0 errors; ${acknowledged.quotes.size} quotes, ${acknowledged.handoffs.size} handoffs (${rows.plate_designs} designs), ${acknowledged.rfqLinks.size} rfq links: every one stored once and read back byte-identical from both REST processes`,
      details: { tally: t, rows },
    };
  } finally {
    agent.destroy();
    await Promise.all(servers.map((s) => s.stop('SIGTERM').catch(() => undefined)));
  }
}

export async function runConcurrencyChecks(): Promise<Finding[]> {
  const sqlite = await runMixedLoad(tempSqliteUrl(), 'SQLite');
  const schema = `rel_cc_${Date.now().toString(36)}`;
  const postgres = await runMixedLoad(`${POSTGRES_URL}?schema=${schema}`, 'PostgreSQL');
  const admin = new Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await admin.end();
  return [sqlite, postgres];
}
