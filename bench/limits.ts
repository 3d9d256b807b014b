// Rate-limit counts per second through createRateLimits: one POST /quotes's worth each (the pricing
// scope, minute and day windows), over 1,000 addresses, serial and 16 at a time, on each store: the
// database store over Kysely on a SQLite file (WAL, busy_timeout 10 ms, as the storage opens it)
// and on PostgreSQL, the same store over the Kysely openStorage hands out (`storage.db`, as the apps
// count), and Redis.
// Rounds alternate between the stores; the median round is reported. Run on its own:
//   node --import tsx --conditions=@shop/source bench/limits.ts [--counts=20000] [--rounds=3]
//     [--postgres=postgresql://...] [--redis=redis://...]
import os from 'node:os';
import { openStorage } from '@shop/storage';
import type { Storage } from '@shop/storage';
import { createRateLimits } from '../packages/service/src/limits/rate-limits';
import type { RateLimits } from '../packages/service/src/limits/rate-limits';
import { createPostgresLimitDatabase, createSqliteLimitDatabase } from '../packages/service/src/limits/test-databases';
import type { TestLimitDatabase } from '../packages/service/src/limits/test-databases';
import { makeTempDir } from './harness';

const CONCURRENCY = 16;
const ADDRESSES = 1_000;
// High enough that nothing is refused: every count is a write.
const SCALE = 1_000_000;

export interface LimitsRow {
  store: string;
  serialPerSecond: number;
  concurrentPerSecond: number;
}

async function rate(limits: RateLimits, count: number, concurrency: number, round: number): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        await limits.consume('pricing', `10.${round}.${Math.floor((index % ADDRESSES) / 250)}.${index % 250}`);
      }
    }),
  );
  return count / ((performance.now() - started) / 1000);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

interface Subject {
  store: string;
  limits: RateLimits;
  close(): Promise<void>;
}

export async function runLimitsBench(counts: number, rounds: number, postgresUrl: string | null, redisUrl: string | null): Promise<LimitsRow[]> {
  const subjects: Subject[] = [];
  const onDatabase = (store: string, database: TestLimitDatabase): Subject => ({
    store,
    limits: createRateLimits({ storage: database.storage, redisUrl: null, scale: SCALE }),
    close: () => database.close(),
  });
  subjects.push(onDatabase('database store, SQLite', createSqliteLimitDatabase()));
  const temp = makeTempDir('shop-bench-limits-');
  const storage: Storage = await openStorage({ databaseUrl: 'file:./shop.db', rootDir: temp.dir });
  subjects.push({
    store: 'database store over storage.db, SQLite',
    limits: createRateLimits({ storage, redisUrl: null, scale: SCALE }),
    close: async () => {
      await storage.close();
      temp.remove();
    },
  });
  if (postgresUrl) subjects.push(onDatabase('database store, PostgreSQL', await createPostgresLimitDatabase(postgresUrl)));
  if (redisUrl) {
    // With Redis set the database is not asked.
    const unasked = createSqliteLimitDatabase();
    const limits = createRateLimits({ storage: unasked.storage, redisUrl, scale: SCALE, prefix: `bench-${process.pid}` });
    await limits.ready();
    subjects.push({
      store: 'Redis',
      limits,
      close: async () => {
        await limits.close();
        await unasked.close();
      },
    });
  }
  try {
    for (const { limits } of subjects) await rate(limits, 200, 1, 99); // warm-up: prepare statements, connect
    const serial = subjects.map((): number[] => []);
    const concurrent = subjects.map((): number[] => []);
    for (let round = 0; round < rounds; round += 1) {
      for (const [index, { limits }] of subjects.entries()) {
        serial[index]!.push(await rate(limits, counts, 1, round * 2));
        concurrent[index]!.push(await rate(limits, counts, CONCURRENCY, round * 2 + 1));
      }
    }
    return subjects.map(({ store }, index) => ({ store, serialPerSecond: median(serial[index]!), concurrentPerSecond: median(concurrent[index]!) }));
  } finally {
    for (const subject of subjects) await subject.close();
  }
}

function readArg(name: string): string | undefined {
  return process.argv.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

if (require.main === module) {
  const counts = Number(readArg('counts') ?? 20_000);
  const rounds = Number(readArg('rounds') ?? 3);
  void runLimitsBench(counts, rounds, readArg('postgres') || null, readArg('redis') || null).then((rows) => {
    console.log(`${os.cpus().length} cores, node ${process.version}, ${counts} counts a round, median of ${rounds} rounds`);
    for (const row of rows) console.log(`${row.store.padEnd(40)} ${Math.round(row.serialPerSecond).toString().padStart(7)}/s serial  ${Math.round(row.concurrentPerSecond).toString().padStart(7)}/s x${CONCURRENCY}`);
  });
}
