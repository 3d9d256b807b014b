import { EVENT_TYPES, NotificationEvent, handoffCreated, orderRequestCreated, priceBookPublished, rfqSubmissionCreated } from './events';

const at = new Date('2026-11-27T16:45:00.000Z');

describe('event bodies', () => {
  it('carry type, timestamp and data, and parse back as they are', () => {
    const events = [
      rfqSubmissionCreated(
        { id: 'rs_1', rfq_link_id: 'rl_1', description: 'Repair a trailer tongue', material: null, thickness_in: null, quantity: 1, name: 'Ari', email: 'ari@example.org', phone: '905-555-0100', company: 'Ari Farms' },
        at,
      ),
      orderRequestCreated(
        {
          id: 'or_1',
          handoff_id: 'h_1',
          items: [{ quote_id: 'q_1', index: 0, description: 'Plate', quantity: 2, unit_amount_cents: 5000, amount_cents: 10000 }],
          amount_subtotal_cents: 10000,
          fulfilment: 'delivery',
          name: 'Bo',
          email: 'bo@example.org',
          address: { line1: '1 Main St' },
          note: 'Call me at 905-555-0101',
        },
        at,
      ),
      handoffCreated(
        { object: 'handoff', id: 'h_1', url: 'https://quote.shop.example/o/secret-token', expires_at: '2026-12-04T16:45:00.000Z', items: [{ quote_id: 'q_1', index: 0, description: 'Plate', action: 'open_plate_quoter', label: 'A' }] },
        at,
      ),
      priceBookPublished('2026-11-27.2', new Date('2026-11-28T05:00:00.000Z'), at),
    ];
    expect(events.map((event) => event.type).sort()).toEqual([...EVENT_TYPES].sort());
    for (const event of events) {
      expect(event.timestamp).toBe('2026-11-27T16:45:00.000Z');
      expect(NotificationEvent.parse(JSON.parse(JSON.stringify(event)))).toEqual(event);
    }
    const written = JSON.stringify(events);
    for (const personal of ['ari@example.org', '555-0100', 'Ari Farms', 'bo@example.org', '1 Main St', '555-0101', 'secret-token']) {
      expect(written).not.toContain(personal);
    }
    expect(events[0]?.data).toEqual({ id: 'rs_1', rfq_link_id: 'rl_1', description: 'Repair a trailer tongue', material: null, thickness_in: null, quantity: 1, name: 'Ari' });
    expect(events[3]?.data).toEqual({ version: '2026-11-27.2', in_force_from: '2026-11-28T05:00:00.000Z' });
  });

  it('refuse a key the event does not have, such as an e-mail address', () => {
    const event = priceBookPublished('v1', at, at);
    const result = NotificationEvent.safeParse({ ...event, data: { ...event.data, email: 'x@example.org' } });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]).toMatchObject({ code: 'unrecognized_keys', keys: ['email'], path: ['data'] });
  });

  it('refuse an unknown type and money that is not whole cents', () => {
    expect(NotificationEvent.safeParse({ type: 'quote.created', timestamp: at.toISOString(), data: {} }).success).toBe(false);
    const order = orderRequestCreated(
      { id: 'or_2', handoff_id: 'h_2', items: [{ quote_id: 'q', index: 0, description: 'Plate', quantity: 1, unit_amount_cents: 100, amount_cents: 100 }], amount_subtotal_cents: 100, fulfilment: 'pickup', name: 'C' },
      at,
    );
    expect(NotificationEvent.safeParse(order).success).toBe(true);
    expect(NotificationEvent.safeParse({ ...order, data: { ...order.data, amount_subtotal_cents: 100.5 } }).success).toBe(false);
  });
});
