import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.join(__dirname, '..');

describe('src/schema.ts', () => {
  it('is what openapi-typescript makes of the current OpenAPI document (run `pnpm --filter @shop/client generate` when this fails)', () => {
    // In a child process: openapi-typescript's dependencies are ESM only, which Node loads and jest does not.
    const fresh = execFileSync(process.execPath, ['--import', 'tsx', '--conditions=@shop/source', 'scripts/generate-schema.ts', '--print'], {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, NODE_OPTIONS: '' },
    });
    const committed = readFileSync(path.join(root, 'src', 'schema.ts'), 'utf8');
    expect(fresh.length).toBeGreaterThan(10_000);
    expect(committed).toBe(fresh);
  }, 30_000);
});
