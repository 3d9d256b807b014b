// The owners' list of lost reasons over HTTP: add, rename, retire, each audited; the state form
// offers the active ones, and a request lost for a reason keeps it once the reason is retired.
import { START, startConsole, type Browser, type ConsoleTestApp } from './console-harness';

describe('lost reasons', () => {
  let app: ConsoleTestApp;
  let owner: Browser;
  let staff: Browser;
  let csrf: string;

  const listed = async () =>
    [...(await owner.get('/settings/lost-reasons')).text.matchAll(/action="\/settings\/lost-reasons\/(\d+)\/rename"[^]*?name="label" value="([^"]*)"[^]*?<td data-label="State">([a-z]+)/g)].map((match) => [match[2], match[3]]);
  const idOf = async (label: string) => {
    const match = new RegExp(`action="/settings/lost-reasons/(\\d+)/rename".*?name="label" value="${label}"`).exec((await owner.get('/settings/lost-reasons')).text);
    return match![1]!;
  };
  const offeredOnStateForm = async () => [...(await staff.get('/inbox/quote/rs_bins1')).text.matchAll(/<option value="\d+">([^<]*)<\/option>/g)].map((match) => match[1]);

  beforeAll(async () => {
    app = await startConsole();
    await app.addPerson('olive@example.com', 'owner');
    await app.addPerson('sam@example.com', 'staff');
    await app.opened.inbox.quotes.insert({
      id: 'rs_bins1',
      rfqLinkId: 'rl_link1',
      createdAt: START,
      idempotencyKey: 'key-1',
      body: JSON.stringify({ object: 'rfq_submission', id: 'rs_bins1', rfq_link_id: 'rl_link1', submitted_at: START.toISOString(), description: 'Grain bin ladder', material: null, thickness_in: null, quantity: 1, name: 'Kim Bins', email: 'kim@bins.example', phone: null, company: null }),
      schemaVersion: 1,
    });
    owner = app.browser();
    staff = app.browser();
    await owner.signIn('olive@example.com');
    await staff.signIn('sam@example.com');
    csrf = await owner.csrf('/settings/lost-reasons');
  });

  afterAll(() => app.close());

  it('starts with price, lead time, went elsewhere, no reply and other; staff get 403', async () => {
    expect(await listed()).toEqual([
      ['Price', 'offered'],
      ['Lead time', 'offered'],
      ['Went elsewhere', 'offered'],
      ['No reply', 'offered'],
      ['Other', 'offered'],
    ]);
    expect((await staff.get('/settings/lost-reasons')).status).toBe(403);
    const staffCsrf = await staff.csrf('/account');
    expect((await staff.post('/settings/lost-reasons', { _csrf: staffCsrf, label: 'Sneaky' })).status).toBe(403);
    expect((await staff.post(`/settings/lost-reasons/${await idOf('Price')}/retire`, { _csrf: staffCsrf })).status).toBe(403);
    expect(await offeredOnStateForm()).toEqual(['Price', 'Lead time', 'Went elsewhere', 'No reply', 'Other']);
  });

  it('adds, renames and retires, refusing an empty or taken name, each change audited', async () => {
    expect((await owner.post('/settings/lost-reasons', { _csrf: csrf, label: '  Material   not available ' })).status).toBe(200);
    expect((await owner.post('/settings/lost-reasons', { _csrf: csrf, label: 'price' })).status).toBe(409);
    expect((await owner.post('/settings/lost-reasons', { _csrf: csrf, label: '   ' })).status).toBe(400);
    expect((await owner.post(`/settings/lost-reasons/${await idOf('Lead time')}/rename`, { _csrf: csrf, label: 'Lead time too long' })).status).toBe(200);
    expect((await owner.post(`/settings/lost-reasons/${await idOf('No reply')}/rename`, { _csrf: csrf, label: 'Other' })).status).toBe(409);
    expect((await owner.post('/settings/lost-reasons/999/retire', { _csrf: csrf })).status).toBe(404);

    // Staff mark the request lost for "Went elsewhere", then the owner retires that reason.
    const went = await idOf('Went elsewhere');
    const staffCsrf = await staff.csrf('/inbox/quote/rs_bins1');
    expect((await staff.post('/inbox/quote/rs_bins1/state', { _csrf: staffCsrf, state: 'lost', reason: went })).status).toBe(303);
    expect((await owner.post(`/settings/lost-reasons/${went}/retire`, { _csrf: csrf })).status).toBe(200);
    expect((await owner.post(`/settings/lost-reasons/${went}/retire`, { _csrf: csrf })).status).toBe(409);

    expect(await listed()).toEqual([
      ['Price', 'offered'],
      ['Lead time too long', 'offered'],
      ['No reply', 'offered'],
      ['Other', 'offered'],
      ['Material not available', 'offered'],
      ['Went elsewhere', 'retired'],
    ]);
    expect(await offeredOnStateForm()).toEqual(['Price', 'Lead time too long', 'No reply', 'Other', 'Material not available']);
    // The retired reason stays on the request lost for it, and can no longer be chosen.
    expect((await staff.get('/inbox/quote/rs_bins1')).text).toContain('state <strong>Lost</strong> (Went elsewhere)');
    expect((await staff.post('/inbox/quote/rs_bins1/state', { _csrf: staffCsrf, state: 'lost', reason: went })).status).toBe(400);

    const entries = (await app.opened.audit.list({ limit: 20 })).entries.filter((entry) => entry.action.startsWith('lost_reason_'));
    expect(entries.map((entry) => [entry.action, entry.subject.replace(/\d+$/, 'N'), entry.detail])).toEqual([
      ['lost_reason_retired', 'lost_reason/N', { label: 'Went elsewhere' }],
      ['lost_reason_renamed', 'lost_reason/N', { from: 'Lead time', to: 'Lead time too long' }],
      ['lost_reason_added', 'lost_reason/N', { label: 'Material not available' }],
    ]);
    expect(entries.every((entry) => entry.staffId !== null)).toBe(true);
  });
});
