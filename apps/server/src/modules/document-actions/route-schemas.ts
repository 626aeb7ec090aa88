import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RECIPIENT_TYPES, ZEmployeeDocument, ZField } from '@esigns/contracts/documents';
import { ZSuccess } from '@esigns/contracts/envelope';
import { clientOf } from '../../platform/http/authenticate';
import { ERRORS as DOCUMENT_ERRORS } from '../documents';
import type { Client } from './access';

export { ZIdParam, ZName, ZSettingsPatch, security } from '../documents';

export const tags = ['document actions'];
export const ERRORS = { ...DOCUMENT_ERRORS, 429: DOCUMENT_ERRORS[409] };
export const ZDocumentReply = ZSuccess(ZEmployeeDocument);
export const ZDeletedReply = ZSuccess(z.object({ _id: z.string().uuid() }));

export const client = (request: FastifyRequest): Client => clientOf(request);

/** How the checks of every action read in the OpenAPI text. */
export const CHECKS =
  "Another company's document (or an unknown id) is 404; without rights on the document (its sender, a recipient " +
  'who is not CC, a user it is shared with, an OWNER who is not a receiver, or `documents:manage-all`) or without ' +
  "the action's permission it is 403; a status that does not allow the action is 409 with the reason " +
  '(`packages/contracts/src/document-actions.ts`).';

const ZPersonFields = {
  email: z.string({ error: 'Required' }).trim().max(254),
  first_name: z.string().trim().max(100).default(''),
  last_name: z.string().trim().max(100).default(''),
  user_type: z.enum(RECIPIENT_TYPES).default('SIGNER'),
  signing_order: z.number().int().min(1).max(100).default(1),
  role_name: z.string().trim().max(100).optional(),
  email_verification: z.boolean().optional(),
};

/** A recipient of a correction: `_id` names one already on the document; without it, a new one. */
export const ZCorrectionRecipient = z
  .object({
    _id: z
      .string()
      .max(100)
      .optional()
      .describe('The recipient (`document_users[]._id`); absent for a new one'),
    key: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .describe("A new recipient's key, which new fields name in `recipient_key`"),
    ...ZPersonFields,
  })
  .strict();

export const ZNewRecipient = z
  .object({
    key: z.string().trim().min(1).max(64).optional().describe('The key new fields name in `recipient_key`'),
    ...ZPersonFields,
  })
  .strict();

export const ZFields = z.array(ZField).max(5000);
