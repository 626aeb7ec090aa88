import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZFormBuilderRef,
  ZGuestSession,
  ZPublicFormBuilder,
  ZSendFormPasscodeAnswer,
  ZSendFormPasscodeRequest,
  ZVerifyFormPasscodeRequest,
} from '@esigns/contracts/form-builders';
import { clientIp } from '../../platform/http/client-ip';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { perMinute } from '../signing';
import { CODES_PER_EMAIL_HOUR, CODES_PER_IP_HOUR, sendFormPasscode, verifyFormPasscode } from './passcodes';
import { createAnonymousSession, publicFormOf } from './sharing';

const GUEST_ERRORS = {
  401: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  410: ZErrorBody,
  422: ZErrorBody,
  429: ZErrorBody,
};

/** The guest headers (documented; read by `readGuest`). */
export const ZGuestHeaders = z
  .object({
    userid: z.string().optional().describe('The guest id (`contact._id` of the session answer)'),
    anonymoususerid: z.string().optional().describe('The same, for anonymous guests (either header works)'),
    passcode: z
      .string()
      .optional()
      .describe('The session secret (`passcode` of the session answer), not the mailed code'),
    formbuilderid: z.string().optional().describe('The form id the session is for'),
  })
  .passthrough();

const WHO_FILLS =
  'Forms filled by company users (`owner_type` COMPANY_USERS) take no guests: 409 `COMPANY_USERS`. A form that ' +
  'is not OPEN answers 409 with `error_code` NOT_YET_OPEN, CLOSED, FULL or INACTIVE. DRAFT, deleted or unknown: 404.';

/** The calls of guests (no account): the form before filling, passcodes, anonymous sessions. */
export function registerFormGuestRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['form-builders'];

  r.get(
    '/formBuilders/:id/public',
    {
      config: perMinute(120),
      schema: {
        tags,
        summary: 'A form as a guest sees it (no sign-in)',
        description:
          '`{id}` is the form id or its code. Name, description, steps, `secure_access` (guests must confirm ' +
          'their email: forms with secure access and forms of a contact type), `availability` (OPEN, ' +
          'NOT_YET_OPEN, CLOSED, FULL, INACTIVE: from the status, `opens_at`/`closes_at` and `max_submissions`), ' +
          "the thank-you message, the company's name and logo, and `auth_user`: the guest the headers prove. A " +
          'wrong or expired session, or one of another form: 401. DRAFT, deleted or unknown forms: 404.',
        params: z.object({ id: z.string().max(80).describe('The form id or code') }),
        headers: ZGuestHeaders,
        response: { 200: ZSuccess(ZPublicFormBuilder), ...GUEST_ERRORS },
      },
    },
    async (request) => ok(await publicFormOf(db, request.params.id, request)),
  );

  r.post(
    '/formBuilders/sent-otp',
    {
      config: perMinute(30),
      schema: {
        tags,
        summary: "Ask for the code that confirms a guest's email",
        description:
          'On a form that needs a confirmed email, mails a 6-digit code valid 10 minutes (the previous one ' +
          `stops working) and answers \`{ secure_access: true, formbuilder_details_id, contact: { email }, expires_at }\`; ` +
          "a form of a contact type mails it only to the company's contacts, with the same answer either way. At " +
          `most ${CODES_PER_EMAIL_HOUR} codes per email and ${CODES_PER_IP_HOUR} per client address for a form an ` +
          'hour, 30 calls a minute per address: 429. Other forms answer a guest session at once (as ' +
          `\`formbuilder-url/create\`, the email kept but not confirmed). ${WHO_FILLS}`,
        body: ZSendFormPasscodeRequest,
        response: { 200: ZSuccess(ZSendFormPasscodeAnswer), ...GUEST_ERRORS },
      },
    },
    async (request) => ok(await sendFormPasscode(platform, request.body, clientIp(request))),
  );

  r.post(
    '/formBuilders/verify',
    {
      config: perMinute(30),
      schema: {
        tags,
        summary: "Confirm a guest's email with the mailed code",
        description:
          'Checks the latest code mailed for the email and form. Right: the code is used up and the answer is ' +
          'the guest session: send `contact._id` as `userid`, `passcode` as `passcode` and the form id as ' +
          '`formbuilderid` on the calls that fill the form (the same email keeps the same guest id). Wrong: 422 ' +
          'on `code` with the tries left; the fifth wrong try and any after: 409 `PASSCODE_LOCKED`; a used code: ' +
          `409 \`PASSCODE_USED\`; an expired one: 410 \`PASSCODE_EXPIRED\` (ask for a new code). ${WHO_FILLS}`,
        body: ZVerifyFormPasscodeRequest,
        response: { 200: ZSuccess(ZGuestSession), ...GUEST_ERRORS },
      },
    },
    async (request) => ok(await verifyFormPasscode(platform, request.body, clientIp(request))),
  );

  r.post(
    '/formbuilder-url/create',
    {
      config: perMinute(30),
      schema: {
        tags,
        summary: 'Start as an anonymous guest of a form',
        description:
          'For OPEN forms without secure access: a new anonymous guest and its session (valid 7 days), sent ' +
          'back as `anonymoususerid` (or `userid`), `passcode` and `formbuilderid`. Forms that need a confirmed ' +
          `email: 409 \`SECURE_ACCESS\`. ${WHO_FILLS}`,
        body: ZFormBuilderRef,
        response: { 200: ZSuccess(ZGuestSession), ...GUEST_ERRORS },
      },
    },
    async (request) => ok(await createAnonymousSession(db, request.body.formbuilder_details_id)),
  );
}
