import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZSuccess } from '@esigns/contracts/envelope';
import {
  ZDeclineRequest,
  ZFinishRequest,
  ZFinishResult,
  ZRefuseResult,
  ZRejectRequest,
  ZSaveValuesRequest,
  ZSaveValuesResult,
  ZTermsAccepted,
} from '@esigns/contracts/signing';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { acceptTerms, finishRecipient, refuseDocument, saveSignerValues } from './finish-service';
import {
  clientOf,
  ERRORS,
  perMinute,
  SIGNER_AUTH,
  STATE_ERRORS,
  TAGS,
  ZDocumentIdParams,
  ZIdParams,
  ZSignerHeaders,
} from './route-common';
import { requireSigner, signerOf } from './signer-access';

const VALUES_RULES =
  'Values are strings by field key: SIGNATURE, INITIAL and IMAGE take PNG/JPEG data URLs (at most 400,000 ' +
  "characters), CHECKBOX 'true'/'false', DATE `YYYY-MM-DD`, NUMBER a number within the field's min/max, " +
  "RADIO/DROPDOWN one of its options, text its length and pattern; '' clears a value. FULL_NAME, EMAIL and " +
  'DATE_SIGNED are filled in from the recipient when they finish (values given for them are ignored). A key ' +
  'that is no field: 422 on `values.<key>`; a field of another recipient: 403; a bad value or a read-only ' +
  'field: 422 on `values.<key>` (every problem at once).';

/** The recipient's actions: field values, terms, finish, approve, reject, decline. */
export function registerSignerActionRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const byId = requireSigner(platform, 'id');
  const byDocumentId = requireSigner(platform, 'document_id');
  const byHeader = requireSigner(platform);

  for (const [path, representative] of [
    ['/documents/:id/signature', false],
    ['/documents/:id/authorized-representative-signature', true],
  ] as const) {
    r.post(
      path,
      {
        config: perMinute(120),
        onRequest: byId,
        schema: {
          tags: TAGS,
          summary: representative
            ? "Save an authorized representative's field values"
            : "Save the recipient's field values (signatures and other fields)",
          description:
            `${SIGNER_AUTH} Body \`{ values }\`: the recipient's own fields, saved as progress (nothing is final ` +
            `until \`finish\`). ${VALUES_RULES} ${STATE_ERRORS}` +
            (representative ? ' Only for a recipient with a document password (else 409).' : '') +
            ' Logged (`recipient.fields_saved`).',
          params: ZIdParams,
          headers: ZSignerHeaders,
          body: ZSaveValuesRequest,
          response: { 200: ZSuccess(ZSaveValuesResult), ...ERRORS },
        },
      },
      async (request) =>
        ok(
          await saveSignerValues(platform, signerOf(request), clientOf(request), request.body.values, {
            representative,
          }),
          'Saved',
        ),
    );
  }

  r.post(
    '/documents/user/terms-and-conditions',
    {
      config: perMinute(30),
      onRequest: byHeader,
      schema: {
        tags: TAGS,
        summary: "Accept the document's terms and conditions",
        description:
          `${SIGNER_AUTH} The document is the \`documentid\` header. Recorded once (logged ` +
          `\`recipient.terms_accepted\`); \`finish\` requires it when the document has terms (or \`accept_terms: ` +
          `true\` in its body). ${STATE_ERRORS}`,
        headers: ZSignerHeaders,
        body: z.object({}).passthrough().nullish(),
        response: { 200: ZSuccess(ZTermsAccepted), ...ERRORS },
      },
    },
    async (request) =>
      ok(await acceptTerms(platform, signerOf(request), clientOf(request)), 'Terms accepted'),
  );

  r.post(
    '/documents/:document_id/finish',
    {
      config: perMinute(30),
      onRequest: byDocumentId,
      schema: {
        tags: TAGS,
        summary: 'Finish signing (signers)',
        description:
          `${SIGNER_AUTH} Body \`{ values?, accept_terms? }\`: values are saved first (${VALUES_RULES}) Then ` +
          'every required own field must have a value (a prefilled default counts; a required checkbox must be ' +
          "'true') and the terms be accepted when the document has some: else 422 listing each missing field " +
          'as `values.<key>` and `accept_terms`. The recipient becomes SIGNED (logged `recipient.signed` with IP ' +
          'and user agent); then the next signing-order group is mailed, or, when every signer and approver is ' +
          'done, the document is sealed in the background (`next: SEALING`; it becomes COMPLETED and everyone ' +
          'is mailed the final PDF). Finishing again answers `already_finished: true` and records nothing. ' +
          `Approvers use \`approved\` (409 here). ${STATE_ERRORS}`,
        params: ZDocumentIdParams,
        headers: ZSignerHeaders,
        body: ZFinishRequest.nullish(),
        response: { 200: ZSuccess(ZFinishResult), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await finishRecipient(
          platform,
          signerOf(request),
          clientOf(request),
          request.body ?? { values: {}, accept_terms: false },
          'sign',
        ),
        'Signed',
      ),
  );

  r.post(
    '/documents/:document_id/approved',
    {
      config: perMinute(30),
      onRequest: byDocumentId,
      schema: {
        tags: TAGS,
        summary: 'Approve the document (approvers)',
        description:
          `${SIGNER_AUTH} Like \`finish\` for an APPROVER: optional \`{ values, accept_terms }\`, required own ` +
          'fields checked, the recipient becomes APPROVED (logged), the document moves on. Approving again ' +
          `answers \`already_finished: true\`. Signers: 409. ${STATE_ERRORS}`,
        params: ZDocumentIdParams,
        headers: ZSignerHeaders,
        body: ZFinishRequest.nullish(),
        response: { 200: ZSuccess(ZFinishResult), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await finishRecipient(
          platform,
          signerOf(request),
          clientOf(request),
          request.body ?? { values: {}, accept_terms: false },
          'approve',
        ),
        'Approved',
      ),
  );

  r.post(
    '/documents/:document_id/reject',
    {
      config: perMinute(30),
      onRequest: byDocumentId,
      schema: {
        tags: TAGS,
        summary: 'Reject the document (approvers)',
        description:
          `${SIGNER_AUTH} Body \`{ notes }\` (the reason, required: 422 on \`notes\`). The recipient and the ` +
          'document become REJECTED; the sender is mailed the reason and the other recipients who were asked to ' +
          `act are told they need not. Logged with the notes. Signers: 409 (they decline). ${STATE_ERRORS}`,
        params: ZDocumentIdParams,
        headers: ZSignerHeaders,
        body: ZRejectRequest,
        response: { 200: ZSuccess(ZRefuseResult), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await refuseDocument(platform, signerOf(request), clientOf(request), request.body, 'reject'),
        'Rejected',
      ),
  );

  r.post(
    '/documents/:id/decline',
    {
      config: perMinute(30),
      onRequest: byId,
      schema: {
        tags: TAGS,
        summary: 'Decline to sign (signers)',
        description:
          `${SIGNER_AUTH} Body \`{ notes, ck_editor_content?, ckeditor_fields? }\` (spec "Decline payload"; ` +
          '`notes` required: 422). The recipient and the document become DECLINED; the sender is mailed the ' +
          'reason, the other recipients who were asked to act are told they need not. Logged with the notes. ' +
          `Approvers: 409 (they reject). ${STATE_ERRORS}`,
        params: ZIdParams,
        headers: ZSignerHeaders,
        body: ZDeclineRequest,
        response: { 200: ZSuccess(ZRefuseResult), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await refuseDocument(platform, signerOf(request), clientOf(request), request.body, 'decline'),
        'Declined',
      ),
  );
}
