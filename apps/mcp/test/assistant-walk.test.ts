// A scripted assistant that has never seen the shop serves one person, through each client: it may
// only call a tool it has been told of (by the instructions, a description or a message), and it
// fixes a refused or blocked quote from the message text alone, with the few rules of reading a
// person would use ("send thickness_in 0.1875", "make them at least 0.094 in across", "choose kit").
import { Handoff, MaterialList, ProductList, Quote, RfqLink } from '@shop/contracts';
import { CLIENTS, startMcpTestApp } from './mcp-harness';
import type { McpTestApp, TestClient, ToolReply } from './mcp-harness';

let mcp: McpTestApp;

beforeAll(async () => {
  mcp = await startMcpTestApp();
});
afterAll(() => mcp?.close());

type Args = Record<string, any>;

interface Fix {
  /** What the message says to do. */
  reads: RegExp;
  /** The arguments changed as it says, for the field named by `param`. */
  apply(args: Args, match: RegExpMatchArray, param: string | null): void;
}

/** Sets the field at a path such as `holes[0].diameter_in` or `thickness_in`. */
function setAt(args: Args, path: string, value: unknown): void {
  const keys = path.replace(/\[(\d+)\]/g, '.$1').split('.');
  let node: any = args;
  for (const key of keys.slice(0, -1)) node = node[key];
  node[keys.at(-1)!] = value;
}

const FIXES: Fix[] = [
  { reads: /send thickness_in (\d+(?:\.\d+)?)/, apply: (args, [, value]) => (args.thickness_in = Number(value)) },
  {
    reads: /make (?:it|them) at least (\d+(?:\.\d+)?) in across/,
    apply: (args, [, value], param) => setAt(args, `${param}.diameter_in`, Number(value)),
  },
  { reads: /choose (kit|welded)\b/, apply: (args, [, tier]) => (args.tier = tier) },
];

class ScriptedAssistant {
  /** Everything the server has told it: instructions, descriptions and messages. */
  private read: string;
  readonly calls: string[] = [];

  constructor(private readonly client: TestClient) {
    this.read = client.instructions ?? '';
  }

  async readTools(): Promise<void> {
    for (const tool of await this.client.listTools()) this.read += `\n${tool.description ?? ''}\n${JSON.stringify(tool.inputSchema)}`;
  }

  /** Calls a tool it has been told of; remembers every message of the answer. */
  async call(name: string, args: Args = {}): Promise<ToolReply> {
    expect([name, this.read.includes(name)]).toEqual([name, true]);
    this.calls.push(name);
    const reply = await this.client.callTool(name, args);
    this.read += `\n${reply.isError ? reply.json.error.message : JSON.stringify(reply.json.issues ?? [])}`;
    return reply;
  }

  /**
   * Quotes with a quote tool until the quote is ready: a refused call is fixed from the error's
   * message and param, a blocked quote from each blocking issue's message and param.
   */
  async quoteUntilReady(tool: 'quote_plate' | 'quote_product', first: Args, prefix: string): Promise<{ quote: Quote; tries: Args[] }> {
    const args = structuredClone(first);
    const tries: Args[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) {
      tries.push(structuredClone(args));
      const reply = await this.call(tool, args);
      const faults: Array<{ message: string; param: string | null }> = reply.isError
        ? [reply.json.error]
        : Quote.parse(reply.json).status === 'ready'
          ? []
          : reply.json.items[0].issues.filter((issue: { severity: string }) => issue.severity === 'blocking');
      if (faults.length === 0) return { quote: Quote.parse(reply.json), tries };
      for (const fault of faults) {
        const fix = FIXES.find((candidate) => candidate.reads.test(fault.message));
        if (!fix) throw new Error(`the assistant cannot tell what to do from: ${fault.message}`);
        // An issue's param is the REST path (items[0].holes[1]); a tool's error names the argument.
        const param = fault.param === null ? null : fault.param.startsWith(prefix) ? fault.param.slice(prefix.length) : fault.param;
        fix.apply(args, fault.message.match(fix.reads)!, param);
      }
    }
    throw new Error(`no ready quote after ${tries.length} tries`);
  }
}

describe.each(CLIENTS)('%s', (_name, connect) => {
  let client: TestClient;

  beforeAll(async () => {
    client = await connect(mcp.url);
  });
  afterAll(() => client?.close());

  it('orders ten brackets the person describes in shop words: materials, a refused thickness, a blocked hole, a ready quote, an order link', async () => {
    // "Ten 6 x 4 in brackets in 3/16 mild steel, a 1/16 in hole an inch in from each corner."
    const assistant = new ScriptedAssistant(client);
    await assistant.readTools();

    const materials = MaterialList.parse((await assistant.call('list_materials')).json).data;
    const mild = materials.find((material) => /mild steel/i.test(material.name))!;
    expect(mild).toBeDefined();
    const bracket = {
      material: mild.id,
      thickness_in: 0.19, // 3/16 as a person rounds it
      outline: { kind: 'rectangle', width_in: 6, height_in: 4 },
      holes: [{ kind: 'grid', center_x_in: 3, center_y_in: 2, columns: 2, rows: 2, x_spacing_in: 4, y_spacing_in: 2, diameter_in: 0.0625 }],
      quantity: 10,
    };
    const { quote, tries } = await assistant.quoteUntilReady('quote_plate', bracket, 'items[0].');

    // The thickness came from the error message, the hole size from the blocking issue's.
    expect(tries.map((args) => [args.thickness_in, args.holes[0].diameter_in])).toEqual([
      [0.19, 0.0625],
      [0.1875, 0.0625],
      [0.1875, expect.any(Number)],
    ]);
    expect(mild.thicknesses.map((offer) => offer.thickness_in)).toContain(0.1875);
    // Half the thickness is the smallest hole the laser cuts; the message's figure is not rounded under it.
    expect(tries[2]!.holes[0].diameter_in).toBeGreaterThanOrEqual(0.1875 / 2);
    expect(quote.status).toBe('ready');
    expect(quote.items[0]!.amount_cents).toBeGreaterThan(0);
    expect(quote.items[0]!.issues.every((issue) => issue.severity !== 'blocking')).toBe(true);

    const handoff = Handoff.parse((await assistant.call('create_handoff_link', { quote_ids: [quote.id] })).json);
    expect(handoff.url).toBe(`http://quotes.test/o/${handoff.id}`);
    expect(assistant.calls).toEqual(['list_materials', 'quote_plate', 'quote_plate', 'quote_plate', 'create_handoff_link']);
  });

  it('orders a trailer frame: finds it by words, is told the welded tier is on request, quotes the kit, hands it off, and asks for the welded build', async () => {
    // "A 5 x 10 utility trailer frame, welded."
    const assistant = new ScriptedAssistant(client);
    await assistant.readTools();

    const found = ProductList.parse((await assistant.call('search_products', { query: 'utility trailer' })).json).data;
    expect(found).toHaveLength(1);
    const trailer = found[0]!;
    const { quote, tries } = await assistant.quoteUntilReady('quote_product', { slug: trailer.slug, tier: 'welded', quantity: 1 }, 'items[0].');
    expect(tries.map((args) => args.tier)).toEqual(['welded', 'kit']);
    expect(quote.items[0]!.product!.tier).toBe('kit');

    const handoff = Handoff.parse((await assistant.call('create_handoff_link', { quote_ids: [quote.id] })).json);
    expect(handoff.items).toHaveLength(1);
    // The refusal named the quote-request link for the welded build the tools do not price.
    const rfq = RfqLink.parse(
      (await assistant.call('create_rfq_link', { description: `${trailer.name}, welded and labelled by the shop. 1 unit.`, quantity: 1 })).json,
    );
    expect(rfq.url).toMatch(/^http:\/\/quotes\.test\//);
    expect(assistant.calls).toEqual(['search_products', 'quote_product', 'quote_product', 'create_handoff_link', 'create_rfq_link']);
  });
});
