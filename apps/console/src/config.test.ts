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

it('reads the mail settings and the WEBHOOK_URL endpoint, refusing what cannot work', () => {
  const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
  expect(readConsoleConfig({})).toMatchObject({ mail: null, webhook: null });
  const config = readConsoleConfig({
    SMTP_URL: 'smtps://user:pw@mail.shop.example:465',
    MAIL_FROM: 'quotes@shop.example',
    SHOP_NOTIFY_EMAIL: 'a@shop.example,b@shop.example',
    CONSOLE_URL: 'https://console.shop.example',
    WEBHOOK_URL: 'https://erp.shop.example/hooks',
    WEBHOOK_SECRET: secret,
  });
  expect(config.mail).toEqual({ smtpUrl: 'smtps://user:pw@mail.shop.example:465', from: 'quotes@shop.example', to: ['a@shop.example', 'b@shop.example'], consoleUrl: 'https://console.shop.example', digestAfter: 30 });
  expect(config.webhook).toEqual({ url: 'https://erp.shop.example/hooks', secret });
  expect(() => readConsoleConfig({ WEBHOOK_URL: 'https://erp.shop.example/hooks' })).toThrow(/WEBHOOK_URL and WEBHOOK_SECRET go together/);
  expect(() => readConsoleConfig({ WEBHOOK_ALLOW_HOSTS: 'erp.lan,http://10.0.0.5' })).toThrow('Invalid configuration: WEBHOOK_ALLOW_HOSTS: http://10.0.0.5 is not a host');
  expect(() => readConsoleConfig({ WEBHOOK_ALLOW_HOSTS: 'erp.lan, 10.0.0.5:8080' })).not.toThrow();
  expect(() => readConsoleConfig({ WEBHOOK_URL: 'ftp://erp.shop.example/hooks', WEBHOOK_SECRET: secret })).toThrow(/WEBHOOK_URL/);
  expect(() => readConsoleConfig({ WEBHOOK_URL: 'https://erp.shop.example/hooks', WEBHOOK_SECRET: 'secret' })).toThrow(/WEBHOOK_SECRET/);
  expect(() => readConsoleConfig({ SMTP_URL: 'smtp://mail.shop.example', MAIL_FROM: 'quotes@shop.example' })).toThrow(/SHOP_NOTIFY_EMAIL/);
});

it('keeps contact details 730 days after a request settles unless RFQ_RETENTION_DAYS says otherwise', () => {
  expect(readConsoleConfig({}).retentionDays).toBe(730);
  expect(readConsoleConfig({ RFQ_RETENTION_DAYS: '90' }).retentionDays).toBe(90);
});

it('refuses an RFQ_RETENTION_DAYS that is not a whole number of days from 1 to 36500, naming it', () => {
  for (const value of ['0', '-5', '1.5', 'two years', '36501']) expect(() => readConsoleConfig({ RFQ_RETENTION_DAYS: value })).toThrow(/^Invalid configuration: .*RFQ_RETENTION_DAYS/);
});
