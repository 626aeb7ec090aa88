import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { TEntity } from '@esigns/contracts/entities';
import { buildTestApp, type TestApp } from './test-app';
import { seedCompany, type SeededCompany, type SeededUser } from './seed-company';
import { createDocument } from '../src/modules/documents/test-helpers';
import { testKit } from '../src/modules/entity-filters/test-kit';

/*
 * One regression per class of bad input that used to answer 500 (or Fastify's own body instead
 * of the envelope). The fuzz (bad-input-fuzz.test.ts) keeps every route covered; these pin the
 * cases it found.
 */

let t: TestApp;
let acme: SeededCompany;
const { createProperty, ref } = testKit(() => t);
const UNKNOWN = randomUUID();

const call = (method: string, url: string, who?: SeededUser, payload?: unknown) =>
  t.app.inject({
    method: method as 'GET',
    url,
    ...(who ? { headers: who.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });

beforeAll(async () => {
  t = await buildTestApp(
    {},
    {
      extend: (app) => {
        // A query the database refuses (SQLSTATE 22P02): what a service that skipped the id check meets.
        app.get('/api/test/bad-uuid', async () => {
          await t.platform.database.db.execute(sql`select ${'not-a-uuid'}::uuid`);
          return { success: true };
        });
        app.get('/api/test/out-of-range', async () => {
          await t.platform.database.db.execute(sql`select ${'2147483648'}::int4`);
          return { success: true };
        });
      },
    },
  );
  acme = await seedCompany(t);
});

afterAll(async () => {
  await t.close();
});

function expectEnvelope(res: { statusCode: number; body: string }, status?: number) {
  if (status) expect(res.statusCode, res.body).toBe(status);
  expect(res.statusCode, res.body).toBeGreaterThanOrEqual(400);
  expect(res.statusCode, res.body).toBeLessThan(500);
  const body = JSON.parse(res.body) as { success: unknown; message: unknown };
  expect(body.success).toBe(false);
  expect(typeof body.message).toBe('string');
  return body as {
    success: false;
    message: string;
    error_code?: string;
    errors?: { details: { key: string }[] };
  };
}

const owner = () => acme.users.OWNER;

describe('NUL characters and lone surrogates', () => {
  it('answers a NUL in a path parameter without sign-in with the 422 envelope', async () => {
    const body = expectEnvelope(await call('GET', '/api/company/by-slug/a%00b'), 422);
    expect(body.errors?.details[0]?.key).toBe('params.slug');
  });

  it('answers a NUL in a body string with 422 keyed to the field', async () => {
    const res = await call('POST', '/api/createRole', owner(), { name: 'a\u0000b', user_type: 'MEMBER' });
    expect(expectEnvelope(res, 422).errors?.details[0]?.key).toBe('name');
  });

  it('answers a NUL in a query value with 422 keyed to it', async () => {
    const res = await call('GET', '/api/contact-types?search=a%00b', owner());
    expect(expectEnvelope(res, 422).errors?.details[0]?.key).toBe('querystring.search');
  });

  it('answers a lone surrogate in a document rename (a JSON column) with 422', async () => {
    const layout = await createDocument(t, owner(), acme.companyId);
    const res = await call('POST', `/api/documents/${layout.employee_document_id}/rename`, owner(), {
      name: 'Lease \ud800',
    });
    expect(expectEnvelope(res, 422).errors?.details[0]?.key).toBe('name');
  });

  it('answers a lone surrogate in a nested key with 422 keyed by the path', async () => {
    const res = await call('PATCH', '/api/company', owner(), { branding: { ['x\udc00']: 'y' } });
    expect(expectEnvelope(res, 422).errors?.details[0]?.key).toBe('branding.x\udc00');
  });

  it('keeps well-formed astral characters (surrogate pairs)', async () => {
    const res = await call('POST', '/api/createRole', owner(), { name: 'Team 🚀', user_type: 'MEMBER' });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe('ids, numbers and nesting', () => {
  it('answers a non-UUID id in a path with a 4xx envelope', async () => {
    expectEnvelope(await call('GET', `/api/documents/${UNKNOWN}/preview/not-a-uuid`, owner()));
  });

  it('answers a version beyond the integer column with 422', async () => {
    const res = await call('PUT', '/api/menu', owner(), {
      user_type: 'MEMBER',
      items: [{ kind: 'ROUTE', label: 'Home', route: '/dashboard' }],
      version: 2147483648,
    });
    expect(expectEnvelope(res, 422).errors?.details[0]?.key).toBe('version');
  });

  it('answers an entity group position beyond the integer column with 422', async () => {
    const res = await call('POST', '/api/entity-groups', owner(), { name: 'Sales', position: 2147483648 });
    expect(expectEnvelope(res, 422).errors?.details[0]?.key).toBe('position');
  });

  it('answers a page number past any offset with an empty page, not a 500', async () => {
    const res = await call('GET', '/api/entity-groups?page=99999999999999999999', owner());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.data).toEqual([]);
  });

  it('answers JSON nested 10,000 levels with 400', async () => {
    const deep = `{"name":${'['.repeat(10_000)}1${']'.repeat(10_000)}}`;
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/api/company',
      headers: { ...owner().headers, 'content-type': 'application/json' },
      payload: deep,
    });
    expectEnvelope(res, 400);
  });

  it('maps a value the database refuses (SQLSTATE class 22) to 400', async () => {
    expect(expectEnvelope(await call('GET', '/api/test/bad-uuid'), 400).error_code).toBe('BAD_REQUEST');
    expectEnvelope(await call('GET', '/api/test/out-of-range'), 400);
  });
});

describe('PATCH with nothing to set', () => {
  let property: TEntity;
  beforeAll(async () => {
    property = await createProperty(owner());
  });

  it('answers PATCH /global-filters/{id} with {} with the filter unchanged', async () => {
    const added = await call('POST', '/api/global-filters', owner(), {
      template_id: property.primary_template_id,
      rule: { field: ref(property, 'status'), operator: 'EQUALS', value: 'Sold' },
    });
    expect(added.statusCode, added.body).toBe(200);
    const res = await call('PATCH', `/api/global-filters/${added.json().data._id}`, owner(), {});
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.is_active).toBe(true);
  });
});

describe('the router', () => {
  it('answers a path parameter over 500 characters with the envelope (414)', async () => {
    const body = expectEnvelope(await call('GET', `/api/documents/${'a'.repeat(600)}`, owner()), 414);
    expect(body.error_code).toBe('URI_TOO_LONG');
  });

  it('answers a path that is not valid UTF-8 with the 400 envelope', async () => {
    expectEnvelope(await call('GET', '/api/company/by-slug/%ED%A0%80'), 400);
  });

  it("gives the router's own answers the API's security headers", async () => {
    for (const url of [`/api/documents/${'a'.repeat(600)}`, '/api/company/by-slug/%ED%A0%80']) {
      const res = await call('GET', url);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['content-security-policy'], url).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
    }
  });
});

describe('multipart', () => {
  const UPLOAD_ROUTES: [string, string][] = [
    ['POST', '/api/attachments'],
    ['POST', `/api/document-templates/${UNKNOWN}/bulk-send`],
    ['PUT', '/api/upload/file-upload-s3'],
    ['POST', '/api/VideoUpload'],
    ['PUT', '/api/upload/company-logo-upload-s3'],
    ['POST', '/api/entities/uploadDocuments'],
    ['POST', '/api/bulk-users-add'],
    ['POST', '/api/template/create-from-excel'],
    ['POST', '/api/document-assets/'],
    ['POST', '/api/get-excel-headers'],
    ['POST', '/api/import-excel-data'],
    ['POST', `/rest/esignature/convertFiles?company_id=${UNKNOWN}`],
  ];
  const send = (method: string, url: string, contentType: string, payload: string) =>
    t.app.inject({
      method: method as 'POST',
      url,
      headers: { ...owner().headers, 'content-type': contentType },
      payload,
    });

  it.each(UPLOAD_ROUTES)('%s %s without a boundary answers the 400 envelope', async (method, url) => {
    expectEnvelope(await send(method, url, 'multipart/form-data', 'x'));
  });

  it.each(UPLOAD_ROUTES)('%s %s with an empty multipart body answers a 4xx envelope', async (method, url) => {
    expectEnvelope(await send(method, url, 'multipart/form-data; boundary=x', ''));
  });

  it('answers a multipart text field holding a NUL with 422 keyed to it', async () => {
    const payload =
      '--x\r\nContent-Disposition: form-data; name="entity_id"\r\n\r\na\u0000b\r\n' +
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF\r\n--x--\r\n';
    const res = await send(
      'POST',
      '/api/entities/uploadDocuments',
      'multipart/form-data; boundary=x',
      payload,
    );
    const body = expectEnvelope(res, 422);
    expect(body.errors?.details[0]?.key).toBe('entity_id');
    expect(body.message).toContain('NUL');
  });
});
