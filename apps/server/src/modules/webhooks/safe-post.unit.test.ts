import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTarget, isPublicAddress, postSafely, UnsafeTargetError } from './safe-post';

describe('isPublicAddress', () => {
  it.each([
    '127.0.0.1',
    '10.1.2.3',
    '172.16.0.1',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '192.0.2.1',
    '::1',
    '::',
    'fe80::1',
    'fc00::1',
    'fd12:3456::1',
    'ff02::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:10.0.0.1',
    '::7f00:1',
    '64:ff9b::a00:1',
    '2002:a00:1::',
    'not an address',
  ])('refuses %s', (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'])('allows %s', (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});

describe('checkTarget', () => {
  const refuse = (url: string, options = { allowPrivate: false }) =>
    expect(checkTarget(url, options)).rejects.toBeInstanceOf(UnsafeTargetError);

  it('refuses other schemes, credentials, private literals and hosts with one private address', async () => {
    await refuse('ftp://example.com/');
    await refuse('javascript:alert(1)');
    await refuse('http://user:secret@example.com/');
    await refuse('http://127.0.0.1:8080/');
    await refuse('http://0x7f000001/');
    await refuse('http://[::1]/');
    await refuse('http://[::ffff:169.254.169.254]/');
    const mixed = { allowPrivate: false, resolve: async () => ['8.8.8.8', '10.0.0.7'] };
    await expect(checkTarget('https://mixed.example/', mixed)).rejects.toThrow(/10\.0\.0\.7/);
    const unresolvable = {
      allowPrivate: false,
      resolve: async () => {
        throw new Error('ENOTFOUND');
      },
    };
    await expect(checkTarget('https://gone.example/', unresolvable)).rejects.toThrow(/could not be resolved/);
  });

  it('allows private targets when the operator does', async () => {
    const target = await checkTarget('http://127.0.0.1:8080/hook', { allowPrivate: true });
    expect(target.addresses).toEqual(['127.0.0.1']);
  });
});

describe('postSafely', () => {
  let server: http.Server;
  let port: number;
  const seen: { host: string | undefined; body: string }[] = [];

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        seen.push({ host: req.headers.host, body: Buffer.concat(chunks).toString() });
        if (req.url === '/redirect') res.writeHead(302, { location: '/elsewhere' }).end();
        else res.writeHead(200).end('x'.repeat(5000));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('connects to the address it checked: a rebinding DNS answer is never looked up again', async () => {
    // 127.0.0.1 counts as public here; the name answers it once, then a private address.
    const answers = [['127.0.0.1'], ['10.0.0.1']];
    let lookups = 0;
    const result = await postSafely(
      `http://rebind.test:${port}/hook`,
      '{"a":1}',
      {},
      {
        allowPrivate: false,
        isAllowedAddress: (a) => a === '127.0.0.1',
        resolve: async () => answers[lookups++]!,
        keepBytes: 100,
      },
    );
    expect(result).toMatchObject({ status: 200, error: null, refused: false });
    expect(result.body).toHaveLength(100);
    expect(lookups).toBe(1);
    expect(seen.at(-1)).toEqual({ host: `rebind.test:${port}`, body: '{"a":1}' });
  });

  it('refuses a private target before connecting, and does not follow redirects', async () => {
    const before = seen.length;
    const refused = await postSafely(`http://127.0.0.1:${port}/hook`, '{}', {}, { allowPrivate: false });
    expect(refused).toMatchObject({ status: null, refused: true });
    expect(refused.error).toMatch(/127\.0\.0\.1/);
    expect(seen.length).toBe(before);
    const redirect = await postSafely(`http://127.0.0.1:${port}/redirect`, '{}', {}, { allowPrivate: true });
    expect(redirect.status).toBe(302);
    expect(seen.at(-1)?.body).toBe('{}');
    expect(seen.length).toBe(before + 1);
  });

  it('reports a refused connection as an error, never a throw', async () => {
    const closed = http.createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const result = await postSafely(`http://127.0.0.1:${closedPort}/`, '{}', {}, { allowPrivate: true });
    expect(result).toMatchObject({ status: null, refused: false });
    expect(result.error).toMatch(/ECONNREFUSED/);
  });
});
