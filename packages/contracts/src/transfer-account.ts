import { z } from 'zod';

/**
 * Transfer account (spec 1 §2, `/profilesettings/transferAccount`): the OWNER of a BUSINESS
 * workspace hands ownership to another active member, who confirms with a mailed 6-digit code.
 * The API paths are this product's own (the spec names only the screens).
 */

/** Hours a mailed transfer code stays valid; a resend starts a new period. */
export const TRANSFER_CODE_TTL_HOURS = 24;
/** Wrong codes a request survives; the fifth wrong code kills the code until the owner resends. */
export const MAX_TRANSFER_CODE_ATTEMPTS = 5;
/** The user type the previous owner keeps after the transfer. */
export const PREVIOUS_OWNER_USER_TYPE = 'ADMIN' as const;

/**
 * PENDING: waiting for the target's code. ACCEPTED: done. CANCELLED: withdrawn by the owner.
 * REPLACED: the owner started a newer request (one pending request per workspace).
 */
export const TRANSFER_STATUSES = ['PENDING', 'ACCEPTED', 'CANCELLED', 'REPLACED'] as const;
export type TransferStatus = (typeof TRANSFER_STATUSES)[number];

export const ZStartTransferRequest = z.object({
  to_user_id: z.uuid('Pick a member of this workspace').describe('User id or membership id of the new owner'),
});
export type TStartTransferRequest = z.infer<typeof ZStartTransferRequest>;

export const ZAcceptTransferRequest = z.object({
  code: z
    .string({ error: 'Enter the code' })
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});
export type TAcceptTransferRequest = z.infer<typeof ZAcceptTransferRequest>;

export const ZTransferUser = z.object({
  _id: z.string(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type TTransferUser = z.infer<typeof ZTransferUser>;

export const ZTransferRequest = z.object({
  _id: z.string(),
  company_id: z.string(),
  company_name: z.string(),
  status: z.enum(TRANSFER_STATUSES),
  from_user: ZTransferUser,
  to_user: ZTransferUser,
  created_at: z.string(),
  /** When the current code stops working (a resend moves it). */
  expires_at: z.string(),
  is_expired: z.boolean(),
  /** Wrong codes left before the code dies (0: the owner must send a new code). */
  attempts_left: z.number().int(),
  last_sent_at: z.string(),
  accepted_at: z.string().nullable(),
  /** Whether the caller's session is in the request's workspace (accepting needs it). */
  is_current_workspace: z.boolean(),
  /** The caller is the one asked to become owner. */
  is_target: z.boolean(),
});
export type TTransferRequest = z.infer<typeof ZTransferRequest>;
