// `pnpm start`'s one line for a person (scripts/ready-line.js): the addresses to open worked out from
// the apps' own variables, written once, only after every app takes connections on its port.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

const { announceWhenReady, appAddresses } = require('../ready-line.js') as {
  announceWhenReady: (env: Record<string, string>, write: (line: string) => void, intervalMs?: number) => () => void;
  appAddresses: (env: Record<string, string>) => { urls: Record<string, string>; ports: { host: string; port: number }[] };
};

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

async function listen(port: number): Promise<net.Server> {
  const server = net.createServer((socket) => socket.end());
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return server;
}

describe('the ready line of pnpm start', () => {
  it('names the REST app, the upload page, the MCP endpoint and the console at their defaults', () => {
    expect(appAddresses({}).urls).toEqual({
      rest: 'http://localhost:3000',
      upload: 'http://localhost:3000/plate/new',
      mcp: 'http://localhost:3001/mcp',
      console: 'http://localhost:3002',
    });
  });

  it('follows moved ports, PUBLIC_URL, CONSOLE_URL and a console on another address, as the apps do', () => {
    expect(appAddresses({ PORT: '4000', MCP_PORT: '4001', CONSOLE_PORT: '4003' }).urls).toEqual({
      rest: 'http://localhost:4000',
      upload: 'http://localhost:4000/plate/new',
      mcp: 'http://localhost:4001/mcp',
      console: 'http://localhost:4003',
    });
    expect(appAddresses({ PUBLIC_URL: 'https://quotes.shop.example/', CONSOLE_URL: 'https://console.shop.example' }).urls).toMatchObject({
      rest: 'https://quotes.shop.example',
      upload: 'https://quotes.shop.example/plate/new',
      console: 'https://console.shop.example',
    });
    expect(appAddresses({ CONSOLE_HOST: '10.0.0.7' }).urls.console).toBe('http://10.0.0.7:3002');
    expect(appAddresses({ CONSOLE_HOST: '0.0.0.0', CONSOLE_PORT: '5002' }).ports[2]).toEqual({ host: '127.0.0.1', port: 5002 });
  });

  it('writes one plain line, not JSON, once all three ports take connections, and not before', async () => {
    const [rest, mcp, consolePort] = [await freePort(), await freePort(), await freePort()];
    const lines: string[] = [];
    let wrote!: () => void;
    const written = new Promise<void>((resolve) => (wrote = resolve));
    const cancel = announceWhenReady({ PORT: String(rest), MCP_PORT: String(mcp), CONSOLE_PORT: String(consolePort) }, (line) => {
      lines.push(line);
      wrote();
    }, 20);
    const servers = [await listen(rest), await listen(mcp)];
    // Two of three listening: a check that found them has run, and nothing is written yet.
    await new Promise<void>((resolve) => {
      const probe = net.connect({ host: '127.0.0.1', port: mcp }, () => {
        probe.destroy();
        resolve();
      });
    });
    expect(lines).toEqual([]);
    servers.push(await listen(consolePort));
    await written;
    cancel();
    for (const server of servers) server.close();
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(() => JSON.parse(line)).toThrow();
    for (const url of [`http://localhost:${rest}`, `http://localhost:${rest}/plate/new`, `http://localhost:${mcp}/mcp`, `http://localhost:${consolePort}`]) expect(line).toContain(url);
  });
});
