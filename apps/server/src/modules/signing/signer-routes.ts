import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import {
  ZESignRecord,
  ZRepresentativePasswordRequest,
  ZSignerCodeSent,
  ZSignerGateState,
  ZVerifyCodeRequest,
} from '@esigns/contracts/signing';
import { admitted } from '../../platform/http/admission';
import { ok, plainJson } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { readESignRecord } from './esign-record';
import { firstPageImage, PAGE_IMAGE_WIDTH } from './page-image';
import {
  clientOf,
  ERRORS,
  perMinute,
  SIGNER_AUTH,
  STATE_ERRORS,
  TAGS,
  ZIdParams,
  ZSignerHeaders,
} from './route-common';
import { requireSigner, signerOf } from './signer-access';
import {
  assertCanAct,
  CODE_RESEND_SECONDS,
  CODE_TTL_MINUTES,
  MAX_CODE_ATTEMPTS,
  MAX_CODES_PER_HOUR,
  MAX_PASSWORD_ATTEMPTS,
  PASSWORD_LOCK_MINUTES,
} from './signer-state';
import {
  openWithoutCode,
  sendSignerCode,
  verifyRepresentativePassword,
  verifySignerCode,
} from './verification-service';

/** The recipient's landing: the e-sign record and the gates (email code, representative password). */
export function registerSignerRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const signerByPath = requireSigner(platform, 'id');
  const signerByHeader = requireSigner(platform);

  r.get(
    '/e-signs/:id',
    {
      config: perMinute(120),
      // Inside the process's admission (platform/http README), the link check included.
      onRequest: [admitted(platform), signerByPath],
      // Built field by field from typed rows (esign-record.ts): checking it against its zod schema on
      // the way out was a third of the call's CPU (the schema still documents it).
      serializerCompiler: plainJson,
      schema: {
        tags: TAGS,
        summary: "The recipient's e-sign record of a sent document",
        description:
          `${SIGNER_AUTH} \`id\` is the sent document's id (a \`documentid\` header must agree). Answers the ` +
          'document (name, status, sender, expiry, terms), the recipient, `gates` still closed (EMAIL_CODE when ' +
          'the sender asked for an email code and it was not entered yet, REPRESENTATIVE_PASSWORD for an ' +
          'authorized representative), `verification_errors` (expired or dead code, password lock) and `blocked` ' +
          '(WAITING_FOR_OTHERS while an earlier signing-order group has not finished, ALREADY_FINISHED, ' +
          'COMPLETED, DECLINED, REJECTED, VOIDED, EXPIRED). `file` (with a 1-hour `url`), `pages` and `fields` ' +
          '(each with `mine` and its `value`: own values, and values of recipients who finished) only once the ' +
          'gates are open and the document is theirs to act on (or finished: a completed document shows its ' +
          'sealed file and no fields). The first time it is shown to a notified recipient they become VIEWED ' +
          "(logged once). `saved_signature`: the signed-in user's saved signature and initials (bearer access only).",
        params: ZIdParams,
        headers: ZSignerHeaders,
        response: { 200: ZSuccess(ZESignRecord), ...ERRORS },
      },
    },
    async (request) => ok(await readESignRecord(platform, signerOf(request), clientOf(request))),
  );

  r.get(
    '/e-signs/:id/first-page',
    {
      config: perMinute(120),
      onRequest: [admitted(platform), signerByPath],
      schema: {
        tags: TAGS,
        summary: "The document's first page as an image (product addition)",
        description:
          `${SIGNER_AUTH} The first page of the document as sent, a PNG ${PAGE_IMAGE_WIDTH} px wide, drawn once ` +
          "and kept (keyed by the file's SHA-256): the signing view shows it while the PDF opens. Only while the " +
          `recipient may act on the document (${STATE_ERRORS}). \`v\` = the record's \`file.sha256\`: with the ` +
          'current one the answer may be kept by the browser for a year (`Cache-Control: private, immutable`), ' +
          'else it must be checked again (`private, no-cache`). Never cached by shared caches. 503 when the ' +
          'image cannot be made (the view then waits for the PDF).',
        params: ZIdParams,
        querystring: z.object({
          v: z.string().max(64).optional().describe("The file's SHA-256 (the version)"),
        }),
        headers: ZSignerHeaders,
        response: { 200: z.any().describe('The PNG bytes'), ...ERRORS, 503: ZErrorBody },
      },
    },
    async (request, reply) => {
      const signer = signerOf(request);
      await assertCanAct(platform.database.db, signer);
      const png = await firstPageImage(platform, signer.document);
      const current = request.query.v === signer.document.file.sha256;
      return reply
        .type('image/png')
        .header('content-length', String(png.length))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', current ? 'private, max-age=31536000, immutable' : 'private, no-cache')
        .send(png);
    },
  );

  r.post(
    '/e-sign/send-verification',
    {
      config: perMinute(10),
      onRequest: signerByHeader,
      schema: {
        tags: TAGS,
        summary: 'Mail the recipient a 6-digit code to open the document',
        description:
          `${SIGNER_AUTH} The document is the \`documentid\` header. A new code replaces the previous one; it is ` +
          `valid ${CODE_TTL_MINUTES} minutes and ${MAX_CODE_ATTEMPTS} tries, stored as a keyed hash. At most one ` +
          `code per ${CODE_RESEND_SECONDS} s and ${MAX_CODES_PER_HOUR} per hour (429 with the wait). 409 when the ` +
          'document needs no code, or is declined, rejected, voided or expired. Logged (`recipient.code_sent`).',
        headers: ZSignerHeaders,
        response: { 200: ZSuccess(ZSignerCodeSent), ...ERRORS },
      },
    },
    async (request) => ok(await sendSignerCode(platform, signerOf(request), clientOf(request)), 'Code sent'),
  );

  r.post(
    '/e-sign/verify',
    {
      config: perMinute(30),
      onRequest: signerByHeader,
      schema: {
        tags: TAGS,
        summary: 'Check the mailed code',
        description:
          `${SIGNER_AUTH} Body \`{ code }\` (6 digits). Wrong, expired or never asked for: 422 on \`code\` ` +
          `(with the tries left). The ${MAX_CODE_ATTEMPTS}th wrong try kills the code (logged ` +
          '`recipient.code_locked`): ask for a new one. Right: the EMAIL_CODE gate opens for good (logged ' +
          '`recipient.code_verified`). Answers the gates still closed.',
        headers: ZSignerHeaders,
        body: ZVerifyCodeRequest,
        response: { 200: ZSuccess(ZSignerGateState), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await verifySignerCode(platform, signerOf(request), clientOf(request), request.body.code),
        'Email verified',
      ),
  );

  r.post(
    '/e-sign/no-secure-signature',
    {
      config: perMinute(30),
      onRequest: signerByHeader,
      schema: {
        tags: TAGS,
        summary: 'Open a document that needs no email code',
        description:
          `${SIGNER_AUTH} For documents sent without email verification: records that the recipient opened it ` +
          'through their link (verification method LINK, or ACCOUNT with a bearer token; logged once as ' +
          '`recipient.opened`). 409 (`error_code` EMAIL_CODE) when the document needs the mailed code.',
        headers: ZSignerHeaders,
        body: z.object({}).passthrough().nullish(),
        response: { 200: ZSuccess(ZSignerGateState), ...ERRORS },
      },
    },
    async (request) => ok(await openWithoutCode(platform, signerOf(request), clientOf(request))),
  );

  r.post(
    '/authorized-representative/verify-password',
    {
      config: perMinute(20),
      onRequest: signerByHeader,
      schema: {
        tags: TAGS,
        summary: "Check an authorized representative's document password",
        description:
          `${SIGNER_AUTH} Body \`{ password }\`: the password the sender set for this representative (argon2). ` +
          `Wrong: 422 on \`password\` with the tries left; the ${MAX_PASSWORD_ATTEMPTS}th wrong one locks tries for ` +
          `${PASSWORD_LOCK_MINUTES} minutes (422 meanwhile; logged). Right: the REPRESENTATIVE_PASSWORD gate ` +
          'opens for good. 409 when the recipient has no document password.',
        headers: ZSignerHeaders,
        body: ZRepresentativePasswordRequest,
        response: { 200: ZSuccess(ZSignerGateState), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await verifyRepresentativePassword(
          platform,
          signerOf(request),
          clientOf(request),
          request.body.password,
        ),
        'Password accepted',
      ),
  );
}
