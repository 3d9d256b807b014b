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
    });
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
