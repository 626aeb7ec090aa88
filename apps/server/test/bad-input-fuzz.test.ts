import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextIp } from './accounts';
import { seedCompany, signInAs, type SeededUser } from './seed-company';
import { buildTestApp, type TestApp } from './test-app';

/*
 * "Bad input never reaches a 500": every operation of the app's own OpenAPI document (nothing
 * listed by hand, so a route added later is fuzzed too) gets a table of bad calls as a signed-in
 * OWNER. Any 5xx fails, and so does any 4xx that is not the error envelope.
 *
 * Path parameters default to a well-formed unknown id so the handler itself runs; the body starts
 * from a sample that satisfies the route's schema, so the bad value reaches the service and the
 * database instead of stopping at the first validation error.
 */

type Schema = {
  $ref?: string;
  type?: string | string[];
  format?: string;
  pattern?: string;
  enum?: unknown[];
  const?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  minItems?: number;
  items?: Schema;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  default?: unknown;
};
type Parameter = { in: 'path' | 'query' | 'header'; name: string; required?: boolean; schema?: Schema };
type Operation = {
  parameters?: Parameter[];
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type OpenApi = {
  paths: Record<string, Record<string, Operation>>;
  components?: { schemas?: Record<string, Schema> };
};

type Call = {
  label: string;
  path?: string;
  query?: string;
  headers?: Record<string, string>;
  payload?: string;
  contentType?: string;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
// swagger-ui's own routes (the docs page and its static files) are not ours. Routes that stream
// files (downloads, storage, the document service's unsigned file) are NOT skipped: they answer
// their errors in the envelope before any stream starts, so they are held to the same rule.
const SKIPPED_PATH = /^\/api\/docs(\/|$)/;
/** A well-formed id nothing in the database has. */
const UNKNOWN_ID = '7d1c3f0e-5b7a-4c2e-9a41-0f6b2d8e9c13';
// Free-text sample strings start with this mark, so the mutations find them.
const MARK = 'fz';
const NUL = 'a\u0000b';
const LONE_SURROGATE = 'x\ud800y';
const BIG_STRING = 'x'.repeat(100 * 1024);
const HUGE_NUMBERS = [2147483648, -9007199254740991];
const DEEP = 10_000;
const MAX_WRONG_TYPE_PROPERTIES = 3;
const CONCURRENCY = 4;

let t: TestApp;
let owner: SeededUser;
let companyId: string;
let spec: OpenApi;

beforeAll(async () => {
  t = await buildTestApp();
  const company = await seedCompany(t);
  owner = company.users.OWNER;
  companyId = company.companyId;
  spec = t.app.swagger() as unknown as OpenApi;
});

afterAll(async () => {
  await t.close();
});

function resolve(schema: Schema | undefined): Schema {
  let s = schema ?? {};
  for (let i = 0; s.$ref && i < 10; i += 1) {
    const name = s.$ref.split('/').pop() ?? '';
    s = spec.components?.schemas?.[name] ?? {};
  }
  return s;
}

function typeOf(schema: Schema): string | undefined {
  const s = resolve(schema);
  if (Array.isArray(s.type)) return s.type.find((x) => x !== 'null');
  if (s.type) return s.type;
  const branch = (s.anyOf ?? s.oneOf ?? s.allOf)?.find((b) => resolve(b).type !== 'null');
  return branch ? typeOf(branch) : undefined;
}

const PATTERN_CANDIDATES = [
  'a',
  'abc',
  'key_1',
  'a-b',
  'Ab1',
  '#000000',
  '1',
  'fz',
  UNKNOWN_ID,
  '2024-01-01',
];

/** A value the schema accepts (as far as a JSON Schema can tell), free text marked. */
function sample(schema: Schema | undefined, depth = 0): unknown {
  const s = resolve(schema);
  if (s.const !== undefined) return s.const;
  if (s.enum?.length) return s.enum[0];
  const branches = s.anyOf ?? s.oneOf;
  if (branches) {
    const branch = branches.find((b) => resolve(b).type !== 'null') ?? branches[0];
    return sample(branch, depth);
  }
  if (s.allOf?.[0]) return sample(s.allOf[0], depth);
  switch (typeOf(s)) {
    case 'string': {
      if (s.format === 'uuid') return UNKNOWN_ID;
      if (s.format === 'email') return 'fuzz@example.com';
      if (s.format === 'date-time') return '2024-01-01T00:00:00.000Z';
      if (s.format === 'date') return '2024-01-01';
      if (s.format === 'uri' || s.format === 'url') return 'https://example.com/fz';
      if (s.pattern) {
        const re = new RegExp(s.pattern, 'u');
        return PATTERN_CANDIDATES.find((c) => re.test(c)) ?? 'a';
      }
      return MARK.padEnd(Math.max(s.minLength ?? 0, MARK.length), 'z').slice(0, s.maxLength ?? 1000);
    }
    case 'integer':
    case 'number': {
      const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + 1 : 1);
      return Math.min(Math.max(min, 1), s.maximum ?? Number.MAX_SAFE_INTEGER);
    }
    case 'boolean':
      return true;
    case 'array':
      return depth > 6 ? [] : [sample(s.items, depth + 1)];
    case 'object': {
      if (depth > 6) return {};
      const out: Record<string, unknown> = {};
      for (const [key, prop] of Object.entries(s.properties ?? {})) out[key] = sample(prop, depth + 1);
      if (!s.properties && typeof s.additionalProperties === 'object') {
        out.fz_key = sample(s.additionalProperties, depth + 1);
      }
      return out;
    }
    default:
      return MARK;
  }
}

/** A value of another type than the schema wants. */
function wrongType(schema: Schema): unknown {
  switch (typeOf(schema)) {
    case 'string':
      return 12345;
    case 'integer':
    case 'number':
      return 'not-a-number';
    case 'boolean':
      return 'yes';
    case 'array':
      return { not: 'an array' };
    case 'object':
      return 'not-an-object';
    default:
      return [[{}]];
  }
}

/** The sample with every marked string (or every number) replaced. */
function mutate(value: unknown, replace: (leaf: string | number) => unknown | undefined): unknown {
  if (typeof value === 'string' || typeof value === 'number') return replace(value) ?? value;
  if (Array.isArray(value)) return value.map((v) => mutate(v, replace));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, mutate(v, replace)]));
  }
  return value;
}

const strings = (bad: string) => (leaf: string | number) =>
  typeof leaf === 'string' && leaf.startsWith(MARK) ? bad : undefined;
const numbers = (bad: number) => (leaf: string | number) => (typeof leaf === 'number' ? bad : undefined);

function deepJson(levels: number): string {
  return `${'['.repeat(levels)}1${']'.repeat(levels)}`;
}

function fillPath(path: string, value: (name: string) => string): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) =>
    name === '*' ? `fz/${value(name)}` : value(name),
  );
}

function queryString(params: Parameter[], value: (p: Parameter) => string | undefined): string {
  const pairs = params
    .map((p) => [p.name, value(p)] as const)
    .filter((pair): pair is readonly [string, string] => pair[1] !== undefined)
    .map(([k, v]) => `${encodeURIComponent(k)}=${v}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

function callsFor(path: string, method: string, op: Operation): Call[] {
  const params = op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const queryParams = params.filter((p) => p.in === 'query');
  const headers = Object.fromEntries(
    params.filter((p) => p.in === 'header').map((p) => [p.name, UNKNOWN_ID]),
  );
  const baseQuery = queryString(queryParams, (p) =>
    p.required ? encodeURIComponent(String(sample(p.schema))) : undefined,
  );
  const calls: Call[] = [];

  const jsonSchema = op.requestBody?.content?.['application/json']?.schema;
  const hasBody = method !== 'get' && method !== 'delete';
  if (jsonSchema) {
    const body = resolve(jsonSchema);
    const good = sample(body);
    const json = (label: string, value: unknown) =>
      calls.push({ label, payload: JSON.stringify(value), contentType: 'application/json' });
    json('sample body', good);
    json('empty object', {});
    if (typeOf(body) === 'object' && body.properties) {
      const entries = Object.entries(body.properties);
      json(
        'every property of the wrong type',
        Object.fromEntries(entries.map(([k, s]) => [k, wrongType(s)])),
      );
      for (const [key, prop] of entries.slice(0, MAX_WRONG_TYPE_PROPERTIES)) {
        json(`one property of the wrong type (${key})`, { ...(good as object), [key]: wrongType(prop) });
      }
      json('properties nested 10,000 levels', Object.fromEntries(entries.map(([k]) => [k, '__DEEP__'])));
      const last = calls[calls.length - 1]!;
      last.payload = last.payload!.replaceAll('"__DEEP__"', deepJson(DEEP));
    }
    json('NUL in strings', mutate(good, strings(NUL)));
    json('lone surrogate in strings', mutate(good, strings(LONE_SURROGATE)));
    json('100 kB strings', mutate(good, strings(BIG_STRING)));
    for (const n of HUGE_NUMBERS) json(`number ${n}`, mutate(good, numbers(n)));
  } else if (hasBody) {
    calls.push({ label: 'no body' });
    calls.push({ label: 'empty JSON object', payload: '{}', contentType: 'application/json' });
    calls.push({
      label: 'multipart field with NUL',
      payload: `--fz\r\nContent-Disposition: form-data; name="name"\r\n\r\n${NUL}\r\n--fz--\r\n`,
      contentType: 'multipart/form-data; boundary=fz',
    });
  } else {
    calls.push({ label: 'no body' });
  }
  if (hasBody) {
    calls.push({
      label: 'JSON nested 10,000 levels',
      payload: deepJson(DEEP),
      contentType: 'application/json',
    });
    calls.push({ label: 'malformed JSON', payload: '{"a":', contentType: 'application/json' });
    calls.push({ label: 'text/plain', payload: 'hello', contentType: 'text/plain' });
    calls.push({ label: 'multipart without boundary', payload: 'x', contentType: 'multipart/form-data' });
    calls.push({ label: 'empty multipart', payload: '', contentType: 'multipart/form-data; boundary=fz' });
  }

  if (pathParams.length) {
    // One parameter bad at a time (the others well-formed), so each reaches its own lookup.
    for (const param of pathParams) {
      for (const [label, value] of [
        ['not-a-uuid', 'not-a-uuid'],
        ['NUL', 'a%00b'],
      ] as const) {
        calls.push({
          label: `path ${label} (${param.name})`,
          path: fillPath(path, (name) => (name === param.name ? value : UNKNOWN_ID)),
        });
      }
    }
    for (const [label, value] of [
      ['600 characters', 'a'.repeat(600)],
      ['invalid UTF-8 (lone surrogate)', '%ED%A0%80'],
    ] as const) {
      calls.push({ label: `path ${label}`, path: fillPath(path, () => value) });
    }
  }
  if (queryParams.length) {
    for (const [label, value] of [
      ['NUL', 'a%00b'],
      ['lone surrogate', '%ED%A0%80'],
      ['huge number', '99999999999999999999'],
    ] as const) {
      calls.push({ label: `query ${label}`, query: queryString(queryParams, () => value) });
    }
  }

  // The spec's headers: signer ids that are not ids, a time zone offset that is not one.
  calls.push({
    label: 'bad headers',
    headers: {
      ...Object.fromEntries(Object.keys(headers).map((name) => [name, 'not-a-uuid'])),
      usertimezone: '99999999999999999999',
      tz: 'Not/AZone',
    },
  });

  const defaultPath = fillPath(path, () => UNKNOWN_ID);
  return calls.map((c) => ({
    ...c,
    path: c.path ?? defaultPath,
    query: c.query ?? baseQuery,
    headers: c.headers ?? headers,
  }));
}

type Failure = { call: string; label: string; status: number; body: string };

describe('bad input never reaches a 500', () => {
  it('fuzzes every operation of the OpenAPI document', { timeout: 600_000 }, async () => {
    const started = Date.now();
    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    let operations = 0;
    let calls = 0;
    let mostCalls = 0;

    const jobs: { method: string; path: string; op: Operation }[] = [];
    for (const [path, item] of Object.entries(spec.paths)) {
      if (SKIPPED_PATH.test(path)) continue;
      for (const method of METHODS) {
        const op = item[method];
        if (op) jobs.push({ method, path, op });
      }
    }

    const runOperation = async ({ method, path, op }: (typeof jobs)[number]) => {
      // A session of its own: a fuzzed sign-out must not sign the next operations out.
      const session = await signInAs(t, owner, companyId, 'OWNER');
      const list = callsFor(path, method, op);
      operations += 1;
      mostCalls = Math.max(mostCalls, list.length);
      for (const call of list) {
        calls += 1;
        const res = await t.app.inject({
          method: method.toUpperCase() as 'GET',
          url: `${call.path}${call.query}`,
          headers: {
            ...call.headers,
            ...session.headers,
            ...(call.contentType ? { 'content-type': call.contentType } : {}),
          },
          ...(call.payload !== undefined ? { payload: call.payload } : {}),
          remoteAddress: nextIp(),
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        const where = `${method.toUpperCase()} ${path} [${call.label}]`;
        if (res.statusCode >= 500) {
          failures.push({
            call: where,
            label: call.label,
            status: res.statusCode,
            body: res.body.slice(0, 300),
          });
        } else if (res.statusCode >= 400 && !isEnvelope(res.body)) {
          failures.push({
            call: `${where} not the envelope`,
            label: `${call.label}, not the envelope`,
            status: res.statusCode,
            body: res.body.slice(0, 300),
          });
        }
      }
    };

    const queue = [...jobs];
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        for (let job = queue.shift(); job; job = queue.shift()) await runOperation(job);
      }),
    );

    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const histogram = [...statuses.entries()].sort(([a], [b]) => a - b).map(([s, n]) => `${s}:${n}`);
    console.log(
      `bad-input fuzz: ${operations} operations, ${calls} calls (at most ${mostCalls} per operation) in ${seconds} s; statuses ${histogram.join(' ')}; ${failures.length} failures`,
    );
    // One line per kind of bad call, so a new class of failure reads at a glance.
    const byLabel = new Map<string, Failure[]>();
    for (const f of failures) {
      const kind = f.label.replace(/ \(.*\)/, '');
      byLabel.set(kind, [...(byLabel.get(kind) ?? []), f]);
    }
    for (const [label, list] of byLabel) {
      console.log(
        `${list.length} x [${label}]: ${list
          .slice(0, 3)
          .map((f) => `${f.call} -> ${f.status} ${f.body}`)
          .join(' | ')}`,
      );
    }
    expect(failures).toEqual([]);
  });
});

function isEnvelope(body: string): boolean {
  try {
    const parsed = JSON.parse(body) as { success?: unknown; message?: unknown };
    return parsed.success === false && typeof parsed.message === 'string';
  } catch {
    return false;
  }
}
