import { createCatalog, loadPriceBook } from '@shop/catalog';
import { QuoteRequest, ServiceError, typedRequest } from '@shop/contracts';
import { renderPlateSvg } from '@shop/geometry';
import type { PlateItem } from '@shop/contracts';
import { priceQuote } from '@shop/pricing';
import { plateDxf } from './drawing-export';
import { INLINE_DRAWING_SIZE, INLINE_LIMITS, createQuotePricer, isLightRequest } from './quote-pricer';
import { bundledBook } from './shop-state';
import { createWorkerPool } from './worker-pool';

const catalogOptions = { shopUrl: 'https://shop.example.ca', imagesUrl: 'https://quote.example.ca', plateOrdersEnabled: true };
const catalog = createCatalog(catalogOptions);
const pricing = { catalog, book: { version: bundledBook().loaded.version, text: bundledBook().text }, catalogOptions };
const publicUrl = 'https://quote.example.ca';
const now = new Date('2026-11-23T12:00:00.000Z');

const plate = (holes: number, bends = 0) =>
  typedRequest(QuoteRequest.parse({
    items: [
      {
        kind: 'plate',
        material: 'mild_steel',
        thickness_in: 0.25,
        outline: { kind: 'rectangle', width_in: 60, height_in: 60 },
        holes: holes > 0 ? [{ kind: 'linear', start_x_in: 2, start_y_in: 30, count: holes, spacing_in: 0.75, diameter_in: 0.5 }] : [],
        bends: Array.from({ length: bends }, (_, k) => ({ start_in: [0, 10 + 5 * k], end_in: [60, 10 + 5 * k] })),
      },
    ],
  }));

describe('isLightRequest', () => {
  it(`prices on the calling thread up to ${INLINE_LIMITS.cutouts} cutouts and ${INLINE_LIMITS.bends} bends per plate, not past them`, () => {
    expect(isLightRequest(plate(INLINE_LIMITS.cutouts, INLINE_LIMITS.bends))).toBe(true);
    expect(isLightRequest(plate(INLINE_LIMITS.cutouts + 1))).toBe(false);
    expect(isLightRequest(plate(0, INLINE_LIMITS.bends + 1))).toBe(false);
  });
});

describe('createQuotePricer', () => {
  const pricer = createQuotePricer({ publicUrl, threads: 1 });
  afterAll(() => pricer.close());

  it('gives the same bytes from a worker as on the calling thread', async () => {
    const request = plate(50);
    const heavy = typedRequest(QuoteRequest.parse({ items: Array.from({ length: 3 }, () => ({ ...request.items[0]!, holes: [{ kind: 'grid', center_x_in: 30, center_y_in: 30, columns: 20, rows: 20, x_spacing_in: 2, y_spacing_in: 2, diameter_in: 0.5 }] })) }));
    expect(isLightRequest(heavy)).toBe(false);
    const priced = await pricer.price({ ...heavy, parts: new Map() }, { now, quoteId: 'q_same', pricing });
    const inline = priceQuote(heavy, { catalog, now, quoteId: 'q_same', previewUrl: (id, i) => `${publicUrl}/api/v1/quotes/${id}/items/${i}/preview.svg` });
    expect(priced.json).toBe(JSON.stringify(inline));
    expect(priced.expiresAt).toBe('2026-11-30T12:00:00.000Z');
    expect(pricer.stats().threads).toBe(1);
  });

  it('prices on a worker from the book it is sent: another version moves the figure, and the quote names that version', async () => {
    const request = plate(50);
    const heavy = typedRequest(QuoteRequest.parse({ items: [{ ...request.items[0]!, holes: [{ kind: 'grid', center_x_in: 30, center_y_in: 30, columns: 20, rows: 20, x_spacing_in: 2, y_spacing_in: 2, diameter_in: 0.5 }] }] }));
    const json = JSON.parse(bundledBook().text) as { version: string; shop: { laserCentsPerHour: number } };
    json.version = '2099-01-01.1';
    json.shop.laserCentsPerHour *= 2;
    const dearer = { catalog: createCatalog({ ...catalogOptions, priceBook: loadPriceBook(json) }), book: { version: json.version, text: JSON.stringify(json) }, catalogOptions };
    const [base, moved] = await Promise.all([
      pricer.price({ ...heavy, parts: new Map() }, { now, quoteId: 'q_base', pricing }),
      pricer.price({ ...heavy, parts: new Map() }, { now, quoteId: 'q_base', pricing: dearer }),
    ]);
    const inline = priceQuote(heavy, { catalog: dearer.catalog, now, quoteId: 'q_base', previewUrl: (id, i) => `${publicUrl}/api/v1/quotes/${id}/items/${i}/preview.svg` });
    expect(moved.json).toBe(JSON.stringify(inline));
    expect(JSON.parse(moved.json).price_book).toBe('2099-01-01.1');
    expect(JSON.parse(moved.json).amount_subtotal_cents).toBeGreaterThan(JSON.parse(base.json).amount_subtotal_cents);
  });

  it(`draws and writes a plate past ${INLINE_DRAWING_SIZE} corners on a worker, to the same text as on the calling thread`, async () => {
    const corners = Array.from({ length: 3000 }, (_, k): [number, number] => [20 + 18 * Math.cos((2 * Math.PI * k) / 3000), 20 + 18 * Math.sin((2 * Math.PI * k) / 3000)]);
    const large = { ...(plate(0).items[0] as PlateItem), outline: { kind: 'polygon' as const, points_in: corners } };
    await expect(pricer.drawSvg(large, new Map())).resolves.toBe(renderPlateSvg(large));
    await expect(pricer.writeDxf(large, new Map(), 'q_1 item 0')).resolves.toBe(plateDxf(large, 'q_1 item 0'));
  });

  it('prices one plate at a place in a quote, its other quantities in the same call, as a quote prices it', async () => {
    const item = { ...(plate(50).items[0] as PlateItem), quantity: 12, quantity_options: [40] };
    const priced = await pricer.priceItem(item, new Map(), 3, pricing);
    const inQuote = priceQuote({ items: [item, item, item, item] }, { catalog, now, quoteId: 'q_x', previewUrl: () => 'x' }).items[3]!;
    expect(priced).toEqual({ ...inQuote, plate: { ...inQuote.plate!, preview_url: null } });
    expect(priced.quantity_options.map((option) => option.quantity)).toEqual([40]);
  });
});

describe('createWorkerPool', () => {
  it('refuses work past its queue with a retryable 503 service_busy, and runs the rest', async () => {
    const pool = createWorkerPool<number, number>({ module: 'test-slow-worker', workerData: null, what: 'waiting', threads: 1, maxQueue: 1 });
    try {
      const results = await Promise.allSettled([pool.run(200), pool.run(1), pool.run(1), pool.run(1)]);
      const refused = results.filter((r) => r.status === 'rejected');
      expect(results[0]).toEqual({ status: 'fulfilled', value: 200 });
      expect(refused.length).toBeGreaterThanOrEqual(1);
      for (const r of refused) {
        const error = (r as PromiseRejectedResult).reason as ServiceError;
        expect(error).toBeInstanceOf(ServiceError);
        expect(error).toMatchObject({ code: 'service_busy', status: 503, retryable: true });
      }
    } finally {
      await pool.close();
    }
  });

  it('stops a task that runs past its time and answers 503 service_busy', async () => {
    // The time counts from the task's submission, a new thread's start included: 2 s leaves room for
    // a thread started from the TypeScript sources on a busy machine, and the slow task needs 30.
    const pool = createWorkerPool<number, number>({ module: 'test-slow-worker', workerData: null, what: 'waiting', threads: 1, timeoutMs: 2_000 });
    try {
      await expect(pool.run(30_000)).rejects.toMatchObject({ code: 'service_busy', message: expect.stringMatching(/^Waiting took longer than 2 s and was stopped/) });
      // The stopped thread's place is taken by a new one.
      await expect(pool.run(1)).resolves.toBe(1);
    } finally {
      await pool.close();
    }
  });
});
