// Shutdown and restarts with real processes: SIGTERM under load finishes what was in flight, the
// purge timer never holds the process open, and a restart (clean or SIGKILL) loses no quote and
// leaves no handoff without its designs.
import Database from 'better-sqlite3';
import http from 'node:http';
import { KIT, PLATE, check, send, startLoad, tally } from './load';
import type { Finding, Outcome } from './load';
import { sleep, startServer, tempSqliteUrl } from './processes';

const ENV = { RATE_LIMIT_SCALE: '100000', PUBLIC_URL: 'http://quotes.test', LOG_LEVEL: 'warn' };

/** Reads every created quote back from a new process and compares the bytes. */
async function readBack(databaseUrl: string, created: Map<string, string>): Promise<{ checked: number; differing: number; missing: number }> {
  const server = await startServer('rest', { ...ENV, DATABASE_URL: databaseUrl });
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  let differing = 0;
  let missing = 0;
  const ids = [...created.keys()];
  for (let i = 0; i < ids.length; i += 8) {
    const replies = await Promise.all(ids.slice(i, i + 8).map((id) => send(agent, server.baseUrl, { label: 'read', method: 'GET', path: `/api/v1/quotes/${id}` })));
    for (const [j, reply] of replies.entries()) {
      if (reply.status === 404) missing += 1;
      else if (reply.answer?.text !== created.get(ids[i + j]!)) differing += 1;
    }
  }
  agent.destroy();
  await server.stop('SIGTERM');
  return { checked: ids.length, differing, missing };
}

const createdQuotes = (outcomes: Outcome[]) =>
  new Map(outcomes.filter((o) => o.status === 201 && o.label === 'quote').map((o) => [JSON.parse(o.answer!.text).id as string, o.answer!.text]));

export async function runShutdownChecks(): Promise<Finding[]> {
  const findings: Finding[] = [];

  // 1. SIGTERM under load: 32 clients keep posting quotes; the signal comes 3 s in.
  {
    const databaseUrl = tempSqliteUrl();
    const server = await startServer('rest', { ...ENV, DATABASE_URL: databaseUrl });
    let i = 0;
    const load = startLoad(server.baseUrl, 32, () => ({ label: 'quote', method: 'POST', path: '/api/v1/quotes', body: { items: (i++ % 2 ? [PLATE, KIT] : [KIT]) } }), 60);
    await sleep(3_000);
    const signalledAt = Date.now();
    const inFlightAtSignal = load.outcomes.length;
    const exit = await server.stop('SIGTERM');
    const outcomes = await load.stop();
    const afterSignal = outcomes.filter((o) => o.at >= signalledAt);
    const answeredAfterSignal = afterSignal.filter((o) => o.status !== 0);
    // Refused = the listener was already closed: never accepted, so nothing was cut.
    const failed = outcomes.filter((o) => o.status === 0 && o.error !== 'ECONNREFUSED');
    const serverErrors = outcomes.filter((o) => o.status >= 500);
    const created = createdQuotes(outcomes);
    const kept = await readBack(databaseUrl, created);
    const problems: string[] = [];
    check(failed.length === 0, problems, `${failed.length} requests failed mid-flight (${[...new Set(failed.map((o) => o.error))].join(', ')})`);
    check(serverErrors.length === 0, problems, `${serverErrors.length} 5xx`);
    check(exit.code === 0, problems, `exit code ${exit.code}`);
    check(kept.missing === 0 && kept.differing === 0, problems, `after restart ${kept.missing} missing, ${kept.differing} differing`);
    findings.push({
      test: 'SIGTERM under load (32 clients posting quotes)',
      ok: problems.length === 0,
      load: `${outcomes.length} requests, ${inFlightAtSignal} before the signal`,
      faults: 'SIGTERM after 3 s',
      result: problems.length
        ? problems.join('; ')
        : `${answeredAfterSignal.length} requests answered after the signal, 0 failed mid-flight (new connections refused); exit 0 in ${exit.ms} ms; ${created.size} quotes read back byte-identical after restart`,
      details: { tally: tally(outcomes), exit, kept },
    });
  }

  // 2. The purge timer (every minute here) must not keep an idle process alive.
  {
    const server = await startServer('rest', { ...ENV, DATABASE_URL: tempSqliteUrl(), PURGE_INTERVAL_MINUTES: '1' });
    await sleep(500);
    const exit = await server.stop('SIGTERM', 5_000);
    findings.push({
      test: 'Idle process with the purge timer on',
      ok: exit.code === 0 && exit.ms < 2_000,
      load: 'idle',
      faults: 'SIGTERM',
      result: `exit ${exit.code} in ${exit.ms} ms`,
    });
  }

  // 3. SIGKILL under mixed writes, then a restart: every quote that got a 201 is there, byte for
  //    byte, and every handoff has all its designs (the handoff and designs are one transaction).
  {
    const databaseUrl = tempSqliteUrl();
    const server = await startServer('rest', { ...ENV, DATABASE_URL: databaseUrl });
    const agent = new http.Agent({ keepAlive: true });
    const seeds: string[] = [];
    for (let k = 0; k < 10; k += 1) {
      const reply = await send(agent, server.baseUrl, { label: 'quote', method: 'POST', path: '/api/v1/quotes', body: { items: [PLATE, PLATE, KIT] } });
      seeds.push(JSON.parse(reply.answer!.text).id);
    }
    agent.destroy();
    let i = 0;
    const load = startLoad(server.baseUrl, 16, () => {
      i += 1;
      return i % 3 === 0
        ? { label: 'handoff', method: 'POST', path: '/api/v1/handoffs', body: { quote_ids: [seeds[i % seeds.length], seeds[(i + 1) % seeds.length]].filter((v, n, all) => all.indexOf(v) === n).slice(0, 1) } }
        : { label: 'quote', method: 'POST', path: '/api/v1/quotes', body: { items: [PLATE, KIT] } };
    }, 60);
    await sleep(3_000);
    const exit = await server.stop('SIGKILL');
    const outcomes = await load.stop();
    const created = createdQuotes(outcomes);
    const kept = await readBack(databaseUrl, created);
    const handoffIds = outcomes.filter((o) => o.status === 201 && o.label === 'handoff').map((o) => JSON.parse(o.answer!.text).id as string);
    const db = new Database(databaseUrl.slice('file:'.length), { readonly: true });
    const rows = db.prepare('SELECT h.id, h.body, (SELECT COUNT(*) FROM plate_designs d WHERE d.handoff_id = h.id) AS designs FROM handoffs h').all() as Array<{ id: string; body: string; designs: number }>;
    db.close();
    const partial = rows.filter((row) => (JSON.parse(row.body) as { items: Array<{ action: string }> }).items.filter((item) => item.action === 'open_plate_quoter').length !== row.designs);
    const stored = new Set(rows.map((row) => row.id));
    const lostHandoffs = handoffIds.filter((id) => !stored.has(id));
    const problems: string[] = [];
    check(kept.missing === 0 && kept.differing === 0, problems, `${kept.missing} acknowledged quotes missing, ${kept.differing} differing`);
    check(partial.length === 0, problems, `${partial.length} handoffs without all their designs`);
    check(lostHandoffs.length === 0, problems, `${lostHandoffs.length} acknowledged handoffs missing`);
    findings.push({
      test: 'SIGKILL under writes, then restart',
      ok: problems.length === 0 && exit.signal === 'SIGKILL',
      load: `16 clients: ${outcomes.length} requests (quotes and handoffs)`,
      faults: 'SIGKILL after 3 s (writes cut wherever they were)',
      result: problems.length
        ? problems.join('; ')
        : `${created.size} acknowledged quotes byte-identical after restart; ${rows.length} handoffs stored (${handoffIds.length} acknowledged), none partial`,
      details: { tally: tally(outcomes), kept, handoffsStored: rows.length, handoffsAcknowledged: handoffIds.length },
    });
  }
  // 4. The same for the MCP tool server: 16 clients calling quote_product, SIGTERM 2 s in.
  {
    const server = await startServer('mcp', { ...ENV, DATABASE_URL: tempSqliteUrl() });
    const headers = { 'content-type': 'application/json', accept: 'application/json, text/event-stream', 'mcp-protocol-version': '2025-06-18' };
    const load = startLoad(server.baseUrl, 16, (n) => ({
      label: 'tool',
      method: 'POST',
      path: '/mcp',
      headers,
      body: { jsonrpc: '2.0', id: n, method: 'tools/call', params: { name: 'quote_product', arguments: { slug: 'round-bale-feeder', tier: 'kit' } } },
    }), 60);
    await sleep(2_000);
    const signalledAt = Date.now();
    const exit = await server.stop('SIGTERM');
    const outcomes = await load.stop();
    const failed = outcomes.filter((o) => o.status === 0 && o.error !== 'ECONNREFUSED');
    const toolErrors = outcomes.filter((o) => o.status !== 0 && (o.status !== 200 || JSON.parse(o.answer!.text).result?.isError !== undefined));
    const answeredAfter = outcomes.filter((o) => o.at >= signalledAt && o.status !== 0).length;
    findings.push({
      test: 'SIGTERM under load, MCP tool server (16 clients calling quote_product)',
      ok: failed.length === 0 && toolErrors.length === 0 && exit.code === 0,
      load: `${outcomes.length} tool calls`,
      faults: 'SIGTERM after 2 s',
      result: `${answeredAfter} calls answered after the signal, ${failed.length} failed mid-flight, ${toolErrors.length} tool errors; exit ${exit.code} in ${exit.ms} ms`,
      details: { tally: tally(outcomes), exit },
    });
  }
  return findings;
}
