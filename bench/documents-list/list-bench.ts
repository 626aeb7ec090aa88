import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { users } from '../../apps/server/src/modules/auth/schema';
import { companyUsers } from '../../apps/server/src/modules/company/schema';
import { createWorkspace } from '../../apps/server/src/modules/company/service';
import type { Platform } from '../../apps/server/src/platform/platform';
import {
  CALLS_PER_ROUND,
  measureCases,
  settleDatabase,
  requestJson,
  startBenchApp,
} from '../support/api-bench';

/*
 * `GET /api/all-documents/{status}` on 100,000 documents of one company (issue 6 benchmark). The
 * API runs in this process on its own database: PGlite, or with BENCH_PG_ADMIN_URL a fresh PostgreSQL
 * database made (and dropped) through that admin connection;
 * the documents and their 3 recipients each are written with a few `insert ... select` over
 * `generate_series`. 20 clients call the list over HTTP at once, each waiting for its answer
 * before the next call; the baseline is the same SQL, every statement the request ran (captured
 * at the database driver during a warm-up request: the session check, the page, its count, the
 * rows' recipients and senders), replayed straight on the database by 20 concurrent loops
 * (`compare` of bench/support/api-bench.ts). Both report the 95th percentile of the request time;
 * the target is < 50 ms and <= 2x the baseline.
 */

const DOCUMENTS = Number(process.env.BENCH_DOCUMENTS ?? 100_000);
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? CALLS_PER_ROUND);
const LIMIT = 10;
const SEARCH = 'acme';
const TARGET_MS = 50;
const TARGET_RATIO = 2;

async function seed(platform: Platform): Promise<{ companyId: string; ownerId: string }> {
  const db = platform.database.db;
  const raw = platform.database.raw;
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
      name: `Bench Lists ${randomUUID().slice(0, 6)}`,
      planType: 'BUSINESS',
      ownerId: owner!.id,
    }),
  );
  const senders = await db
    .insert(users)
    .values(
      Array.from({ length: 9 }, (_, i) => ({
        email: `sender${i}-${randomUUID().slice(0, 6)}@bench.test`,
        firstName: 'Sender',
        lastName: `${i + 1}`,
        passwordHash: 'x',
      })),
    )
    .returning({ id: users.id });
  await db
    .insert(companyUsers)
    .values(senders.map((s) => ({ companyId, userId: s.id, userType: 'MEMBER' as const })));
  const senderIds = [owner!.id, ...senders.map((s) => s.id)];
  const started = performance.now();
  // Statuses by g % 20: 8 COMPLETED, 5 WAITING, 2 DRAFT, then one each of DECLINED, REJECTED,
  // VOIDED, EXPIRED and an archived COMPLETED. One document every 5 minutes from 2025-01-01.
  await raw(
    `insert into employee_documents (company_id, name, status, file, pages, settings, sender_id, sent_at,
       expires_at, completed_at, archived_at, created_at, updated_at)
     select $1, (array['Lease','Sale deed','NDA','Employment contract','Invoice','Purchase order','Offer letter',
         'Loan agreement','Consent form','Service agreement'])[1 + g % 10] || ' ' || g,
       s.status, '{"file_ref_id":"bench","name":"bench.pdf","original_name":"bench.pdf","mime_type":"application/pdf","size":1,"page_count":1,"pages":[{"width":612,"height":792}],"sha256":"${'a'.repeat(64)}"}'::jsonb,
       '[{"width":612,"height":792}]'::jsonb, '{"signing_order":false}'::jsonb,
       ($2::uuid[])[1 + g % 10],
       case when s.status = 'DRAFT' then null else s.ts end,
       case when s.status = 'DRAFT' then null else s.ts + interval '30 days' end,
       case when s.status = 'COMPLETED' then s.ts + interval '2 days' end,
       case when g % 20 = 19 then s.ts + interval '40 days' end,
       s.ts, s.ts + (g % 7) * interval '1 hour'
     from generate_series(1, $3::int) g,
       lateral (select (array['COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED','COMPLETED',
           'COMPLETED','WAITING','WAITING','WAITING','WAITING','WAITING','DRAFT','DRAFT','DECLINED','REJECTED',
           'VOIDED','EXPIRED','COMPLETED'])[1 + g % 20] as status,
         timestamptz '2025-01-01' + g * interval '5 minutes' as ts) s`,
    [companyId, `{${senderIds.join(',')}}`, DOCUMENTS],
  );
  // 3 recipients per sent document: names and emails from small lists (5 email domains).
  await raw(
    `insert into document_users (company_id, employee_document_id, key, type, user_type, email, first_name,
       last_name, signing_order, status, sent_at, finished_at, created_at)
     select d.company_id, d.id, 'r' || k, 'RECEIVER', case when k = 3 then 'APPROVER' else 'SIGNER' end,
       lower(f.first) || '.' || n.num || '@' || (array['acme.com','globex.com','initech.io','umbrella.org','hooli.com'])[1 + d.rn % 5],
       f.first, 'Person ' || n.num, k,
       case when d.status = 'COMPLETED' then 'SIGNED' when d.status = 'WAITING' and k = 1 then 'SIGNED'
            when d.status = 'DECLINED' and k = 1 then 'DECLINED' when d.status = 'REJECTED' and k = 3 then 'REJECTED'
            else 'SENT' end,
       d.sent_at, case when d.status = 'COMPLETED' then d.completed_at end, d.created_at + k * interval '1 millisecond'
     from (select ed.*, row_number() over (order by ed.created_at) as rn from employee_documents ed
           where ed.company_id = $1 and ed.status <> 'DRAFT') d
       cross join generate_series(1, 3) k
       cross join lateral (select (array['Alice','Bob','Carol','Dave','Eve','Frank','Grace','Heidi','Ivan','Judy'])[1 + (d.rn + k) % 10] as first) f
       cross join lateral (select (d.rn * 7 + k * 13) % 20000 as num) n`,
    [companyId],
  );
  await settleDatabase(platform.database, ['employee_documents', 'document_users']);
  const [counts] = (
    await raw(
      `select (select count(*)::int from employee_documents where company_id = $1) as docs,
              (select count(*)::int from document_users where company_id = $1) as recipients`,
      [companyId],
    )
  ).rows as { docs: number; recipients: number }[];
  console.log(
    `seeded ${counts!.docs.toLocaleString('en')} documents and ${counts!.recipients.toLocaleString('en')} recipients ` +
      `in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  return { companyId, ownerId: owner!.id };
}

async function main(): Promise<void> {
  const bench = await startBenchApp('lists');
  const { platform } = bench;
  try {
    const { companyId, ownerId } = await seed(platform);
    const { base, headers } = await bench.serve(ownerId, companyId);
    console.log(
      `database: ${platform.database.kind}; ${CLIENTS} concurrent clients, ${REQUESTS} calls per case, ` +
        `limit ${LIMIT}; load average at the start ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
    );

    const cases = [
      { label: 'completed, page 1', query: `page=1&limit=${LIMIT}` },
      { label: 'completed, page 500', query: `page=500&limit=${LIMIT}` },
      { label: `completed, page 1, search "${SEARCH}"`, query: `page=1&limit=${LIMIT}&search=${SEARCH}` },
      { label: `completed, page 500, search "${SEARCH}"`, query: `page=500&limit=${LIMIT}&search=${SEARCH}` },
    ];
    const met = await measureCases(
      bench,
      CLIENTS,
      REQUESTS,
      cases.map((c) => {
        const url = `${base}/api/all-documents/completed?${c.query}`;
        return {
          label: c.label,
          call: async () => {
            const res = await requestJson('GET', url, headers);
            const body = res.json as { data: { data: unknown[]; total: number } };
            if (res.status !== 200) throw new Error(`${url}: ${res.status} ${JSON.stringify(body)}`);
            const rows = body.data.data.length;
            if (rows !== LIMIT) throw new Error(`${c.label}: ${rows} rows instead of ${LIMIT}`);
          },
        };
      }),
      { ms: TARGET_MS, ratio: TARGET_RATIO },
    );
    console.log(`documents-list: ${met ? 'every target met' : 'some targets NOT met'}`);
  } finally {
    await bench.close();
  }
}

await main();
