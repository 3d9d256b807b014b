import { readConsoleConfig } from './config';

it('listens on 127.0.0.1:3002 with links on http://localhost:3002 when nothing is set', () => {
  expect(readConsoleConfig({})).toMatchObject({ port: 3002, host: '127.0.0.1', consoleUrl: 'http://localhost:3002', databaseUrl: 'file:./data/shop.db' });
});

it('takes CONSOLE_PORT, CONSOLE_HOST and CONSOLE_URL (without its trailing slash)', () => {
  const config = readConsoleConfig({ CONSOLE_PORT: '4003', CONSOLE_HOST: '0.0.0.0', CONSOLE_URL: 'https://console.shop.example/' });
  expect(config).toMatchObject({ port: 4003, host: '0.0.0.0', consoleUrl: 'https://console.shop.example' });
});

it('refuses a CONSOLE_URL that is not an http(s) address, naming it', () => {
  expect(() => readConsoleConfig({ CONSOLE_URL: 'ftp://console.shop.example' })).toThrow(/^Invalid configuration: .*CONSOLE_URL/);
  expect(() => readConsoleConfig({ CONSOLE_PORT: '70000' })).toThrow(/CONSOLE_PORT/);
});

it('keeps contact details 730 days after a request settles unless RFQ_RETENTION_DAYS says otherwise', () => {
  expect(readConsoleConfig({}).retentionDays).toBe(730);
  expect(readConsoleConfig({ RFQ_RETENTION_DAYS: '90' }).retentionDays).toBe(90);
});

it('refuses an RFQ_RETENTION_DAYS that is not a whole number of days from 1 to 36500, naming it', () => {
  for (const value of ['0', '-5', '1.5', 'two years', '36501']) expect(() => readConsoleConfig({ RFQ_RETENTION_DAYS: value })).toThrow(/^Invalid configuration: .*RFQ_RETENTION_DAYS/);
});
