import path from 'node:path';

export type DatabaseTarget =
  | { provider: 'sqlite'; filePath: string }
  | { provider: 'postgresql'; connectionString: string; schema: string; poolSize: number | null };

// `file:./data/shop.db` resolves against rootDir so every process opens the same file whatever its
// working directory; `postgresql://...?schema=name` selects a schema (default `public`) and
// `connection_limit=N` the size of the process's connection pool (Prisma's name for it).
export function parseDatabaseUrl(databaseUrl: string, rootDir: string): DatabaseTarget {
  if (databaseUrl.startsWith('file:')) {
    const location = decodeURIComponent(databaseUrl.slice('file:'.length).split('?')[0] ?? '');
    const filePath = location.startsWith('//') ? location.slice(2) : location;
    if (filePath === '' || filePath === ':memory:') {
      throw new Error(`DATABASE_URL must name a file, got "${databaseUrl}"`);
    }
    return { provider: 'sqlite', filePath: path.resolve(rootDir, filePath) };
  }
  if (databaseUrl.startsWith('postgresql://') || databaseUrl.startsWith('postgres://')) {
    const url = new URL(databaseUrl);
    const schema = url.searchParams.get('schema') ?? 'public';
    url.searchParams.delete('schema');
    const limit = url.searchParams.get('connection_limit');
    url.searchParams.delete('connection_limit');
    if (limit !== null && !/^[1-9]\d{0,3}$/.test(limit)) {
      throw new Error(`DATABASE_URL connection_limit must be a whole number from 1 to 9999, got "${limit}"`);
    }
    if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(schema)) {
      throw new Error(`DATABASE_URL schema must be a plain identifier, got "${schema}"`);
    }
    return { provider: 'postgresql', connectionString: url.toString(), schema, poolSize: limit === null ? null : Number(limit) };
  }
  throw new Error('DATABASE_URL must start with file: (SQLite) or postgresql:// (PostgreSQL)');
}
