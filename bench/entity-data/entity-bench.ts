import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { users } from '../../apps/server/src/modules/auth/schema';
import { createWorkspace } from '../../apps/server/src/modules/company/service';
import {
  CALLS_PER_ROUND,
  measureCases,
  settleDatabase,
  requestJson,
  startBenchApp,
} from '../support/api-bench';

/*
 * Issue 7 benchmark: one entity with 10 fields, BENCH_RECORDS (1,000,000) records added through
 * the bulk API in batches of 1,000 (4 calls in flight), then three grid queries at 20 concurrent
 * clients, each against its own SQL replayed (bench/support/api-bench.ts).
 */

const RECORDS = Number(process.env.BENCH_RECORDS ?? 1_000_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? CALLS_PER_ROUND);
const BATCH = 1000;
const IN_FLIGHT = 4;
const LIMIT = 20;
const TARGET_MS = 100;
const TARGET_RATIO = 2;
const TARGET_INSERT_RATE = 5000;

const STATUSES = ['Available', 'Sold', 'Rented', 'Under offer', 'Withdrawn'];
const CITIES = [
  'Mumbai',
  'Pune',
  'Bengaluru',
  'Chennai',
  'Hyderabad',
  'Delhi',
  'Kolkata',
  'Goa',
  'Jaipur',
  'Kochi',
];

const FIELDS = [
  { key: 'title', label: 'Title', type: 'SINGLE_LINE_TEXT', required: true },
  { key: 'price', label: 'Price', type: 'CURRENCY' },
  { key: 'area', label: 'Area', type: 'NUMBER' },
  { key: 'status', label: 'Status', type: 'SELECT', options: STATUSES.map((value) => ({ value })) },
  { key: 'city', label: 'City', type: 'SELECT', options: CITIES.map((value) => ({ value })) },
  { key: 'bedrooms', label: 'Bedrooms', type: 'NUMBER', decimals: 0 },
  { key: 'listed_on', label: 'Listed on', type: 'DATE' },
  { key: 'furnished', label: 'Furnished', type: 'YES_OR_NO' },
  { key: 'agent', label: 'Agent', type: 'SINGLE_LINE_TEXT' },
  { key: 'email', label: 'Owner email', type: 'EMAIL' },
];

function recordValues(n: number) {
  const day = String(1 + (n % 28)).padStart(2, '0');
  const month = String(1 + (n % 12)).padStart(2, '0');
  return {
    title: `Property ${n}`,
    price: 1_000_000 + ((n * 7919) % 90_000_000),
    area: 300 + ((n * 31) % 4700),
    status: STATUSES[n % STATUSES.length],
    city: CITIES[Math.floor(n / STATUSES.length) % CITIES.length],
    bedrooms: 1 + (n % 5),
    listed_on: `2025-${month}-${day}`,
    furnished: n % 3 === 0,
    agent: `Agent ${n % 50}`,
    email: `owner${n}@example.com`,
  };
}

async function main(): Promise<void> {
  const bench = await startBenchApp('entities');
  try {
    const db = bench.platform.database.db;
    const [owner] = await db
      .insert(users)
      .values({
        email: `owner-${randomUUID()}@bench.test`,
        firstName: 'Olive',
        lastName: 'Owner',
        passwordHash: 'x',
      })
      .returning({ id: users.id });
    const { companyId } = await db.transaction((tx) =>
      createWorkspace(tx, {
        name: `Bench Entities ${randomUUID().slice(0, 6)}`,
        planType: 'BUSINESS',
        ownerId: owner!.id,
      }),
    );
    const { base, headers } = await bench.serve(owner!.id, companyId);
    const post = async (url: string, body: unknown) => {
      const res = await requestJson('POST', `${base}/api${url}`, headers, body);
      const json = res.json as { data: Record<string, unknown> };
      if (res.status < 200 || res.status > 299) {
        throw new Error(`${url}: ${res.status} ${JSON.stringify(json).slice(0, 400)}`);
      }
      return json.data;
    };
    const entity = await post('/entities/create', { name: 'Property', fields: FIELDS });
    const entityId = entity._id as string;
    const tid = entity.primary_template_id as string;

    const started = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: IN_FLIGHT }, async () => {
        while (next < RECORDS) {
          const from = next;
          next += BATCH;
          const records = Array.from({ length: Math.min(BATCH, RECORDS - from) }, (_, i) => ({
            [tid]: recordValues(from + i),
          }));
          await post('/entities-datas', { entity_id: entityId, records });
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const rate = RECORDS / seconds;
    console.log(
      `bulk API: ${RECORDS.toLocaleString('en')} records in ${seconds.toFixed(1)} s = ${Math.round(rate).toLocaleString('en')} records/s ` +
        `(target >= ${TARGET_INSERT_RATE.toLocaleString('en')}: ${rate >= TARGET_INSERT_RATE ? 'met' : 'NOT met'})`,
    );
    await settleDatabase(bench.platform.database, ['entity_data', 'entity_data_changes']);
    console.log(
      `database: ${bench.platform.database.kind}; ${CLIENTS} concurrent clients, ${REQUESTS} calls per case, limit ${LIMIT}; ` +
        `load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
    );

    const cases = [
      { label: '(a) page 1', body: { page: 1 } },
      {
        label: '(b) status + city filter, sort by price',
        body: {
          page: 1,
          filters: {
            match: 'ALL',
            rules: [
              { field: `${tid}#status`, operator: 'EQUALS', value: 'Available' },
              { field: `${tid}#city`, operator: 'EQUALS', value: 'Pune' },
            ],
          },
          sort: [{ field: `${tid}#price`, direction: 'desc' }],
        },
      },
      { label: '(c) page 2,000', body: { page: 2000 } },
    ];
    const met =
      (await measureCases(
        bench,
        CLIENTS,
        REQUESTS,
        cases.map((c) => {
          const body = { entity_id: entityId, limit: LIMIT, ...c.body };
          return {
            label: c.label,
            call: async () => {
              const data = await post('/entities-data/entity/data', body);
              if ((data.data as unknown[]).length !== LIMIT) throw new Error(`${c.label}: not a full page`);
            },
          };
        }),
        { ms: TARGET_MS, ratio: TARGET_RATIO },
      )) && rate >= TARGET_INSERT_RATE;
    console.log(`entity-data: ${met ? 'every target met' : 'some targets NOT met'}`);
  } finally {
    await bench.close();
  }
}

await main();
