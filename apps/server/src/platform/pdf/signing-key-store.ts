import { createCipheriv, createDecipheriv, hkdfSync, randomBytes, X509Certificate } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { DEFAULT_BRANDING } from '@esigns/contracts/branding';
import type { AppConfig } from '../config/config';
import type { Db } from '../db/database';
import { AppError } from '../http/app-error';
import { certificateFingerprint, createPdfSigner, SignerError, type PdfSigner } from './pdf-signer';
import { signingKeys } from './schema';
import { generateSigningIdentity, readP12 } from './signing-identity';
import { verifyPdf, type PdfVerification } from './verify-pdf';

/** The id of the sealing identity in use; other rows are retired keys. */
export const ACTIVE_SIGNING_KEY_ID = 'instance';

export type SigningKeyStoreOptions = {
  db: Db;
  /** Secret the private key is encrypted with (the server's STORAGE_SECRET). */
  secret: string;
  /** Public address of the instance: the certificate's unit and the signature's `/Location`. */
  publicUrl: string;
  /** `/ContactInfo` of seals, e.g. the instance's sender address. */
  contactInfo?: string;
  /** Product name in the certificate: "<name> Document Sealing". */
  instanceName?: string;
  /** An operator-supplied identity (SIGNING_P12) used instead of the database one. */
  p12?: { source: string; passphrase: string };
};

/**
 * The instance's sealing identity. With SIGNING_P12 it is that bundle; otherwise a self-signed
 * certificate generated on first use and stored in `signing_keys`, so that every process (API
 * nodes, workers) seals with the same one: concurrent first uses each generate a candidate, insert
 * it with ON CONFLICT DO NOTHING, and all use the row that won.
 */
export class SigningKeyStore {
  private signer: Promise<PdfSigner> | null = null;

  constructor(private readonly options: SigningKeyStoreOptions) {}

  /** The signer to seal with (cached; a failure is not cached, so the next call retries). */
  getSigner(): Promise<PdfSigner> {
    if (!this.signer) {
      this.signer = this.loadSigner().catch((err: unknown) => {
        this.signer = null;
        throw err;
      });
    }
    return this.signer;
  }

  /** Fingerprints of every certificate this instance has sealed with (active, retired, P12). */
  async ourFingerprints(): Promise<string[]> {
    const rows = await this.options.db
      .select({ fingerprint: signingKeys.fingerprintSha256 })
      .from(signingKeys);
    const fingerprints = rows.map((r) => r.fingerprint);
    if (this.options.p12) fingerprints.push((await this.getSigner()).fingerprint);
    return [...new Set(fingerprints)];
  }

  /** `verifyPdf` with `ours` answered for this instance. */
  async verify(pdfBytes: Uint8Array): Promise<PdfVerification> {
    return verifyPdf(pdfBytes, { ourFingerprints: await this.ourFingerprints() });
  }

  private async loadSigner(): Promise<PdfSigner> {
    const identity = {
      location: new URL(this.options.publicUrl).host,
      contactInfo: this.options.contactInfo ?? '',
    };
    if (this.options.p12) {
      try {
        return readP12(this.options.p12.source, this.options.p12.passphrase, identity);
      } catch (err) {
        throw new AppError('SERVICE_UNAVAILABLE', {
          message: err instanceof SignerError ? err.message : 'SIGNING_P12 cannot be used',
          cause: err,
        });
      }
    }
    let row = await this.readActive();
    if (!row) {
      const generated = await generateSigningIdentity({
        instanceName: this.options.instanceName ?? DEFAULT_BRANDING.app_name,
        unit: identity.location,
      });
      const fingerprint = certificateFingerprint(new X509Certificate(generated.certificatePem).raw);
      await this.options.db
        .insert(signingKeys)
        .values({
          id: ACTIVE_SIGNING_KEY_ID,
          certificatePem: generated.certificatePem,
          fingerprintSha256: fingerprint,
          encryptedPrivateKey: encryptKey(generated.privateKeyPem, this.options.secret, fingerprint),
        })
        .onConflictDoNothing();
      row = await this.readActive();
      if (!row) throw new AppError('SERVICE_UNAVAILABLE', { message: 'The sealing key could not be stored' });
    }
    let privateKeyPem: string;
    try {
      privateKeyPem = decryptKey(row.encryptedPrivateKey, this.options.secret, row.fingerprintSha256);
    } catch (err) {
      throw new AppError('SERVICE_UNAVAILABLE', {
        message:
          'The sealing key cannot be decrypted: STORAGE_SECRET is not the one it was stored with (see platform/pdf/README.md)',
        cause: err,
      });
    }
    return createPdfSigner({ privateKey: privateKeyPem, certificates: [row.certificatePem], ...identity });
  }

  private async readActive() {
    const [row] = await this.options.db
      .select()
      .from(signingKeys)
      .where(eq(signingKeys.id, ACTIVE_SIGNING_KEY_ID))
      .limit(1);
    return row;
  }
}

const stores = new WeakMap<Db, SigningKeyStore>();

/** One store per database handle (so per process), configured from the server configuration. */
export function signingKeyStoreFor(db: Db, config: AppConfig): SigningKeyStore {
  let store = stores.get(db);
  if (!store) {
    store = new SigningKeyStore({
      db,
      secret: config.secrets.storageSecret,
      publicUrl: config.publicUrl,
      contactInfo: sealContactInfo(config),
      p12: config.signingP12,
    });
    stores.set(db, store);
  }
  return store;
}

/** `/Location` of every seal: the instance's public host. */
export function sealLocation(config: AppConfig): string {
  return new URL(config.publicUrl).host;
}

/** `/ContactInfo` of every seal: the address of MAIL_FROM. */
export function sealContactInfo(config: AppConfig): string {
  return /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom;
}

function keyFrom(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, 'e-signs/signing_keys', 'private-key/v1', 32));
}

/** AES-256-GCM, bound to the certificate's fingerprint (as additional data). */
export function encryptKey(privateKeyPem: string, secret: string, fingerprint: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyFrom(secret), iv);
  cipher.setAAD(Buffer.from(fingerprint));
  const ciphertext = Buffer.concat([cipher.update(privateKeyPem, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), ciphertext]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptKey(stored: string, secret: string, fingerprint: string): string {
  const [version, iv, tag, ciphertext] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || !ciphertext) throw new Error('unknown key format');
  const decipher = createDecipheriv('aes-256-gcm', keyFrom(secret), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(fingerprint));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString(
    'utf8',
  );
}
