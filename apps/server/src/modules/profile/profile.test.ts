import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpAndSignIn } from '../../../test/accounts';
import { buildTestApp, type TestApp } from '../../../test/test-app';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await buildTestApp();
  token = (await signUpAndSignIn(t)).access_token;
});
afterAll(async () => {
  await t.close();
});

const call = (method: 'GET' | 'PATCH' | 'POST', url: string, payload?: object, auth = true) =>
  t.app.inject({
    method,
    url,
    ...(payload ? { payload } : {}),
    headers: auth ? { authorization: `Bearer ${token}` } : {},
  });

/** A valid 1x1 transparent PNG, built here so the test has no binary fixture. */
function tinyPng(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 0, 0, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
const pngDataUrl = `data:image/png;base64,${tinyPng().toString('base64')}`;

describe('profile', () => {
  it('updates personal information', async () => {
    const res = await call('PATCH', '/api/user/update-profile', {
      title: 'Broker',
      phone: '+91 98765 43210',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ title: 'Broker', phone: '+91 98765 43210', first_name: 'Test' });
  });

  it.each([
    [{ first_name: '' }, 'first_name'],
    [{ phone: 'call me maybe' }, 'phone'],
    [{ title: 42 }, 'title'],
  ])('rejects %o with 422 on %s', async (payload, key) => {
    const res = await call('PATCH', '/api/user/update-profile', payload);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.details[0].key).toBe(key);
  });

  it('saves a signature PNG and serves it back through a signed URL', async () => {
    const res = await call('PATCH', '/api/signature', { signature: pngDataUrl });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().data.signature);
    const file = await t.app.inject({ method: 'GET', url: url.pathname + url.search });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(tinyPng())).toBe(true);
    const got = await call('GET', '/api/signature');
    expect(got.json().data.signature).toContain('/api/storage/');
    const profile = await call('GET', '/api/user/profile');
    expect(profile.json().data.signature).toContain('/api/storage/');
  });

  it('saves initials and an avatar', async () => {
    expect((await call('POST', '/api/initials/user/me', { initial: pngDataUrl })).statusCode).toBe(200);
    expect((await call('PATCH', '/api/initial', { initial: pngDataUrl })).statusCode).toBe(200);
    expect((await call('GET', '/api/initials/user/me')).json().data.initial).toContain('/api/storage/');
    expect((await call('PATCH', '/api/user/update-profile-picture', { avatar: pngDataUrl })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/api/user/update-profile-picture')).json().data.profile.avatar).toContain(
      '/api/storage/',
    );
  });

  it('refuses bytes that are not the accepted image type', async () => {
    const pdf = `data:image/png;base64,${Buffer.from('%PDF-1.4\n%%EOF').toString('base64')}`;
    expect((await call('PATCH', '/api/signature', { signature: pdf })).statusCode).toBe(415);
    expect((await call('PATCH', '/api/signature', { signature: 'not base64 !!' })).statusCode).toBe(422);
    expect((await call('PATCH', '/api/signature', {})).statusCode).toBe(422);
  });

  it('needs a session', async () => {
    expect((await call('GET', '/api/signature', undefined, false)).statusCode).toBe(401);
    expect((await call('PATCH', '/api/user/update-profile', { title: 'x' }, false)).statusCode).toBe(401);
  });
});
