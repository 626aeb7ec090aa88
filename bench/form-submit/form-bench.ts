import { randomUUID } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { users } from '../../apps/server/src/modules/auth/schema';
import { createWorkspace } from '../../apps/server/src/modules/company/service';
import { createGuestSession } from '../../apps/server/src/modules/form-builders';
import { load, percentile, requestJson, settleDatabase, startBenchApp } from '../support/api-bench';

/*
 * Forms benchmark: a verified guest (a GUEST session, as after the mailed code) fills a form of
 * three template steps with 20 fields in all and submits it: three step saves (each complete, so
 * each is checked by the shared validator) and the submit, four calls. BENCH_CLIENTS (20) guests
 * do that at once, BENCH_SUBMISSIONS (2,000) times in all. The baseline is the same submission
 * written straight through SQL in one transaction (the submission with its values, three step rows
 * and the history event), at the same concurrency: what the database alone costs.
 */

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 20);
const SUBMISSIONS = Number(process.env.BENCH_SUBMISSIONS ?? 2000);
const TARGET_CALL_P95_MS = 100;
const TARGET_RATE = 200;

const text = (key: string, label: string, required = false) => ({
  key,
  label,
  type: 'SINGLE_LINE_TEXT',
  required,
});
const STEPS = [
  {
    name: 'About you',
    fields: [
      text('full_name', 'Full name', true),
      { key: 'email', label: 'Email', type: 'EMAIL', required: true },
      { key: 'phone', label: 'Phone', type: 'PHONE' },
      { key: 'birth_date', label: 'Date of birth', type: 'DATE' },
      text('pan', 'PAN'),
      text('occupation', 'Occupation'),
      { key: 'income', label: 'Monthly income', type: 'CURRENCY' },
    ],
  },
  {
    name: 'The property',
    fields: [
      {
        key: 'city',
        label: 'City',
        type: 'SELECT',
        options: ['Mumbai', 'Pune', 'Goa'].map((value) => ({ value })),
      },
      text('locality', 'Locality', true),
      { key: 'bedrooms', label: 'Bedrooms', type: 'NUMBER', decimals: 0 },
      { key: 'budget', label: 'Budget', type: 'CURRENCY' },
      { key: 'move_in', label: 'Move-in date', type: 'DATE' },
      { key: 'furnished', label: 'Furnished', type: 'YES_OR_NO' },
      { key: 'notes', label: 'Notes', type: 'MULTI_LINE_TEXT' },
    ],
  },
  {
    name: 'References',
    fields: [
      text('ref1_name', 'First reference', true),
      { key: 'ref1_phone', label: 'First reference phone', type: 'PHONE' },
      text('ref2_name', 'Second reference'),
      { key: 'ref2_phone', label: 'Second reference phone', type: 'PHONE' },
      { key: 'visit', label: 'Site visit', type: 'YES_OR_NO' },
      { key: 'agree', label: 'I agree to be contacted', type: 'CHECKBOX' },
    ],
  },
];

function stepValues(n: number): Record<string, unknown>[] {
  return [
    {
      full_name: `Guest ${n}`,
      email: `guest${n}@example.com`,
      phone: '+919812345678',
      birth_date: '1990-04-12',
      pan: 'ABCDE1234F',
      occupation: 'Engineer',
      income: 125000,
    },
    {
      city: 'Pune',
      locality: 'Baner',
      bedrooms: 2,
      budget: 35000,
      move_in: '2027-01-15',
      furnished: true,
      notes: 'Near a school, please.',
    },
    {
      ref1_name: 'Asha Rao',
      ref1_phone: '+919876543210',
      ref2_name: 'Vikram Shah',
      ref2_phone: '+919876543211',
      visit: true,
      agree: true,
    },
  ];
}

async function main(): Promise<void> {
  const bench = await startBenchApp('forms');
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
        name: `Bench Forms ${randomUUID().slice(0, 6)}`,
        planType: 'BUSINESS',
        ownerId: owner!.id,
      }),
    );
    const { base, headers } = await bench.serve(owner!.id, companyId);
    const call = async (method: 'GET' | 'POST' | 'PUT', url: string, body: unknown, as = headers) => {
      const res = await requestJson(method, `${base}/api${url}`, as, body);
      const json = res.json as { data: Record<string, unknown> };
      if (res.status < 200 || res.status > 299) {
        throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(json).slice(0, 400)}`);
      }
      return json.data;
    };

    const templateIds: string[] = [];
    for (const [i, step] of STEPS.entries()) {
      const template = await call('POST', '/template/create', {
        name: `Bench step ${i + 1}`,
        fields: step.fields,
      });
      templateIds.push(template._id as string);
    }
    const form = await call('POST', '/formBuilders', {
      name: 'Tenant application',
      owner_type: 'ANYONE',
      status: 'ACTIVE',
      steps: STEPS.map((step, i) => ({ type: 'TEMPLATE', name: step.name, template_id: templateIds[i] })),
      settings: { secure_access: true },
    });
    const formId = form._id as string;
    const stepIds = (form.steps as { id: string }[]).map((step) => step.id);

    // One verified guest per client loop.
    const guests = await Promise.all(
      Array.from({ length: CLIENTS }, (_, i) =>
        db.transaction((tx) =>
          createGuestSession(tx, {
            companyId,
            formBuilderId: formId,
            email: `guest${i}@bench.test`,
            kind: 'GUEST',
            ttlDays: 1,
          }),
        ),
      ),
    );
    const guestHeaders = guests.map((g) => ({
      userid: g.guestId,
      passcode: g.secret,
      formbuilderid: formId,
    }));

    const callTimes: number[] = [];
    let counter = 0;
    const timedCall = async (...args: Parameters<typeof call>) => {
      const start = performance.now();
      const data = await call(...args);
      callTimes.push(performance.now() - start);
      return data;
    };
    const submitOnce = async (as: Record<string, string>) => {
      const values = stepValues(counter++);
      const first = await timedCall(
        'POST',
        '/formbuilder-data/template',
        { formbuilder_details_id: formId, step_id: stepIds[0], values: values[0], complete: true },
        as,
      );
      const id = first._id as string;
      for (const i of [1, 2]) {
        await timedCall(
          'POST',
          `/formbuilder-data/template/${id}`,
          { step_id: stepIds[i], values: values[i], complete: true },
          as,
        );
      }
      const done = await timedCall('PUT', `/formbuilder-data/${id}`, { status: 'SUBMITTED' }, as);
      if (done.status !== 'SUBMITTED') throw new Error(`submission ${id} is ${String(done.status)}`);
    };

    // The same submission straight through SQL: one transaction, six statements.
    const sqlOnce = async (n: number) => {
      const values = stepValues(n);
      const byStep = Object.fromEntries(stepIds.map((id, i) => [id, values[i]]));
      await db.transaction(async (tx) => {
        const [row] = (
          await tx.execute(sql`insert into form_submissions
            (company_id, form_builder_id, form_version, status, filler_kind, filler_id, filler_email, values, submitted_at)
            values (${companyId}, ${formId}, 1, 'SUBMITTED', 'GUEST', ${guests[0]!.guestId}, 'guest0@bench.test',
              ${JSON.stringify(byStep)}::jsonb, now()) returning id`)
        ).rows as { id: string }[];
        for (const stepId of stepIds) {
          await tx.execute(sql`insert into form_submission_steps (submission_id, step_id, status, completed_at)
            values (${row!.id}, ${stepId}, 'COMPLETED', now())`);
        }
        await tx.execute(sql`insert into form_submission_events (submission_id, event, actor)
          values (${row!.id}, 'SUBMITTED', 'guest0@bench.test')`);
      });
    };

    const run = async (label: string, once: (client: number) => Promise<void>, total: number) => {
      let left = total;
      const cpu = process.cpuUsage();
      const started = performance.now();
      const times: number[] = [];
      await Promise.all(
        Array.from({ length: CLIENTS }, async (_, client) => {
          while (left-- > 0) {
            const t0 = performance.now();
            await once(client);
            times.push(performance.now() - t0);
          }
        }),
      );
      const seconds = (performance.now() - started) / 1000;
      const used = process.cpuUsage(cpu);
      return {
        label,
        rate: total / seconds,
        p95: percentile(times, 95),
        p50: percentile(times, 50),
        // This process's CPU time per submission (the client loops and the API share it).
        cpuMs: (used.user + used.system) / 1000 / total,
      };
    };

    if (process.env.BENCH_DEBUG) {
      bench.capture.start();
      await submitOnce(guestHeaders[0]!);
      const statements = bench.capture.stop();
      console.log(`one submission ran ${statements.length} statements:`);
      for (const st of statements) console.log(`    ${st.text.replace(/\s+/g, ' ').slice(0, 160)}`);
    }
    // Warm up both paths (JIT, caches), then alternate two rounds of each.
    await run('warm-up', (c) => submitOnce(guestHeaders[c]!), Math.min(200, SUBMISSIONS));
    await load(CLIENTS, 200, () => sqlOnce(counter++));
    if (process.env.BENCH_PROFILE) {
      // A CPU profile of one extra round of the API (the client loops share this process).
      const session = new Session();
      session.connect();
      await session.post('Profiler.enable');
      await session.post('Profiler.start');
      await run('profiled', (c) => submitOnce(guestHeaders[c]!), Math.min(400, SUBMISSIONS));
      const { profile } = await session.post('Profiler.stop');
      const file = `${process.env.BENCH_PROFILE}-form-submit.cpuprofile`;
      writeFileSync(file, JSON.stringify(profile));
      console.log(`CPU profile of 400 submissions: ${file}`);
      session.disconnect();
    }
    callTimes.length = 0;
    await settleDatabase(bench.platform.database, [
      'form_submissions',
      'form_submission_steps',
      'form_submission_events',
    ]);
    console.log(
      `database: ${bench.platform.database.kind}; ${CLIENTS} guests at once, ${SUBMISSIONS} submissions of 3 steps ` +
        `(20 fields) + submit; load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
    );
    const api = [];
    const floor = [];
    for (let round = 0; round < 2; round++) {
      api.push(await run('API', (c) => submitOnce(guestHeaders[c]!), SUBMISSIONS / 2));
      floor.push(await run('SQL', () => sqlOnce(counter++), SUBMISSIONS / 2));
    }
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
    const apiRate = mean(api.map((r) => r.rate));
    const sqlRate = mean(floor.map((r) => r.rate));
    const callP95 = percentile(callTimes, 95);
    const met = callP95 < TARGET_CALL_P95_MS && apiRate >= TARGET_RATE;
    console.log(
      `  API: ${apiRate.toFixed(0)} submissions/s (target >= ${TARGET_RATE}), a call's p95 ${callP95.toFixed(1)} ms ` +
        `(p50 ${percentile(callTimes, 50).toFixed(1)}; target < ${TARGET_CALL_P95_MS}), a whole submission's p95 ` +
        `${mean(api.map((r) => r.p95)).toFixed(1)} ms; CPU of this process per submission ` +
        `${mean(api.map((r) => r.cpuMs)).toFixed(1)} ms`,
    );
    console.log(
      `  same submission straight through SQL: ${sqlRate.toFixed(0)} submissions/s, p95 ${mean(floor.map((r) => r.p95)).toFixed(1)} ms; ` +
        `CPU per submission ${mean(floor.map((r) => r.cpuMs)).toFixed(1)} ms; ` +
        `ratio of rates ${(sqlRate / apiRate).toFixed(2)} (SQL / API); load average at the end ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
    );
    console.log(`form-submit: ${met ? 'every target met' : 'some targets NOT met'}`);
  } finally {
    await bench.close();
  }
}

await main();
