import { and, eq, isNull } from 'drizzle-orm';
import type { TCompanySealCertificate, TSealCertificateUpload } from '@esigns/contracts/seal-certificates';
import { MAX_SEAL_P12_BYTES } from '@esigns/contracts/seal-certificates';
import { secretBox, type SecretBox } from '../../platform/auth/secret-box';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import { createPdfSigner, type PdfSigner } from '../../platform/pdf/pdf-signer';
import { sealContactInfo, sealLocation } from '../../platform/pdf/signing-key-store';
import { checkUploadedP12 } from '../../platform/pdf/uploaded-p12';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { companySealCertificates } from './schema';

/*
 * A company's own sealing identity (bring your own PKCS#12; README "Sealing in the company's
 * name"). One active row per company; a replaced or removed certificate is retired (its key
 * erased) and kept so that what it sealed still verifies as this instance's.
 */

type Row = typeof companySealCertificates.$inferSelect;

const boxes = new Map<string, SecretBox>();
function boxOf(storageSecret: string): SecretBox {
  let box = boxes.get(storageSecret);
  if (!box) {
    box = secretBox(storageSecret, 'company_seal_certificates/private-key');
    boxes.set(storageSecret, box);
  }
  return box;
}
/** The key is bound to its company and certificate: a ciphertext moved to another row does not open. */
const keyOwner = (row: Pick<Row, 'companyId' | 'fingerprintSha256'>) =>
  `${row.companyId}:${row.fingerprintSha256}`;

/** OWNER and ADMIN only (with `company:update`): the certificate speaks for the whole company. */
export function assertCanManageSealCertificate(access: AccessContext): void {
  if (access.userType !== 'OWNER' && access.userType !== 'ADMIN') {
    throw new AppError('FORBIDDEN', {
      message: "Only owners and administrators manage the company's sealing certificate",
    });
  }
}

async function activeRow(platform: Platform, companyId: string): Promise<Row | undefined> {
  const [row] = await platform.database.db
    .select()
    .from(companySealCertificates)
    .where(and(eq(companySealCertificates.companyId, companyId), isNull(companySealCertificates.retiredAt)))
    .limit(1);
  return row;
}

function answerOf(row: Row | undefined): TCompanySealCertificate {
  if (!row) return { source: 'INSTANCE', certificate: null };
  return {
    source: 'COMPANY',
    certificate: {
      subject: row.subject,
      common_name: row.commonName,
      issuer: row.issuer,
      not_before: row.notBefore.toISOString(),
      not_after: row.notAfter.toISOString(),
      key_type: row.keyType,
      fingerprint_sha256: row.fingerprintSha256,
      chain_length: row.chainLength,
      uploaded_at: row.createdAt.toISOString(),
    },
  };
}

export async function readCompanySealCertificate(
  platform: Platform,
  companyId: string,
): Promise<TCompanySealCertificate> {
  return answerOf(await activeRow(platform, companyId));
}

/**
 * Checks the bundle (422 with the reason on `file` or `passphrase`), then makes it the company's
 * sealing identity: the previous one is retired in the same transaction. Two uploads at the very
 * same moment: one wins, the other gets 409 (the one-active-row index).
 */
export async function saveCompanySealCertificate(
  platform: Platform,
  access: AccessContext,
  upload: TSealCertificateUpload,
): Promise<TCompanySealCertificate> {
  const der = Buffer.from(upload.file, 'base64');
  if (der.length === 0 || der.length > MAX_SEAL_P12_BYTES) {
    throw validationError([
      { key: 'file', message: 'The file must be a PKCS#12 bundle of at most 64 KB', path: ['file'] },
    ]);
  }
  const checked = checkUploadedP12(der, upload.passphrase);
  const { info } = checked;
  const companyId = access.companyId;
  const owner = keyOwner({ companyId, fingerprintSha256: info.fingerprint_sha256 });
  const row = await platform.database.db.transaction(async (tx) => {
    await retireActive(tx, companyId);
    const [inserted] = await tx
      .insert(companySealCertificates)
      .values({
        companyId,
        certificatesPem: checked.certificatesPem.join(''),
        fingerprintSha256: info.fingerprint_sha256,
        subject: info.subject,
        commonName: info.common_name,
        issuer: info.issuer,
        notBefore: info.not_before,
        notAfter: info.not_after,
        keyType: info.key_type,
        chainLength: info.chain_length,
        encryptedPrivateKey: boxOf(platform.config.secrets.storageSecret).seal(checked.privateKeyPem, owner),
        uploadedBy: access.userId,
      })
      .returning();
    return inserted!;
  });
  return answerOf(row);
}

/** Back to the instance's identity for the company's next seals. 404 when it has none of its own. */
export async function removeCompanySealCertificate(
  platform: Platform,
  companyId: string,
): Promise<TCompanySealCertificate> {
  const retired = await platform.database.db.transaction((tx) => retireActive(tx, companyId));
  if (retired === 0) throw notFound('Company sealing certificate');
  return answerOf(undefined);
}

type Tx = Parameters<Parameters<Platform['database']['db']['transaction']>[0]>[0];

async function retireActive(tx: Tx, companyId: string): Promise<number> {
  const rows = await tx
    .update(companySealCertificates)
    .set({ retiredAt: new Date(), encryptedPrivateKey: null })
    .where(and(eq(companySealCertificates.companyId, companyId), isNull(companySealCertificates.retiredAt)))
    .returning({ id: companySealCertificates.id });
  return rows.length;
}

/** Parsed signers by row id (a row never changes but for its retirement): one decrypt per process. */
const signers = new Map<string, PdfSigner>();

/**
 * The company's own signer, or null when it seals with the instance's identity. Read on every seal
 * (one indexed row), so an upload or removal in another process counts from the next seal on.
 * A key that cannot be decrypted (STORAGE_SECRET changed) is 503: never a silent fallback to the
 * instance's name.
 */
export async function companySignerFor(platform: Platform, companyId: string): Promise<PdfSigner | null> {
  const row = await activeRow(platform, companyId);
  if (!row?.encryptedPrivateKey) return null;
  const cached = signers.get(row.id);
  if (cached) return cached;
  let privateKey: string;
  try {
    privateKey = boxOf(platform.config.secrets.storageSecret).open(row.encryptedPrivateKey, keyOwner(row));
  } catch (err) {
    throw new AppError('SERVICE_UNAVAILABLE', {
      message:
        "The company's sealing key cannot be decrypted: STORAGE_SECRET is not the one it was stored with",
      cause: err,
    });
  }
  const signer = createPdfSigner({
    privateKey,
    certificates:
      row.certificatesPem.match(/-----BEGIN CERTIFICATE-----[^-]+-----END CERTIFICATE-----/g) ?? [],
    location: sealLocation(platform.config),
    contactInfo: sealContactInfo(platform.config),
  });
  if (signers.size > 500) signers.clear();
  signers.set(row.id, signer);
  return signer;
}

/** Fingerprints of every company certificate, retired ones too: their seals are this instance's. */
export async function companyCertificateFingerprints(platform: Platform): Promise<string[]> {
  const rows = await platform.database.db
    .selectDistinct({ fingerprint: companySealCertificates.fingerprintSha256 })
    .from(companySealCertificates);
  return rows.map((r) => r.fingerprint);
}
