// The public forms under a flood: each order link and quote-request link sends at most a few
// requests a day, whichever addresses send them; other links are not held up.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ServiceError } from '@shop/contracts';
import type { Quote } from '@shop/contracts';
import { createOrderRequestRepository, openStorage } from '@shop/storage';
import type { Storage } from '@shop/storage';
import type { RequestContext } from './context';
import { REQUESTS_PER_LINK_PER_DAY } from './limits/policy';
import { createRateLimits } from './rate-limits';
import type { RateLimits } from './rate-limits';
import { createService } from './service';
import type { Service } from './service';

const START = new Date('2026-11-02T15:00:00.000Z');
/** A new address for every call: the cap is the link's, not an address's. */
let address = 0;
const from = (): RequestContext => ({ clientIp: `198.51.100.${(address++ % 250) + 1}`, now: START });

const plate = { kind: 'plate', material: 'mild_steel', thickness_in: 0.25, outline: { kind: 'rectangle', width_in: 6, height_in: 4 }, holes: [], quantity: 10 };
const order = { fulfilment: 'pickup', name: 'Dana Reyes', email: 'dana@example.com', phone: null, company: null, note: null };
const rfq = { description: 'Gate hinge plates', material: null, thickness_in: null, quantity: 4, name: 'Jo Martin', email: 'jo@example.com', phone: null, company: null };

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(() => null, (caught: unknown) => caught);
  if (!(error instanceof ServiceError)) throw new Error(`expected a ServiceError, got ${String(error)}`);
  return error;
}

describe('requests per link', () => {
  let dir: string;
  let storage: Storage;
  let limits: RateLimits;
  let service: Service;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'shop-link-requests-'));
    storage = await openStorage({ databaseUrl: 'file:./shop.db', rootDir: dir });
    limits = createRateLimits({ storage, redisUrl: null, prefix: `links-${process.pid}`, scale: 1 });
    await limits.ready();
    service = createService({
      config: { publicUrl: 'http://quotes.test', shopUrl: 'http://quotes.test', plateOrdersEnabled: true },
      storage,
      orderRequests: createOrderRequestRepository(storage),
      limits,
      pricingThreads: 1,
    });
  });
  afterAll(async () => {
    await service.close();
    await limits.close();
    await storage.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const newHandoff = async () => {
    const quote = JSON.parse((await service.createQuote({ items: [plate] }, from(), 'rest')).json) as Quote;
    return (await service.createHandoff({ quote_ids: [quote.id] }, from())).id;
  };

  it(`an order link sends ${REQUESTS_PER_LINK_PER_DAY} requests a day from any addresses, then 429; another link still sends`, async () => {
    const handoffId = await newHandoff();
    const ids = new Set<string>();
    for (let i = 0; i < REQUESTS_PER_LINK_PER_DAY; i++) ids.add((await service.createOrderRequest(handoffId, order, `form-${i}`, from())).id);
    expect(ids.size).toBe(REQUESTS_PER_LINK_PER_DAY);
    const refused = await refusal(service.createOrderRequest(handoffId, order, 'form-extra', from()));
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect(refused.message).toMatch(/^This link has sent 5 requests today, the most one link sends in a day; the shop has them\. Wait \d+ s, or write or call the shop\.$/);
    // A form with a typo is not counted against the link: it is refused for the typo.
    expect((await refusal(service.createOrderRequest(handoffId, { ...order, email: 'nope' }, 'form-typo', from()))).status).toBe(422);
    const other = await newHandoff();
    await expect(service.createOrderRequest(other, order, 'form-0', from())).resolves.toMatchObject({ created: true });
  });

  it(`a quote-request link sends ${REQUESTS_PER_LINK_PER_DAY} requests a day, then 429`, async () => {
    const link = await service.createRfqLink({ description: 'Gate hinge plates', quantity: 4 }, from());
    for (let i = 0; i < REQUESTS_PER_LINK_PER_DAY; i++) await service.submitRfq(link.id, rfq, `form-${i}`, from());
    const refused = await refusal(service.submitRfq(link.id, rfq, 'form-extra', from()));
    expect(refused).toMatchObject({ status: 429, code: 'rate_limited' });
    expect((await service.listRfqSubmissions(100)).filter((row) => row.rfq_link_id === link.id)).toHaveLength(REQUESTS_PER_LINK_PER_DAY);
  });
});
