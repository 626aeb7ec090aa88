import { X509Certificate } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { AppError } from '../http/app-error';
import { createPdfSigner } from './pdf-signer';
import { signingKeys } from './schema';
import { sealDocument } from './seal-document';
import { signPdf } from './sign-pdf';
import { generateSigningIdentity, toP12 } from './signing-identity';
import { ACTIVE_SIGNING_KEY_ID, SigningKeyStore, signingKeyStoreFor } from './signing-key-store';
import { makePdf, pdfsig } from './testing';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

function newStore(secret = t.config.secrets.storageSecret): SigningKeyStore {
  // A store per "process": nothing shared but the database.
  return new SigningKeyStore({
    db: t.platform.database.db,
    secret,
    publicUrl: 'https://sign.example.com',
    contactInfo: 'no-reply@example.com',
  });
}

describe('SigningKeyStore', () => {
  it('creates one key under concurrency: two processes at once -> one row, one certificate', async () => {
    await t.platform.database.db.delete(signingKeys);
    const [a, b] = await Promise.all([newStore().getSigner(), newStore().getSigner()]);
    const rows = await t.platform.database.db.select().from(signingKeys);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.id).toBe(ACTIVE_SIGNING_KEY_ID);
    expect(a.fingerprint).toBe(b.fingerprint);
    expect(a.fingerprint).toBe(rows[0]!.fingerprintSha256);

    // A later process reads the same key instead of making one.
    const c = await newStore().getSigner();
    expect(c.fingerprint).toBe(a.fingerprint);
    expect(await t.platform.database.db.select().from(signingKeys)).toHaveLength(1);
  }, 60_000);

  it('generates an RSA 3072 self-signed certificate for the instance and keeps its key encrypted', async () => {
    const signer = await newStore().getSigner();
    const [row] = await t.platform.database.db.select().from(signingKeys);
    const cert = new X509Certificate(row!.certificatePem);
    expect(cert.subject).toContain('CN=e-Signs Document Sealing');
    expect(cert.subject).toContain('OU=sign.example.com');
    expect(cert.publicKey.asymmetricKeyDetails?.modulusLength).toBe(3072);
    expect(signer.name).toBe('e-Signs Document Sealing');
    expect(signer.location).toBe('sign.example.com');
    expect(signer.contactInfo).toBe('no-reply@example.com');
    expect(row!.encryptedPrivateKey).toMatch(/^v1\./);
    expect(row!.encryptedPrivateKey).not.toContain('PRIVATE KEY');
    expect(
      Buffer.from(row!.encryptedPrivateKey.split('.')[3]!, 'base64url').toString('latin1'),
    ).not.toContain('PRIVATE');
  }, 60_000);

  it('seals documents that pdfsig accepts and that verify as ours', async () => {
    const store = newStore();
    const signer = await store.getSigner();
    const sealed = await sealDocument({
      original: await makePdf([{}]),
      fields: [],
      values: {},
      certificate: {
        document: { id: 'd1', name: 'Doc', original_sha256: '' },
        sender: { name: 'S', email: 's@example.com' },
        recipients: [],
        events: [],
      },
      signer,
    });
    expect(pdfsig(sealed.bytes).output).toContain('Signature is Valid.');
    expect(await store.verify(sealed.bytes)).toMatchObject({ signed: true, intact: true, ours: true });
    expect(await store.ourFingerprints()).toEqual([signer.fingerprint]);

    const stranger = await generateSigningIdentity({ instanceName: 'Stranger', keyBits: 2048 });
    const foreign = await signPdf(
      await makePdf([{}]),
      createPdfSigner({ privateKey: stranger.privateKeyPem, certificates: [stranger.certificatePem] }),
    );
    expect(await store.verify(foreign)).toMatchObject({ signed: true, intact: true, ours: false });
  }, 60_000);

  it('still recognises documents sealed with a retired key', async () => {
    const old = await newStore().getSigner();
    const sealedBefore = await signPdf(await makePdf([{}]), old);
    // Operator rotation: the active row is renamed; the next use creates a new key.
    const { eq } = await import('drizzle-orm');
    await t.platform.database.db
      .update(signingKeys)
      .set({ id: `retired-${Date.now()}` })
      .where(eq(signingKeys.id, ACTIVE_SIGNING_KEY_ID));
    const store = newStore();
    const current = await store.getSigner();
    expect(current.fingerprint).not.toBe(old.fingerprint);
    expect(await store.verify(sealedBefore)).toMatchObject({ intact: true, ours: true });
  }, 60_000);

  it('refuses to run with another secret than the key was stored with (503), without replacing the key', async () => {
    const error = await newStore('not-the-storage-secret')
      .getSigner()
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).message).toContain('STORAGE_SECRET');
    const active = (await t.platform.database.db.select().from(signingKeys)).filter(
      (r) => r.id === ACTIVE_SIGNING_KEY_ID,
    );
    expect(active).toHaveLength(1);
  }, 60_000);

  it('signingKeyStoreFor gives one store per database, configured from the server config', async () => {
    const store = signingKeyStoreFor(t.platform.database.db, t.config);
    expect(signingKeyStoreFor(t.platform.database.db, t.config)).toBe(store);
    const signer = await store.getSigner();
    expect(signer.location).toBe('localhost:3000');
    expect(signer.contactInfo).toBe('no-reply@e-signs.local');
  }, 60_000);
});

describe('SigningKeyStore with SIGNING_P12', () => {
  let p12App: TestApp;
  let expectedFingerprint: string;

  beforeAll(async () => {
    const identity = await generateSigningIdentity({ instanceName: 'Operator CA', keyBits: 2048 });
    expectedFingerprint = createPdfSigner({
      privateKey: identity.privateKeyPem,
      certificates: [identity.certificatePem],
    }).fingerprint;
    p12App = await buildTestApp({
      SIGNING_P12: toP12(identity, 's3cret').toString('base64'),
      SIGNING_P12_PASSPHRASE: 's3cret',
    });
  }, 60_000);

  afterAll(async () => {
    await p12App.close();
  });

  it('seals with the operator’s bundle and stores no key', async () => {
    const store = signingKeyStoreFor(p12App.platform.database.db, p12App.config);
    const signer = await store.getSigner();
    expect(signer.fingerprint).toBe(expectedFingerprint);
    expect(signer.name).toBe('Operator CA Document Sealing');
    expect(await p12App.platform.database.db.select().from(signingKeys)).toHaveLength(0);
    const sealed = await signPdf(await makePdf([{}]), signer);
    expect(await store.verify(sealed)).toMatchObject({ intact: true, ours: true });
  });

  it('answers 503 with the reason when the bundle cannot be opened', async () => {
    const store = new SigningKeyStore({
      db: p12App.platform.database.db,
      secret: 'x',
      publicUrl: 'http://localhost',
      p12: { source: p12App.config.signingP12!.source, passphrase: 'wrong' },
    });
    const error = await store.getSigner().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(503);
    expect((error as AppError).message).toContain('SIGNING_P12');
  });
});
