import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { GetObjectCommand, HeadObjectCommand } from '@aws-sdk/client-s3';
import { pino } from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { S3Storage } from './s3-storage';

// Presigning is local computation: nothing listens on port 9 and nothing is called.
const storage = new S3Storage(
  {
    bucket: 'esigns-files',
    region: 'eu-west-1',
    endpoint: 'http://127.0.0.1:9',
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
    forcePathStyle: true,
  },
  pino({ level: 'silent' }),
);

const KEY = 'companies/c1/documents/contract.pdf';

describe('S3Storage presigned links', () => {
  it('presigns a PUT for the bucket and key, with the expiry and the content type as a signed header', async () => {
    const url = new URL(
      await storage.createUploadUrl(KEY, {
        contentType: 'application/pdf',
        maxBytes: 1024,
        expiresInSeconds: 600,
      }),
    );
    expect(url.origin).toBe('http://127.0.0.1:9');
    expect(url.pathname).toBe(`/esigns-files/${KEY}`);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('600');
    expect(url.searchParams.get('X-Amz-Credential')).toMatch(
      /^AKIDEXAMPLE\/\d{8}\/eu-west-1\/s3\/aws4_request$/,
    );
    // The type is bound by the signature: the upload must send exactly this Content-Type.
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('content-type');
    // A conditional write: S3 refuses a second PUT once the object exists (a link stores bytes once).
    expect(url.searchParams.get('X-Amz-SignedHeaders')?.split(';')).toContain('if-none-match');
    // A checksum of the empty body would make every real upload fail.
    expect(url.searchParams.has('x-amz-checksum-crc32')).toBe(false);
  });

  it('gives a different signature for a different content type', async () => {
    const sign = async (contentType: string) =>
      new URL(
        await storage.createUploadUrl(KEY, { contentType, maxBytes: 1024, expiresInSeconds: 600 }),
      ).searchParams.get('X-Amz-Signature');
    expect(await sign('application/pdf')).not.toBe(await sign('image/png'));
  });

  it('uses the default lifetime and caps it at 7 days', async () => {
    const byDefault = new URL(
      await storage.createUploadUrl(KEY, { contentType: 'application/pdf', maxBytes: 1 }),
    );
    expect(byDefault.searchParams.get('X-Amz-Expires')).toBe('900');
    const capped = new URL(await storage.createDownloadUrl(KEY, { expiresInSeconds: 30 * 24 * 3600 }));
    expect(capped.searchParams.get('X-Amz-Expires')).toBe(String(7 * 24 * 3600));
  });

  it('presigns a GET with the file name as response-content-disposition', async () => {
    const url = new URL(
      await storage.createDownloadUrl(KEY, {
        fileName: 'Contrat signé.pdf',
        disposition: 'attachment',
        expiresInSeconds: 300,
      }),
    );
    expect(url.pathname).toBe(`/esigns-files/${KEY}`);
    expect(url.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('300');
    expect(url.searchParams.get('x-id')).toBe('GetObject');
    expect(url.searchParams.get('response-content-disposition')).toBe(
      `attachment; filename="Contrat sign_.pdf"; filename*=UTF-8''Contrat%20sign%C3%A9.pdf`,
    );
  });

  it('leaves the disposition to the object when no file name is given', async () => {
    const url = new URL(await storage.createDownloadUrl(KEY));
    expect(url.searchParams.has('response-content-disposition')).toBe(false);
    expect(url.searchParams.get('X-Amz-Expires')).toBe('3600');
  });

  it('uses a virtual-hosted bucket when path style is off', async () => {
    const hosted = new S3Storage(
      {
        bucket: 'esigns-files',
        region: 'us-east-1',
        endpoint: undefined,
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret',
        forcePathStyle: false,
      },
      pino({ level: 'silent' }),
    );
    const url = new URL(await hosted.createDownloadUrl(KEY));
    expect(url.hostname).toBe('esigns-files.s3.us-east-1.amazonaws.com');
    expect(url.pathname).toBe(`/${KEY}`);
  });

  it.each(['../x', '/abs', 'a//b'])('rejects the key %j with 400 before signing', async (key) => {
    await expect(
      storage.createUploadUrl(key, { contentType: 'application/pdf', maxBytes: 1 }),
    ).rejects.toMatchObject({
      status: 400,
    });
  });
});

describe('S3Storage downloads checked against a SHA-256', () => {
  const BYTES = Buffer.from('%PDF-1.4 the confirmed bytes');
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  /** An S3Storage whose client answers from `object` (a fake bucket of one key) and records its calls. */
  function withFakeBucket(object: { etag: string; bytes: Buffer }) {
    const error = vi.fn();
    const log = pino({ level: 'silent' });
    log.error = error as unknown as typeof log.error;
    const fake = new S3Storage(
      {
        bucket: 'esigns-files',
        region: 'eu-west-1',
        endpoint: 'http://127.0.0.1:9',
        accessKeyId: 'AKIDEXAMPLE',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      },
      log,
    );
    const calls: string[] = [];
    const client = (fake as unknown as { client: { send: (command: unknown) => Promise<unknown> } }).client;
    client.send = async (command: unknown) => {
      if (command instanceof HeadObjectCommand) {
        calls.push('head');
        return { ETag: object.etag, ContentLength: object.bytes.length };
      }
      if (command instanceof GetObjectCommand) {
        calls.push('get');
        return { Body: Readable.from([object.bytes]) };
      }
      throw new Error('unexpected command');
    };
    return { fake, calls, error };
  }

  it('presigns once the bytes match, and hashes a version only once', async () => {
    const { fake, calls } = withFakeBucket({ etag: '"v1"', bytes: BYTES });
    const url = new URL(await fake.createDownloadUrl(KEY, { sha256: sha256(BYTES) }));
    expect(url.searchParams.get('x-id')).toBe('GetObject');
    await fake.createDownloadUrl(KEY, { sha256: sha256(BYTES) });
    expect(calls).toEqual(['head', 'get', 'head']);
  });

  it('refuses (409) and logs at error level bytes that were swapped', async () => {
    const object = { etag: '"v1"', bytes: BYTES };
    const { fake, error } = withFakeBucket(object);
    await fake.createDownloadUrl(KEY, { sha256: sha256(BYTES) });
    // Another PUT replaced the object: a new ETag, other bytes.
    object.etag = '"v2"';
    object.bytes = Buffer.from('%PDF-1.4 other bytes');
    await expect(fake.createDownloadUrl(KEY, { sha256: sha256(BYTES) })).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
    });
    expect(error).toHaveBeenCalledWith(
      expect.objectContaining({ key: KEY, expected: sha256(BYTES) }),
      expect.stringContaining('do not match'),
    );
  });

  it('checks nothing when no checksum is given', async () => {
    const { fake, calls } = withFakeBucket({ etag: '"v1"', bytes: BYTES });
    await fake.createDownloadUrl(KEY);
    expect(calls).toEqual([]);
  });
});
