import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ZApplicationUserForms,
  ZApplicationUserFormsQuery,
  type TApplicationUserForm,
  type TApplicationUserSubmissionSummary,
} from '@esigns/contracts/application-users';
import { ZSuccess, toPaged } from '@esigns/contracts/envelope';
import type { Db } from '../../platform/db/database';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { contactOf, requireContact, type ContactContext } from '../application-users';
import { ERRORS } from '../documents';
import { formAvailability, formsForContact } from '../form-builders';
import { formSubmissions } from './schema';
import { contactFillerSql, countSubmittedByForm } from './submission-store';

/*
 * The contact area's forms (`/ap/formbuilder`): the forms sent to the signed-in contact (a
 * submission whose filler is their contact, or a guest answer of their email) and the ACTIVE forms
 * filled by contacts of their contact type, each with the contact's own submissions only.
 */

/** The contact's own submissions (`contactFillerSql`: filler their contact, or a guest answer of their email). */
const ownedBy = (contact: ContactContext) =>
  and(
    eq(formSubmissions.companyId, contact.companyId),
    isNull(formSubmissions.deletedAt),
    contactFillerSql(contact),
  );

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** `GET /application-user/formbuilders`: a page of the contact's forms, by name. */
export async function listContactForms(
  db: Db,
  contact: ContactContext,
  query: { page: number; limit: number; search?: string | undefined },
): Promise<{ rows: TApplicationUserForm[]; total: number }> {
  const sentTo = await db
    .selectDistinct({ formBuilderId: formSubmissions.formBuilderId })
    .from(formSubmissions)
    .where(ownedBy(contact));
  const page = await formsForContact(
    db,
    contact.companyId,
    {
      formIds: sentTo.map((r) => r.formBuilderId),
      contactTypeId: contact.contactTypeId,
      search: query.search,
    },
    query,
  );
  if (page.rows.length === 0) return { rows: [], total: page.total };
  const ids = page.rows.map((f) => f.id);
  const mine = await db
    .select({
      id: formSubmissions.id,
      formBuilderId: formSubmissions.formBuilderId,
      status: formSubmissions.status,
      createdAt: formSubmissions.createdAt,
      updatedAt: formSubmissions.updatedAt,
      submittedAt: formSubmissions.submittedAt,
    })
    .from(formSubmissions)
    .where(
      and(
        ownedBy(contact),
        sql`${formSubmissions.formBuilderId} in (${sql.join(
          ids.map((id) => sql`${id}::uuid`),
          sql`, `,
        )})`,
      ),
    )
    .orderBy(desc(formSubmissions.createdAt), desc(formSubmissions.id));
  const capped = page.rows.filter((f) => f.settings.max_submissions !== null).map((f) => f.id);
  const submitted = await countSubmittedByForm(db, capped);
  const now = new Date();
  const rows = page.rows.map((form) => ({
    _id: form.id,
    name: form.name,
    code: form.code,
    description: form.description,
    availability: formAvailability(form, submitted.get(form.id) ?? 0, now),
    allows_many: !form.settings.one_per_person,
    submissions: mine
      .filter((s) => s.formBuilderId === form.id)
      .map((s): TApplicationUserSubmissionSummary => ({
        _id: s.id,
        status: s.status,
        created_at: s.createdAt.toISOString(),
        updated_at: s.updatedAt.toISOString(),
        submitted_at: iso(s.submittedAt),
      })),
  }));
  return { rows, total: page.total };
}

export function registerContactFormRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/application-user/formbuilders',
    {
      onRequest: requireContact(platform),
      schema: {
        tags: ['application-user'],
        security: [{ bearer: [] }],
        summary: 'The forms the signed-in contact may fill, paged',
        description:
          'The forms sent to the contact (a submission whose filler is their contact or email; not drafts) and ' +
          'the ACTIVE forms filled by contacts of their contact type, by name, each with its `availability`, ' +
          "`allows_many` and the contact's own submissions (newest first). `search` matches the name, code or " +
          'description. A contact-area token only (403 otherwise).',
        querystring: ZApplicationUserFormsQuery,
        response: { 200: ZSuccess(ZApplicationUserForms), ...ERRORS },
      },
    },
    async (request) => {
      const page = await listContactForms(platform.database.db, contactOf(request), request.query);
      return ok(toPaged(page.rows, page.total, request.query));
    },
  );
}
