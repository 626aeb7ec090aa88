import type { TDateStyle } from '@esigns/contracts/dates';
import type { TField, TRecipientStatus, TRecipientType } from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';
import type { TVerificationMethod } from '@esigns/contracts/signing';
import type { Platform } from '../../platform/platform';
import type { PdfSigner } from '../../platform/pdf/pdf-signer';
import { sealDocument } from '../../platform/pdf/seal-document';
import { signingKeyStoreFor } from '../../platform/pdf/signing-key-store';
import { createTimestamper, type Timestamper } from '../../platform/pdf/timestamp';

/** What the seal of one document is built from (gathered by `seal-service.ts`). */
export type SealInput = {
  original: Buffer;
  /** The company's own sealing identity (seal-certificates.ts), or null: the instance's seals. */
  companySigner: PdfSigner | null;
  document: {
    id: string;
    name: string;
    sentAt: Date | null;
    sender: { name: string; email: string; companyName: string };
    /** The company's white-label name and colour for the certificate. */
    brand?: { name?: string; color?: string };
  };
  completedAt: Date;
  /** The company's date format and time zone: date fields and the certificate's times. */
  dates: TDateStyle;
  fields: TField[];
  values: Record<string, string>;
  recipients: {
    name: string;
    email: string;
    userType: TRecipientType;
    roleName: string;
    status: TRecipientStatus;
    sentAt: Date | null;
    viewedAt: Date | null;
    finishedAt: Date | null;
    ip: string | null;
    userAgent: string | null;
    verification: TVerificationMethod[];
    /** `Name <email>` of the staff user who hosted their finish in person, else null. */
    hostedBy: string | null;
    signature: string | null;
  }[];
  events: { at: Date; action: string; actor: string | null; ip: string | null }[];
};

/**
 * The final PDF through the sealing library (`platform/pdf`): values stamped and flattened,
 * the certificate of completion appended, a PAdES signature with the company's own identity when
 * it has uploaded one (seal-certificates.ts), else the instance's.
 */
export async function buildSealedPdf(
  platform: Platform,
  input: SealInput,
): Promise<{ bytes: Buffer; sha256: string; pages: TPageSize[] }> {
  const signer =
    input.companySigner ?? (await signingKeyStoreFor(platform.database.db, platform.config).getSigner());
  const timestamper = timestamperFor(platform);
  const sealed = await sealDocument({
    ...(timestamper ? { timestamper } : {}),
    original: input.original,
    fields: input.fields,
    values: input.values,
    signer,
    certificate: {
      document: {
        id: input.document.id,
        name: input.document.name,
        original_sha256: '',
        status: 'COMPLETED',
        sent_at: input.document.sentAt,
        completed_at: input.completedAt,
      },
      sender: {
        name: input.document.sender.name,
        email: input.document.sender.email,
        company: input.document.sender.companyName,
      },
      recipients: input.recipients.map((r) => ({
        name: r.name,
        email: r.email,
        role: r.userType,
        role_name: r.roleName || null,
        status: r.status,
        sent_at: r.sentAt,
        viewed_at: r.viewedAt,
        finished_at: r.finishedAt,
        ip: r.ip,
        user_agent: r.userAgent,
        verification: r.verification,
        hosted_by: r.hostedBy,
        signature: r.signature,
      })),
      events: input.events,
      dates: input.dates,
      ...(input.document.brand ? { brand: input.document.brand } : {}),
    },
  });
  return { bytes: sealed.bytes, sha256: sealed.sha256, pages: sealed.pages };
}

/**
 * The timestamp authorities of TSA_URLS (PAdES B-T), or none (B-B). When they are configured a
 * seal never goes without its timestamp: a failure throws (TIMESTAMP_UNAVAILABLE) and the seal job
 * waits for an authority (seal-service.ts).
 */
export function timestamperFor(platform: Platform): Timestamper | undefined {
  const { urls, timeoutMs } = platform.config.timestamps;
  return urls.length > 0 ? createTimestamper({ urls, timeoutMs }) : undefined;
}
