import { z } from 'zod';

/** One entry of a 422 answer: `key` is the field name or the dotted path of a nested field. */
export const ZValidationDetail = z.object({
  key: z.string(),
  message: z.string(),
  path: z.array(z.union([z.string(), z.number()])),
});
export type TValidationDetail = z.infer<typeof ZValidationDetail>;

export const ZErrorBody = z
  .object({
    success: z.literal(false),
    message: z.string(),
    error_code: z.string().optional(),
    status_code: z.string().optional(),
    request_id: z.string().optional(),
    errors: z.object({ details: z.array(ZValidationDetail) }).optional(),
    /** Facts a client acts on (a 402 PAYMENT_REQUIRED: limit, usage, allowed, plan, upgradePlan). */
    data: z.record(z.string(), z.unknown()).optional(),
  })
  .meta({ id: 'ErrorBody' });
export type TErrorBody = z.infer<typeof ZErrorBody>;

/** `{ success: true, message?, data }`: the shape of every successful answer. */
export function ZSuccess<T extends z.ZodType>(data: T) {
  return z.object({ success: z.literal(true), message: z.string().optional(), data });
}

export type TSuccess<T> = { success: true; message?: string; data: T };

/** A page of a list: `data` holds the rows, `page` is 1-based. */
export function ZPaged<T extends z.ZodType>(row: T) {
  return z.object({
    data: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    total_pages: z.number().int(),
  });
}

export type TPaged<T> = { data: T[]; total: number; page: number; total_pages: number };

/**
 * Query `page` and `limit`: a value that is not a positive whole number falls back to page 1,
 * limit 5 (API conventions). `limit` is capped so that one call cannot ask for everything.
 */
export const MAX_PAGE_LIMIT = 500;
/** The last page a list reads: beyond it the offset would overflow (a 500); it answers an empty page. */
export const MAX_PAGE = 1_000_000;
export const ZPageQuery = z.object({
  page: z
    .unknown()
    .optional()
    .transform((v) => Math.min(positiveIntOr(v, 1), MAX_PAGE)),
  limit: z
    .unknown()
    .optional()
    .transform((v) => Math.min(positiveIntOr(v, 5), MAX_PAGE_LIMIT)),
});
export type TPageQuery = z.output<typeof ZPageQuery>;

function positiveIntOr(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export function toPaged<T>(rows: T[], total: number, query: TPageQuery): TPaged<T> {
  return { data: rows, total, page: query.page, total_pages: Math.ceil(total / query.limit) };
}
