import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TSharePointConnection, TSharePointCopy } from '@esigns/contracts/sharepoint';
// @ts-expect-error plain ESM script without types (scripts/graph-test-server.mjs)
import { startGraphTestServer } from '../../../../../scripts/graph-test-server.mjs';
import { seedCompany, type SeededCompany, type SeededUser } from '../../../test/seed-company';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { integrationEvents } from '../../platform/events/schema';
import { signAs } from '../document-actions/test-helpers';
import { keysOf, signatureField, signer, uniqueEmail } from '../documents/test-helpers';
import { completedFileKey } from '../signing';
import { eventually, sendForSigning, waitForSeal } from '../signing/test-helpers';
import { seedContact, seedInstances, workflowTestClient } from '../workflows/workflows-test-utils';
import { onEvent, runCopy } from './copies';
import { fetchToken, placeFile } from './graph-client';
import { quickXorHash } from './quick-xor-hash';
import { sharepointCopies } from './schema';

// SharePoint through the local Graph test server (scripts/graph-test-server.mjs): Microsoft's token
// endpoint and Graph's sites, drives and uploads. Copies retry after 1 s, then at once
// (SHAREPOINT_RETRY_DELAYS=1,0,...); no test asserts a time.

type GraphFile = { driveId: string; path: string; size: number; hash: string; bytes: Buffer; chunks: number };
type GraphServer = {
  url: string;
  loginUrl: string;
  graphUrl: string;
  app: { tenant: string; clientId: string; clientSecret: string };
  requests: string[];
  files: () => GraphFile[];
  failNext: (n: number, status?: number) => void;
  put: (driveId: string, path: string, bytes: Buffer) => void;
  close: () => Promise<void>;
};

const LEGAL = 'contoso.sharepoint.com,site-legal,web-legal';
const CONTRACTS = 'b!legal-contracts';

let t: TestApp;
let graph: GraphServer;
let acme: SeededCompany;
let globex: SeededCompany;

beforeAll(async () => {
  graph = (await startGraphTestServer({})) as GraphServer;
  t = await buildTestApp({
    SHAREPOINT_LOGIN_URL: graph.loginUrl,
    SHAREPOINT_GRAPH_URL: graph.graphUrl,
    SHAREPOINT_RETRY_DELAYS: '1,0,0,0,0,0,0',
  });
  acme = await seedCompany(t, { name: 'Acme Realty' });
  globex = await seedCompany(t, { name: 'Globex' });
}, 120_000);
afterAll(async () => {
  await t?.close();
  await graph?.close();
});

const call = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  who: SeededUser,
  payload?: unknown,
) =>
  t.app.inject({
    method,
    url: `/api${url}`,
    headers: who.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

const credentials = () => ({
  tenant_id: graph.app.tenant,
  client_id: graph.app.clientId,
  client_secret: graph.app.clientSecret,
});

async function connect(company: SeededCompany): Promise<TSharePointConnection> {
  const put = await call('PUT', '/sharepoint/connection', company.users.OWNER, credentials());
  expect(put.statusCode, put.body).toBe(200);
  const patch = await call('PATCH', '/sharepoint/connection', company.users.OWNER, {
    site_id: LEGAL,
    drive_id: CONTRACTS,
  });
  expect(patch.statusCode, patch.body).toBe(200);
  return patch.json().data;
}

async function copies(company: SeededCompany, query = ''): Promise<TSharePointCopy[]> {
  const res = await call('GET', `/sharepoint/copies?limit=100${query}`, company.users.OWNER);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data;
}

const copyOf = (company: SeededCompany, subjectId: string, status: TSharePointCopy['status']) =>
  eventually(async () => {
    const found = (await copies(company)).find((c) => c.subject_id === subjectId);
    return found?.status === status ? found : null;
  }, `the copy of ${subjectId} ${status}`);

/** A document sent to one signer, signed and sealed: answers its id and name. */
async function sealedDocument(company: SeededCompany, name: string): Promise<{ id: string; name: string }> {
  const email = uniqueEmail('sp');
  const sent = await sendForSigning(t, company.users.OWNER, company.companyId, {
    name,
    document_users: [signer('r1', email)],
    fields: [signatureField('f1', 'r1')],
  });
  await signAs(t, email, sent._id, 'f1');
  await waitForSeal(t, sent._id);
  return { id: sent._id, name: sent.name };
}

const filesUnder = (folder: string) => graph.files().filter((f) => f.path.startsWith(`${folder}/`));
const year = () => String(new Date().getUTCFullYear());

describe('connection', () => {
  it('is null before connecting; refused credentials are not saved, said against their field', async () => {
    const none = await call('GET', '/sharepoint/connection', acme.users.OWNER);
    expect(none.statusCode, none.body).toBe(200);
    expect(none.json().data).toBeNull();

    const badSecret = await call('PUT', '/sharepoint/connection', acme.users.OWNER, {
      ...credentials(),
      client_secret: 'wrong',
    });
    expect(badSecret.statusCode, badSecret.body).toBe(422);
    expect(keysOf(badSecret)).toEqual(['client_secret']);
    expect(badSecret.json().message).toContain('AADSTS7000215');

    const badTenant = await call('PUT', '/sharepoint/connection', acme.users.OWNER, {
      ...credentials(),
      tenant_id: 'fabrikam.onmicrosoft.com',
    });
    expect(badTenant.statusCode, badTenant.body).toBe(422);
    expect(keysOf(badTenant)).toEqual(['tenant_id']);

    const badApp = await call('PUT', '/sharepoint/connection', acme.users.OWNER, {
      ...credentials(),
      client_id: randomUUID(),
    });
    expect(badApp.statusCode, badApp.body).toBe(422);
    expect(keysOf(badApp)).toEqual(['client_id']);

    expect((await call('GET', '/sharepoint/connection', acme.users.OWNER)).json().data).toBeNull();
  });

  it('connects, lists sites and libraries, picks one; the secret is never answered', async () => {
    const put = await call('PUT', '/sharepoint/connection', acme.users.OWNER, credentials());
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ has_secret: true, is_copying: false, drive_id: null });
    expect(put.body).not.toContain(graph.app.clientSecret);

    const sites = await call('GET', '/sharepoint/sites?search=leg', acme.users.OWNER);
    expect(sites.statusCode, sites.body).toBe(200);
    expect(sites.json().data.map((s: { id: string }) => s.id)).toEqual([LEGAL]);
    const drives = await call(
      'GET',
      `/sharepoint/sites/${encodeURIComponent(LEGAL)}/drives`,
      acme.users.OWNER,
    );
    expect(drives.json().data.map((d: { name: string }) => d.name)).toEqual([
      'Documents',
      'Signed contracts',
    ]);

    // A library of another site is not one of the chosen site's.
    const wrong = await call('PATCH', '/sharepoint/connection', acme.users.OWNER, {
      site_id: LEGAL,
      drive_id: 'b!hr-documents',
    });
    expect(wrong.statusCode, wrong.body).toBe(422);
    expect(keysOf(wrong)).toEqual(['drive_id']);

    const picked = await call('PATCH', '/sharepoint/connection', acme.users.OWNER, {
      site_id: LEGAL,
      drive_id: CONTRACTS,
      folder_pattern: '/{year}/{document name}',
    });
    expect(picked.statusCode, picked.body).toBe(200);
    expect(picked.json().data).toMatchObject({
      site_name: 'Legal',
      drive_name: 'Signed contracts',
      is_copying: true,
      copy_documents: true,
    });

    const test = await call('POST', '/sharepoint/connection/test', acme.users.OWNER);
    expect(test.json().data).toMatchObject({ ok: true, drive_name: 'Signed contracts' });

    // The stored secret is kept when none is given for the same app.
    const again = await call('PUT', '/sharepoint/connection', acme.users.OWNER, {
      tenant_id: graph.app.tenant,
      client_id: graph.app.clientId,
    });
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data.drive_id).toBe(CONTRACTS);
  });

  it('refuses bad input with 422, never a 500', async () => {
    const cases: [string, 'PUT' | 'PATCH', unknown, string][] = [
      ['client id not a GUID', 'PUT', { ...credentials(), client_id: 'abc' }, 'client_id'],
      ['tenant with a slash', 'PUT', { ...credentials(), tenant_id: 'a/b' }, 'tenant_id'],
      ['secret a number', 'PUT', { ...credentials(), client_secret: 42 }, 'client_secret'],
      ['unknown token', 'PATCH', { folder_pattern: '/{year}/{foo}' }, 'folder_pattern'],
      ['a .. folder', 'PATCH', { folder_pattern: '/../x' }, 'folder_pattern'],
      ['switch a string', 'PATCH', { copy_documents: 'yes' }, 'copy_documents'],
      ['unknown site', 'PATCH', { site_id: 'nope' }, 'site_id'],
    ];
    for (const [what, method, body, key] of cases) {
      const res = await call(method, '/sharepoint/connection', acme.users.OWNER, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBe(422);
      expect(keysOf(res), what).toContain(key);
    }
    expect((await call('GET', '/sharepoint/copies?status=NOPE', acme.users.OWNER)).statusCode).toBe(422);
    expect((await call('GET', '/sharepoint/sites/nope/drives', acme.users.OWNER)).statusCode).toBe(404);
    expect((await call('POST', '/sharepoint/copies/not-a-uuid/retry', acme.users.OWNER)).statusCode).toBe(
      404,
    );
    const malformed = await t.app.inject({
      method: 'PUT',
      url: '/api/sharepoint/connection',
      headers: { ...acme.users.OWNER.headers, 'content-type': 'application/json' },
      payload: '{oops',
    });
    expect(malformed.statusCode).toBe(400);
  });

  it('needs settings:manage-integrations', async () => {
    for (const [method, url] of [
      ['GET', '/sharepoint/connection'],
      ['GET', '/sharepoint/copies'],
      ['POST', '/sharepoint/backfill'],
    ] as const) {
      expect((await call(method, url, acme.users.MEMBER)).statusCode, url).toBe(403);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/sharepoint/connection' })).statusCode).toBe(401);
  });
});

describe('copies', () => {
  it('copies a sealed document once (PDF and audit trail); a replayed event or job copies nothing more', async () => {
    const doc = await sealedDocument(acme, 'Lease: Unit 4/B');
    const copy = await copyOf(acme, doc.id, 'COPIED');
    const folder = `/${year()}/Lease- Unit 4-B`;
    expect(copy.files.map((f) => f.path).sort()).toEqual(
      [`${folder}/Lease- Unit 4-B - audit trail.json`, `${folder}/Lease- Unit 4-B.pdf`].sort(),
    );
    const stored = filesUnder(folder);
    expect(stored).toHaveLength(2);
    const pdf = stored.find((f) => f.path.endsWith('.pdf'))!;
    expect(pdf.driveId).toBe(CONTRACTS);
    expect(pdf.bytes.equals(await t.platform.storage.get(completedFileKey(acme.companyId, doc.id)))).toBe(
      true,
    );
    const trail = JSON.parse(stored.find((f) => f.path.endsWith('.json'))!.bytes.toString('utf8'));
    expect(trail.document.id).toBe(doc.id);
    expect(trail.events.map((e: { action: string }) => e.action)).toContain('document.completed');

    // The event handled again (a replay) and the first try's job run again: nothing new.
    const [event] = await t.platform.database.db
      .select({ id: integrationEvents.id })
      .from(integrationEvents)
      .where(and(eq(integrationEvents.subjectId, doc.id), eq(integrationEvents.type, 'document.completed')));
    const replay = await t.platform.events.read(t.platform.database.db, acme.companyId, event!.id);
    const uploadsBefore = graph.requests.filter((r) => r.startsWith('PUT')).length;
    await onEvent(t.platform, replay!);
    await runCopy(t.platform, { copyId: copy._id, chain: 1, try: 1 }, new AbortController().signal);
    expect((await copies(acme)).filter((c) => c.subject_id === doc.id)).toHaveLength(1);
    expect(graph.requests.filter((r) => r.startsWith('PUT')).length).toBe(uploadsBefore);
    expect(filesUnder(folder)).toHaveLength(2);
  });

  it('retries a failing server, then copies', async () => {
    graph.failNext(2, 503);
    const doc = await sealedDocument(acme, 'Retried lease');
    const copy = await copyOf(acme, doc.id, 'COPIED');
    expect(copy.tries).toBe(3);
    expect(filesUnder(`/${year()}/Retried lease`)).toHaveLength(2);
  });

  it('never overwrites another file: same name and other bytes -> "(2)"; the same bytes are its own earlier upload', async () => {
    const folder = `/${year()}/Taken lease`;
    graph.put(CONTRACTS, `${folder}/Taken lease.pdf`, Buffer.from('somebody else'));
    // The audit trail is not known in advance; the PDF is someone else's.
    const doc = await sealedDocument(acme, 'Taken lease');
    const copy = await copyOf(acme, doc.id, 'COPIED');
    const pdf = copy.files.find((f) => f.name === 'Taken lease.pdf')!;
    expect(pdf.path).toBe(`${folder}/Taken lease (2).pdf`);
    const theirs = graph.files().find((f) => f.path === `${folder}/Taken lease.pdf`)!;
    expect(theirs.bytes.toString()).toBe('somebody else');

    // A run that died after uploading and before recording: the rerun finds its own bytes there.
    const again = await sealedDocument(acme, 'Crashed lease');
    await copyOf(acme, again.id, 'COPIED');
    const before = filesUnder(`/${year()}/Crashed lease`).length;
    const row = (await copies(acme)).find((c) => c.subject_id === again.id)!;
    await t.platform.database.db
      .update(sharepointCopies)
      .set({ status: 'PENDING', chain: 9, chainTries: 0, files: [] })
      .where(eq(sharepointCopies.id, row._id));
    await runCopy(t.platform, { copyId: row._id, chain: 9, try: 1 }, new AbortController().signal);
    expect(filesUnder(`/${year()}/Crashed lease`)).toHaveLength(before);
    const rerun = await copyOf(acme, again.id, 'COPIED');
    expect(rerun.files.map((f) => f.path).sort()).toEqual(row.files.map((f) => f.path).sort());
  });

  it('ends FAILED after every try; "copy again" copies it', async () => {
    graph.failNext(100, 503);
    const doc = await sealedDocument(acme, 'Failed lease');
    const failed = await copyOf(acme, doc.id, 'FAILED');
    expect(failed.tries).toBe(8);
    expect(failed.last_error).toContain('503');
    graph.failNext(0);
    const retried = await call('POST', `/sharepoint/copies/${failed._id}/retry`, acme.users.OWNER);
    expect(retried.statusCode, retried.body).toBe(200);
    const copied = await copyOf(acme, doc.id, 'COPIED');
    expect(copied.files).toHaveLength(2);
    // Only a FAILED one is copied again.
    expect((await call('POST', `/sharepoint/copies/${failed._id}/retry`, acme.users.OWNER)).statusCode).toBe(
      409,
    );
    expect((await copies(acme, '&status=FAILED')).map((c) => c._id)).not.toContain(failed._id);
  });

  it('copies a finished workflow packet as its ZIP (packet.json first)', async () => {
    const w = workflowTestClient(t);
    const refs = await w.seedReferences(acme);
    const workflow = await w.createWorkflow(acme.users.OWNER, {
      name: 'Tenancy packet',
      steps: w.steps(refs),
    });
    const contactId = await seedContact(t, acme.companyId, 'Tina');
    const [instanceId] = await seedInstances(t, acme.companyId, workflow._id, [
      { contactId, email: 'tina@example.com', name: 'Tina' },
    ]);
    await onEvent(t.platform, {
      id: randomUUID(),
      type: 'workflow.completed',
      company_id: acme.companyId,
      subject_id: instanceId!,
      occurred_at: new Date().toISOString(),
      data: { workflow_id: workflow._id, instance_id: instanceId!, name: 'Tenancy packet' },
    });
    const copy = await copyOf(acme, instanceId!, 'COPIED');
    expect(copy.kind).toBe('WORKFLOW');
    const folder = `/${year()}/Tenancy packet - Tina`;
    expect(copy.files.map((f) => f.path)).toEqual([`${folder}/Tenancy packet - Tina.zip`]);
    const [zip] = filesUnder(folder);
    expect(zip!.bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zip!.bytes.includes(Buffer.from('packet.json'))).toBe(true);
  });

  it("never shows nor touches another company's copies (404)", async () => {
    const [mine] = await copies(acme);
    expect((await call('POST', `/sharepoint/copies/${mine!._id}/retry`, globex.users.OWNER)).statusCode).toBe(
      404,
    );
    expect(await copies(globex)).toEqual([]);
    expect(
      (await call('PATCH', '/sharepoint/connection', globex.users.OWNER, { enabled: false })).statusCode,
    ).toBe(404);
    expect((await call('POST', '/sharepoint/connection/test', globex.users.OWNER)).statusCode).toBe(404);
    expect((await call('DELETE', '/sharepoint/connection', globex.users.OWNER)).statusCode).toBe(404);
  });
});

describe('backfill and big files', () => {
  it('copies every sealed document made before connecting, once', async () => {
    const before = [
      await sealedDocument(globex, 'Old contract A'),
      await sealedDocument(globex, 'Old contract B'),
    ];
    await connect(globex);
    expect(
      (
        await call('PATCH', '/sharepoint/connection', globex.users.OWNER, {
          folder_pattern: '/Backfill/{kind}/{document name}',
        })
      ).statusCode,
    ).toBe(200);
    const started = await call('POST', '/sharepoint/backfill', globex.users.OWNER);
    expect(started.statusCode, started.body).toBe(200);
    for (const doc of before) await copyOf(globex, doc.id, 'COPIED');
    const done = await eventually(async () => {
      const c = (await call('GET', '/sharepoint/connection', globex.users.OWNER)).json()
        .data as TSharePointConnection;
      return c.backfill?.status === 'DONE' ? c : null;
    }, 'the backfill DONE');
    expect(done.backfill!.queued).toBe(2);
    expect(filesUnder('/Backfill/Documents/Old contract A')).toHaveLength(2);

    // A second run finds them copied: it queues nothing.
    expect((await call('POST', '/sharepoint/backfill', globex.users.OWNER)).statusCode).toBe(200);
    const second = await eventually(async () => {
      const c = (await call('GET', '/sharepoint/connection', globex.users.OWNER)).json()
        .data as TSharePointConnection;
      return c.backfill?.status === 'DONE' ? c : null;
    }, 'the second backfill DONE');
    expect(second.backfill!.queued).toBe(0);
    expect(await copies(globex)).toHaveLength(2);
  });

  it('uploads a file above 4 MB through an upload session, in chunks', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'sp-big-'));
    try {
      const bytes = Buffer.alloc(5 * 1024 * 1024 + 123, 7);
      bytes.write('a big packet', 1000);
      const file = path.join(dir, 'big.bin');
      writeFileSync(file, bytes);
      const urls = { loginUrl: graph.loginUrl, graphUrl: graph.graphUrl };
      const token = await fetchToken(urls, {
        tenantId: graph.app.tenant,
        clientId: graph.app.clientId,
        clientSecret: graph.app.clientSecret,
      });
      const placed = await placeFile({ urls, token }, CONTRACTS, '/Big', 'packet.zip', {
        path: file,
        size: bytes.length,
        quickXorHash: quickXorHash(bytes),
      });
      expect(placed).toMatchObject({ path: '/Big/packet.zip', size: bytes.length });
      const stored = graph.files().find((f) => f.path === '/Big/packet.zip')!;
      expect(stored.chunks).toBeGreaterThan(1);
      expect(stored.bytes.equals(bytes)).toBe(true);
      expect(stored.hash).toBe(quickXorHash(bytes));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('disconnects with the log; nothing more is copied', async () => {
    const res = await call('DELETE', '/sharepoint/connection', globex.users.OWNER);
    expect(res.statusCode, res.body).toBe(200);
    expect((await call('GET', '/sharepoint/connection', globex.users.OWNER)).json().data).toBeNull();
    expect(await copies(globex)).toEqual([]);
  });
});
