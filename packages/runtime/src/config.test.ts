import { readConfig } from './config';

describe('readConfig', () => {
  it('falls back to the embedded defaults', () => {
    expect(readConfig({})).toEqual({
      databaseUrl: 'file:./data/shop.db',
      redisUrl: null,
      port: 3000,
      mcpPort: 3001,
      publicUrl: 'http://localhost:3000',
      shopUrl: 'http://localhost:3000',
      shopName: 'Ontario Steel Shop',
      plateOrdersEnabled: true,
      trustProxy: false,
      logLevel: 'info',
      rateLimitScale: 1,
      purgeIntervalMinutes: 60,
      metricsPort: 9464,
      metricsHost: '127.0.0.1',
      migrationWaitSeconds: 300,
      databasePoolSize: null,
      redisTimeoutMs: 50,
      drawingUploadBytes: 32 * 1024 * 1024,
      supervisorStateFile: null,
      formTokenSecret: null,
      mailTo: null,
    });
  });

  it('reads the forms\' signing key, refusing one under 32 characters', () => {
    expect(readConfig({ FORM_TOKEN_SECRET: 'k'.repeat(32) }).formTokenSecret).toBe('k'.repeat(32));
    expect(() => readConfig({ FORM_TOKEN_SECRET: 'short' })).toThrow(/FORM_TOKEN_SECRET must be at least 32 characters/);
  });

  it('reads the cap of drawing bytes held and the supervisor\'s state file, refusing a cap under one drawing', () => {
    expect(readConfig({ DRAWING_UPLOADS_MIB: '64', SUPERVISOR_STATE_FILE: '/srv/data/supervisor.json' })).toMatchObject({
      drawingUploadBytes: 64 * 1024 * 1024,
      supervisorStateFile: '/srv/data/supervisor.json',
    });
    expect(() => readConfig({ DRAWING_UPLOADS_MIB: '5' })).toThrow(/DRAWING_UPLOADS_MIB/);
    expect(() => readConfig({ DRAWING_UPLOADS_MIB: 'NaN' })).toThrow(/DRAWING_UPLOADS_MIB/);
  });

  it('reads who is mailed about new requests when SMTP_URL is set, and refuses mail settings that cannot work', () => {
    const mail = { SMTP_URL: 'smtp://127.0.0.1:2525', MAIL_FROM: 'Quotes <quotes@shop.example>', SHOP_NOTIFY_EMAIL: 'a@shop.example, b@shop.example' };
    expect(readConfig(mail).mailTo).toBe('a@shop.example,b@shop.example');
    expect(() => readConfig({ ...mail, SHOP_NOTIFY_EMAIL: '' })).toThrow(/Invalid configuration: SHOP_NOTIFY_EMAIL is required/);
    expect(() => readConfig({ ...mail, SMTP_URL: 'http://mail.example' })).toThrow(/SMTP_URL must start with smtp/);
  });

  it('reads the pool size and the Redis timeout, refusing values out of range', () => {
    expect(readConfig({ DATABASE_POOL_SIZE: '3', REDIS_TIMEOUT_MS: '80' })).toMatchObject({ databasePoolSize: 3, redisTimeoutMs: 80 });
    expect(() => readConfig({ DATABASE_POOL_SIZE: '0' })).toThrow(/DATABASE_POOL_SIZE/);
    expect(() => readConfig({ REDIS_TIMEOUT_MS: '2' })).toThrow(/REDIS_TIMEOUT_MS/);
  });

  it('reads every setting and trims trailing slashes from addresses', () => {
    const config = readConfig({
      DATABASE_URL: 'postgresql://root@127.0.0.1:5432/test',
      REDIS_URL: 'redis://127.0.0.1:6379',
      PORT: '8080',
      MCP_PORT: '8081',
      PUBLIC_URL: 'https://quotes.example.test/',
      SHOP_URL: 'https://shop.example.test//',
      PLATE_ORDERS_ENABLED: 'false',
      TRUST_PROXY: '1',
      SHOP_NAME: '  Northshore Fab  ',
      UNRELATED: 'ignored',
    });
    expect(config).toMatchObject({
      databaseUrl: 'postgresql://root@127.0.0.1:5432/test',
      redisUrl: 'redis://127.0.0.1:6379',
      port: 8080,
      mcpPort: 8081,
      publicUrl: 'https://quotes.example.test',
      shopUrl: 'https://shop.example.test',
      plateOrdersEnabled: false,
      trustProxy: 1,
      shopName: 'Northshore Fab',
    });
  });

  it('the public address follows PORT when unset', () => {
    expect(readConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
  });

  it('refuses TRUST_PROXY=true at start, saying why and what to set instead', () => {
    for (const value of ['true', 'TRUE', 'on', '*']) {
      expect(() => readConfig({ TRUST_PROXY: value })).toThrow(
        /^Invalid configuration: TRUST_PROXY may not be "true": trusting every X-Forwarded-For hop would let any client pick its own address and escape the rate limits\. Set the number of proxies in front of the service \(e\.g\. 1\)/,
      );
    }
  });

  it('serves metrics on 127.0.0.1:9464 unless told otherwise', () => {
    expect(readConfig({})).toMatchObject({ metricsPort: 9464, metricsHost: '127.0.0.1' });
    expect(readConfig({ METRICS_PORT: '0', METRICS_HOST: '0.0.0.0' })).toMatchObject({ metricsPort: 0, metricsHost: '0.0.0.0' });
  });

  it('keeps a subnet list for TRUST_PROXY and treats off as false', () => {
    expect(readConfig({ TRUST_PROXY: 'loopback, 10.0.0.0/8' }).trustProxy).toBe('loopback, 10.0.0.0/8');
    expect(readConfig({ TRUST_PROXY: 'off' }).trustProxy).toBe(false);
  });

  it('refuses a bad value with a message naming the setting', () => {
    expect(() => readConfig({ PORT: 'eighty' })).toThrow('Invalid configuration: PORT must be a number.');
    expect(() => readConfig({ PUBLIC_URL: 'ftp://x' })).toThrow(/PUBLIC_URL/);
    expect(() => readConfig({ PLATE_ORDERS_ENABLED: 'maybe' })).toThrow(/PLATE_ORDERS_ENABLED/);
  });
});
