import { execFileSync } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../http/app-error';
import type { PdfSigner } from './pdf-signer';
import { signPdf } from './sign-pdf';
import { readP12 } from './signing-identity';
import {
  issueCertificate,
  makeTestCa,
  pdfsigTrusting,
  signerOf,
  startTestTsa,
  type TestIdentity,
  type TestTsa,
} from './test-pki';
import { makePdf } from './testing';
import { createTimestamper, isTimestampUnavailable, TIMESTAMP_UNAVAILABLE } from './timestamp';
import { verifyPdf } from './verify-pdf';

let ca: TestIdentity;
let sealing: TestIdentity;
let signer: PdfSigner;
let tsa: TestTsa;

beforeAll(async () => {
  ca = await makeTestCa();
  sealing = await issueCertificate(ca, { name: 'Acme Sealing', role: 'sealing', key: 'rsa' });
  signer = await signerOf(sealing, [ca]);
  tsa = await startTestTsa(ca);
}, 30_000);

afterAll(async () => {
  await tsa.close();
});

/** An HTTP server that never answers (a hanging authority). */
async function silentServer(): Promise<{ url: string; close(): void }> {
  const server = createServer(() => undefined);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

describe('PAdES B-T: a signature timestamp from an RFC 3161 authority', { timeout: 30_000 }, () => {
  it('carries a token over the signature value; pdfsig trusts it with the test CA; verifyPdf reads the time', async () => {
    const before = Date.now();
    const signed = await signPdf(await makePdf([{}]), signer, {
      timestamper: createTimestamper({ urls: [tsa.url] }),
    });
    const check = verifyPdf(signed);
    expect(check).toMatchObject({ intact: true, level: 'B-T', chain_status: 'COMPLETE' });
    const signature = check.signatures[0]!;
    expect(signature.timestamp).toMatchObject({ valid: true, authority: 'e-Signs Test TSA', problem: null });
    const stamped = Date.parse(signature.timestamp!.time!);
    expect(stamped).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000);
    expect(stamped).toBeLessThanOrEqual(Date.now());
    const output = await pdfsigTrusting(signed, [ca]);
    expect(output).toContain('Signature Validation: Signature is Valid.');
    expect(output).toContain('Certificate Validation: Certificate is Trusted.');
    expect(output).toContain('Total document signed');
  });

  it('detects tampering of the content and of the token', async () => {
    const signed = await signPdf(await makePdf([{}]), signer, {
      timestamper: createTimestamper({ urls: [tsa.url] }),
    });
    const content = Buffer.from(signed);
    const at = content.indexOf('stream') + 20;
    content[at] = content[at]! ^ 1;
    expect(verifyPdf(content).intact).toBe(false);
    expect(await pdfsigTrusting(content, [ca])).not.toContain('Signature is Valid.');

    // The token's TSTInfo (its genTime) edited: the token's own signature breaks.
    const token = Buffer.from(signed);
    const time = token.indexOf(Buffer.from(new Date().getUTCFullYear().toString()).toString('hex'));
    expect(time).toBeGreaterThan(0);
    token.write('3', time + 1, 'latin1'); // 2026 -> 2036 (hex '32' -> '33' on the first digit pair)
    const checked = verifyPdf(token).signatures[0]!;
    expect(checked.timestamp?.valid).toBe(false);
  });

  it('tries the authorities in order, each with its time-out', async () => {
    const silent = await silentServer();
    try {
      // The silent one never answers: only its time-out lets the third one be asked. The time-out
      // leaves the local authority room on a loaded machine (300 ms did not, under a full suite).
      const signed = await signPdf(await makePdf([{}]), signer, {
        timestamper: createTimestamper({
          urls: [silent.url, 'http://127.0.0.1:1', tsa.url],
          timeoutMs: 3_000,
        }),
      });
      expect(verifyPdf(signed).signatures[0]?.timestamp?.valid).toBe(true);
    } finally {
      silent.close();
    }
  });

  it('throws a retryable 503 (TIMESTAMP_UNAVAILABLE) naming the problem when no authority answers', async () => {
    tsa.failWith = 503;
    try {
      const error = await signPdf(await makePdf([{}]), signer, {
        timestamper: createTimestamper({ urls: [tsa.url], timeoutMs: 1000 }),
      }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).status).toBe(503);
      expect((error as AppError).errorCode).toBe(TIMESTAMP_UNAVAILABLE);
      expect(isTimestampUnavailable(error)).toBe(true);
      expect((error as AppError).message).toContain('HTTP 503');
    } finally {
      tsa.failWith = null;
    }
  });

  it('refuses an answer that is not a timestamp response', async () => {
    const server = createServer((_req, res) => res.end('hello'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const error = await createTimestamper({ urls: [url] })
        .stamp(Buffer.from('x'))
        .catch((e: unknown) => e);
      expect(isTimestampUnavailable(error)).toBe(true);
      expect((error as AppError).message).toContain('not a timestamp response');
    } finally {
      server.close();
    }
  });
});

describe('PKCS#12 with an ECDSA key', { timeout: 30_000 }, () => {
  it('reads an OpenSSL bundle (PBES2/AES) holding a P-256 key and its chain, and seals with it', async () => {
    const ec = await issueCertificate(ca, { name: 'EC Company Sealing', role: 'sealing', key: 'ec' });
    const dir = mkdtempSync(path.join(os.tmpdir(), 'p12-ec-'));
    try {
      const pkcs8 = Buffer.from(await webcrypto.subtle.exportKey('pkcs8', ec.keys.privateKey));
      const keyPem = `-----BEGIN PRIVATE KEY-----\n${pkcs8.toString('base64').replace(/(.{64})/g, '$1\n')}\n-----END PRIVATE KEY-----\n`;
      writeFileSync(path.join(dir, 'key.pem'), keyPem);
      writeFileSync(path.join(dir, 'cert.pem'), ec.pem);
      writeFileSync(path.join(dir, 'ca.pem'), ca.pem);
      execFileSync('openssl', [
        'pkcs12',
        '-export',
        '-inkey',
        path.join(dir, 'key.pem'),
        '-in',
        path.join(dir, 'cert.pem'),
        '-certfile',
        path.join(dir, 'ca.pem'),
        '-passout',
        'pass:ec secret',
        '-out',
        path.join(dir, 'seal.p12'),
      ]);
      const p12 = readFileSync(path.join(dir, 'seal.p12'));
      const fromP12 = readP12(p12.toString('base64'), 'ec secret');
      expect(fromP12.privateKey.asymmetricKeyType).toBe('ec');
      expect(fromP12.name).toBe('EC Company Sealing');
      expect(fromP12.certificates).toHaveLength(2);
      const signed = await signPdf(await makePdf([{}]), fromP12);
      expect(verifyPdf(signed, { ourFingerprints: [fromP12.fingerprint] })).toMatchObject({
        intact: true,
        ours: true,
      });
      const output = await pdfsigTrusting(signed, [ca]);
      expect(output).toContain('Signature is Valid.');
      expect(output).toContain('Certificate is Trusted.');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
