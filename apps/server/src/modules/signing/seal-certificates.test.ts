import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/test-app';
import { seedCompany, type SeededCompany } from '../../../test/seed-company';
import { signingKeyStoreFor } from '../../platform/pdf/signing-key-store';
import {
  issueCertificate,
  makeTestCa,
  p12Of,
  pdfsigTrusting,
  type TestIdentity,
} from '../../platform/pdf/test-pki';
import { verifyPdf } from '../../platform/pdf/verify-pdf';
import { caller, keysOf } from '../documents/test-helpers';
import { companySealCertificates } from './schema';
import { completedFileKey } from './seal-service';
import { sealedNow } from './test-helpers';
import { verifyUploadedDocument } from './verify-service';

/* A company's own sealing certificate (bring your own PKCS#12): checks, storage, seals in its name. */

let t: TestApp;
let acme: SeededCompany;
let other: SeededCompany;
let call: ReturnType<typeof caller>;
let ca: TestIdentity;
let rsa: TestIdentity;
let ecdsa: TestIdentity;
/** A document sealed with the company's first (RSA) certificate. */
let sealedWithRsa: Buffer;

const PATH = '/api/company-seal-certificate';
const PASS = 'correct horse battery';
/** Seals, PKCS#12 exports and pdfsig runs on a shared, busy machine. */
const SLOW = 240_000;

beforeAll(async () => {
  t = await buildTestApp();
  call = caller(t);
  acme = await seedCompany(t, { name: 'Own Seal Realty' });
  other = await seedCompany(t, { name: 'Instance Seal Estates' });
  ca = await makeTestCa('Own Seal Test CA', 'rsa');
  rsa = await issueCertificate(ca, { name: 'Own Seal Realty Sealing', role: 'sealing', key: 'rsa' });
  ecdsa = await issueCertificate(ca, { name: 'Own Seal Realty EC Sealing', role: 'sealing', key: 'ec' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

const db = () => t.platform.database.db;
const fingerprintOf = (identity: TestIdentity) => createHash('sha256').update(identity.der).digest('hex');

async function upload(who: SeededCompany['users']['OWNER'], p12: Buffer, passphrase = PASS) {
  return call('PUT', PATH, who, { file: p12.toString('base64'), passphrase });
}

/** Seals a document of `company` (its recipient marked SIGNED directly) and answers the PDF. */
async function sealedDocumentOf(company: SeededCompany): Promise<Buffer> {
  const { id } = await sealedNow(t, company, { emailTag: 'own-seal' });
  return t.platform.storage.get(completedFileKey(company.companyId, id));
}

describe('a company seals in its own name', () => {
  it(
    'starts on the instance identity',
    async () => {
      const res = await call('GET', PATH, acme.users.OWNER);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ source: 'INSTANCE', certificate: null });
    },
    SLOW,
  );

  it(
    'an RSA PKCS#12: stored encrypted, answered without key or passphrase, seals its documents',
    async () => {
      const res = await upload(acme.users.OWNER, await p12Of(rsa, PASS, { chain: [ca] }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toMatchObject({
        source: 'COMPANY',
        certificate: {
          common_name: 'Own Seal Realty Sealing',
          subject: 'CN=Own Seal Realty Sealing, O=e-Signs Tests',
          issuer: 'CN=Own Seal Test CA, O=e-Signs Tests',
          key_type: 'RSA 2048',
          fingerprint_sha256: fingerprintOf(rsa),
          chain_length: 2,
        },
      });
      expect(res.body).not.toContain(PASS);
      expect(res.body).not.toMatch(/PRIVATE KEY/);
      const [row] = await db()
        .select()
        .from(companySealCertificates)
        .where(eq(companySealCertificates.companyId, acme.companyId));
      expect(row!.encryptedPrivateKey).toMatch(/^v1\./);
      expect(row!.encryptedPrivateKey).not.toContain('PRIVATE KEY');
      expect(JSON.stringify(row)).not.toContain(PASS);

      const bytes = await sealedDocumentOf(acme);
      sealedWithRsa = bytes;
      const check = verifyPdf(bytes);
      expect(check.intact).toBe(true);
      expect(check.signed_by).toBe('Own Seal Realty Sealing');
      expect(check.chain.map((c) => c.fingerprint)).toEqual([fingerprintOf(rsa), fingerprintOf(ca)]);
      expect(check.chain_status).toBe('COMPLETE');
      const pdfsig = await pdfsigTrusting(bytes, [ca]);
      expect(pdfsig).toContain('Signature is Valid');
      expect(pdfsig).toContain('Own Seal Realty Sealing');
      expect(pdfsig).toContain('Certificate is Trusted');
      // The public verification page counts it as this instance's seal.
      expect(await verifyUploadedDocument(t.platform, bytes)).toMatchObject({ ours: true, known: true });
    },
    SLOW,
  );

  it(
    'another company is still sealed with the instance identity',
    async () => {
      const instance = await signingKeyStoreFor(db(), t.platform.config).getSigner();
      expect((await call('GET', PATH, other.users.OWNER)).json().data).toEqual({
        source: 'INSTANCE',
        certificate: null,
      });
      const check = verifyPdf(await sealedDocumentOf(other));
      expect(check.intact).toBe(true);
      expect(check.chain[0]!.fingerprint).toBe(instance.fingerprint);
    },
    SLOW,
  );

  it(
    'an ECDSA PKCS#12 (legacy 3DES container) replaces it; the earlier seals still verify as ours',
    async () => {
      const res = await upload(acme.users.ADMIN, await p12Of(ecdsa, PASS, { chain: [ca], legacy: true }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.certificate).toMatchObject({
        key_type: 'ECDSA P-256',
        fingerprint_sha256: fingerprintOf(ecdsa),
      });
      const rows = await db()
        .select()
        .from(companySealCertificates)
        .where(eq(companySealCertificates.companyId, acme.companyId));
      expect(rows).toHaveLength(2);
      const retired = rows.find((r) => r.retiredAt !== null)!;
      expect(retired.fingerprintSha256).toBe(fingerprintOf(rsa));
      expect(retired.encryptedPrivateKey).toBeNull();

      const bytes = await sealedDocumentOf(acme);
      const check = verifyPdf(bytes);
      expect(check.intact).toBe(true);
      expect(check.chain[0]!.fingerprint).toBe(fingerprintOf(ecdsa));
      expect(await pdfsigTrusting(bytes, [ca])).toContain('Signature is Valid');
      expect(await verifyUploadedDocument(t.platform, sealedWithRsa)).toMatchObject({
        ours: true,
        known: true,
      });
    },
    SLOW,
  );

  it(
    'refuses what cannot seal, with the reason (422), and keeps the current certificate',
    async () => {
      const refused = async (p12: Buffer, key: string, message: RegExp, passphrase = PASS) => {
        const res = await upload(acme.users.OWNER, p12, passphrase);
        expect(res.statusCode, res.body).toBe(422);
        expect(keysOf(res)).toEqual([key]);
        expect(res.json().errors.details[0].message).toMatch(message);
      };
      await refused(await p12Of(rsa, PASS), 'passphrase', /passphrase does not open/, 'wrong');
      await refused(Buffer.from('%PDF-1.7 not a bundle'), 'file', /not a PKCS#12/);
      await refused(ca.der, 'file', /not a PKCS#12/);
      await refused(await p12Of(rsa, PASS, { noKey: true }), 'file', /no private key/);
      const expired = await issueCertificate(ca, {
        name: 'Expired Sealing',
        role: 'sealing',
        key: 'rsa',
        notBefore: new Date(Date.now() - 30 * 86_400_000),
        notAfter: new Date(Date.now() - 86_400_000),
      });
      await refused(await p12Of(expired, PASS), 'file', /expired on/);
      const encryption = await issueCertificate(ca, {
        name: 'Encryption only',
        role: 'encryption',
        key: 'rsa',
      });
      await refused(await p12Of(encryption, PASS), 'file', /key usage/);
      // Bad input in the body: schema errors, never a 500.
      for (const body of [
        {},
        { file: '***', passphrase: PASS },
        { file: 'AAAA' },
        { file: 'A'.repeat(200_000), passphrase: '' },
      ]) {
        const res = await call('PUT', PATH, acme.users.OWNER, body);
        expect(res.statusCode, res.body).toBe(422);
      }
      expect((await call('GET', PATH, acme.users.OWNER)).json().data.certificate.fingerprint_sha256).toBe(
        fingerprintOf(ecdsa),
      );
    },
    SLOW,
  );

  it(
    'only owners and administrators change it; another company cannot see or remove it',
    async () => {
      const p12 = await p12Of(rsa, PASS);
      for (const who of [acme.users.MANAGER, acme.users.MEMBER]) {
        expect((await upload(who, p12)).statusCode).toBe(403);
        expect((await call('DELETE', PATH, who)).statusCode).toBe(403);
      }
      expect(
        (await call('PUT', PATH, undefined, { file: p12.toString('base64'), passphrase: PASS })).statusCode,
      ).toBe(401);
      // Routes are the caller's company only: another company sees its own (none) and has nothing to remove.
      expect((await call('GET', PATH, other.users.OWNER)).json().data.source).toBe('INSTANCE');
      expect((await call('DELETE', PATH, other.users.OWNER)).statusCode).toBe(404);
      expect((await call('GET', PATH, acme.users.ADMIN)).json().data.source).toBe('COMPANY');
    },
    SLOW,
  );

  it(
    'removing it returns the company to the instance identity',
    async () => {
      const res = await call('DELETE', PATH, acme.users.OWNER);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data).toEqual({ source: 'INSTANCE', certificate: null });
      const instance = await signingKeyStoreFor(db(), t.platform.config).getSigner();
      expect(verifyPdf(await sealedDocumentOf(acme)).chain[0]!.fingerprint).toBe(instance.fingerprint);
      expect((await call('DELETE', PATH, acme.users.OWNER)).statusCode).toBe(404);
    },
    SLOW,
  );
});
