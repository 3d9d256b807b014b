// The layers of ARCHITECTURE.md, checked by `pnpm lint` (dependency-cruiser). Each workspace member
// may import only the members listed beside it: the arrows of the picture, pointing down. Tests may
// reach further (a REST test opens storage to age a row), so the rules hold for sources only.
const layers = {
  contracts: [],
  geometry: ['contracts'],
  drawings: [],
  catalog: ['contracts', 'geometry'],
  pricing: ['contracts', 'geometry', 'catalog'],
  storage: ['contracts'],
  notify: ['contracts'],
  openapi: ['contracts'],
  service: ['contracts', 'geometry', 'drawings', 'catalog', 'pricing', 'storage', 'notify'],
  runtime: ['contracts', 'service', 'storage', 'notify'],
  client: [],
  rest: ['contracts', 'openapi', 'runtime', 'service'],
  mcp: ['contracts', 'runtime', 'service'],
  console: ['contracts', 'runtime', 'service', 'storage', 'notify'],
};
const home = { rest: 'apps/rest', mcp: 'apps/mcp', console: 'apps/console' };
const dir = (name) => home[name] ?? `packages/${name}`;
const escape = (text) => text.replace(/[/.]/g, '\\$&');
const sources = (name) => `^${escape(dir(name))}/src/`;
const notTests = '(\\.test\\.ts$|/test/|/generated/)';

module.exports = {
  forbidden: [
    ...Object.entries(layers).map(([name, allowed]) => ({
      name: `layer-${name}`,
      comment: `${dir(name)} may import ${allowed.length ? allowed.map((a) => `@shop/${a}`).join(', ') : 'no other workspace member'} (ARCHITECTURE.md).`,
      severity: 'error',
      from: { path: sources(name), pathNot: notTests },
      to: { path: '^(packages|apps)/', pathNot: `^(${[name, ...allowed].map((a) => escape(dir(a))).join('|')})/` },
    })),
    {
      name: 'no-circular',
      comment: 'A module cycle makes the load order matter; split the shared part out.',
      severity: 'error',
      from: { pathNot: notTests },
      to: { circular: true },
    },
    {
      name: 'no-deep-imports',
      comment: 'Import a workspace member by its name (@shop/x), never by a path into its files.',
      severity: 'error',
      from: { path: '^((packages|apps)/[^/]+)/src/', pathNot: notTests },
      to: { path: '^(packages|apps)/[^/]+/', pathNot: '^$1/|^(packages|apps)/[^/]+/src/index\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@shop/source', 'import', 'require', 'node', 'default'],
      mainFields: ['main', 'types'],
      extensions: ['.ts', '.js', '.json'],
    },
  },
};
