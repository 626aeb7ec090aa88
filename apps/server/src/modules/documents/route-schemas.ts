import { z } from 'zod';
import {
  ZConfigurableDocument,
  ZDocumentSettingsPatch,
  ZPublishSettings,
  ZRecipient,
} from '@esigns/contracts/documents';
import { ZErrorBody } from '@esigns/contracts/envelope';
import { hasPermission, type PermissionSlug } from '@esigns/contracts/permissions';
import type { AccessContext } from '../permissions';
import { forbidden } from './lookups';

export const ERRORS = {
  400: ZErrorBody,
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  413: ZErrorBody,
  415: ZErrorBody,
  422: ZErrorBody,
};
export const security = [{ bearer: [] }];

export const ZIdParam = <K extends string>(name: K, what: string) =>
  z.object({ [name]: z.string().max(100).describe(what) } as Record<K, z.ZodString>);

export const ZName = z.string({ error: 'Required' }).trim().min(1, 'Name is required').max(200);
/** Settings given in part: the rest keeps its value (no defaults filled in for keys left out). */
export const ZSettingsPatch = ZDocumentSettingsPatch;
export const ZSendKey = z
  .string()
  .trim()
  .min(8, 'Use at least 8 characters')
  .max(200)
  .describe('Idempotency key: the same key answers the first send again, without sending twice');

export const ZPageOpResult = z.object({
  document: ZConfigurableDocument,
  all_document_fields_removed: z.boolean(),
});

export const ZTemplateRow = z.object({
  _id: z.string(),
  name: z.string(),
  company_document_id: z.string(),
  status: z.enum(['ACTIVE', 'INACTIVE']),
  owner: z.object({ _id: z.string(), name: z.string(), email: z.string() }),
  shared_with: z.array(z.string()),
  updated_at: z.string(),
  created_at: z.string(),
  recipients_count: z.number().int(),
  fields_count: z.number().int(),
  page_count: z.number().int(),
  publish: ZPublishSettings,
});

export const ZRecipients = z.array(ZRecipient);

/** A query flag given as `true`/`false` (or 1/0). */
export const ZQueryBool = z
  .enum(['true', 'false', '1', '0'])
  .optional()
  .transform((v) => (v === undefined ? undefined : v === 'true' || v === '1'));

/** 403 unless the caller holds one of the slugs. */
export function requireAny(access: AccessContext, slugs: PermissionSlug[]): void {
  if (!slugs.some((slug) => hasPermission(access, slug))) throw forbidden(slugs[0]!);
}
