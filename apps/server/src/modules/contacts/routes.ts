import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  CONTACT_BATCH_MAX,
  CONTACT_IMPORT_MAX_BYTES,
  CONTACT_IMPORT_MAX_ROWS,
  ZCheckContactEmailRequest,
  ZCheckContactRequest,
  ZCheckExistsRequest,
  ZContact,
  ZContactDocument,
  ZContactDocumentsQuery,
  ZContactImportResult,
  ZContactListQuery,
  ZContactLoginCompany,
  ZContactPickerQuery,
  ZContactUser,
  ZCreateContactRequest,
  ZEmailAvailability,
  ZEmailExists,
  ZEntityDataName,
  ZFormContact,
  ZFormContactResult,
  ZFormContactsRequest,
  ZUpdateContactByBodyRequest,
  ZUpdateContactRequest,
} from '@esigns/contracts/contacts';
import { ZErrorBody, ZPaged, ZSuccess, toPaged } from '@esigns/contracts/envelope';
import { hasPermission } from '@esigns/contracts/permissions';
import { validationError } from '../../platform/http/app-error';
import { ok } from '../../platform/http/envelope';
import { enableMultipart, readMultipart } from '../../platform/http/file-upload';
import type { Platform } from '../../platform/platform';
import { getCompanyBySlug } from '../company';
import { accessOf, requirePermission, type AccessContext } from '../permissions';
import { listContactDocuments } from './contact-documents';
import { registerContactTypeRoutes } from './contact-type-routes';
import { importContacts } from './import';
import {
  checkEmailAvailable,
  checkEmailsExist,
  createContact,
  deleteContact,
  findContactByEmail,
  getContact,
  listContacts,
  listContactsOfAccount,
  listContactUsers,
  listEntityDataNames,
  updateContact,
  upsertFormContacts,
} from './service';

const ERRORS = {
  401: ZErrorBody,
  403: ZErrorBody,
  404: ZErrorBody,
  409: ZErrorBody,
  413: ZErrorBody,
  415: ZErrorBody,
  422: ZErrorBody,
};
const ZIdParams = z.object({ id: z.string().max(64).describe('Contact id') });
const ZDeleted = z.object({ _id: z.string() });

const EMAIL_RULE =
  'The email is trimmed and lowercased before it is checked and saved; it is unique in the company (409 ' +
  'with `error_code` CONTACT_EMAIL_EXISTS otherwise).';
const TYPE_RULE =
  'The type is `contact_type_id` (a type of the company, else 422; null removes it) or `contact_type_name` ' +
  "(case-insensitive; '' removes it); a name that is no type yet is created when the caller has " +
  '`contact-types:create`, else 422.';

const writeOptions = (access: AccessContext) => ({
  canCreateType: hasPermission(access, 'contact-types:create'),
});

/** Contacts (spec 2 "Contacts"), their import, the documents sent to them, and the contact sign-in page. */
export function registerContactRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const db = platform.database.db;
  const tags = ['contacts'];
  const security = [{ bearer: [] }];

  registerContactTypeRoutes(api, platform);

  r.get(
    '/contacts',
    {
      onRequest: requirePermission(platform, 'contacts:view'),
      schema: {
        tags,
        security,
        summary: "The company's contacts, paged",
        description:
          '`search` matches email, first, last or full name and account name (case-insensitive); `contact_type` ' +
          'is a type id or name (an unknown one matches nothing); `account_name` matches exactly, ignoring case. ' +
          '`sort`: name, email, account_name, contact_type, created_at or updated_at, `-` first for descending ' +
          '(default `-created_at`, newest first). Needs `contacts:view`.',
        querystring: ZContactListQuery,
        response: { 200: ZSuccess(ZPaged(ZContact)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listContacts(db, accessOf(request), request.query);
      return ok(toPaged(rows, total, request.query));
    },
  );

  r.get(
    '/contact-users',
    {
      onRequest: requirePermission(platform, 'contacts:view'),
      schema: {
        tags,
        security,
        summary: 'Contacts for a picker (recipients): id, email, names, type',
        description:
          'Not paged: at most `limit` rows (default 10, at most 50). With `search` (email, name or account ' +
          'name), contacts whose email or names start with it come first; then by name. Needs `contacts:view`.',
        querystring: ZContactPickerQuery,
        response: { 200: ZSuccess(z.array(ZContactUser)), ...ERRORS },
      },
    },
    async (request) => ok(await listContactUsers(db, accessOf(request), request.query)),
  );

  r.get(
    '/contacts/:contactType/:accountName/list',
    {
      onRequest: requirePermission(platform, 'contacts:view'),
      schema: {
        tags,
        security,
        summary: 'The contacts of one type at one account',
        description:
          '`contactType` is a type id or name (unknown: 404); `accountName` matches ignoring case. By name, at ' +
          'most 1000. Needs `contacts:view`.',
        params: z.object({ contactType: z.string().max(80), accountName: z.string().max(200) }),
        response: { 200: ZSuccess(z.array(ZContact)), ...ERRORS },
      },
    },
    async (request) =>
      ok(
        await listContactsOfAccount(
          db,
          accessOf(request),
          request.params.contactType,
          request.params.accountName,
        ),
      ),
  );

  r.post(
    '/contacts',
    {
      onRequest: requirePermission(platform, 'contacts:create'),
      schema: {
        tags,
        security,
        summary: 'Add a contact',
        description: `Needs \`contacts:create\`. \`email\` and \`first_name\` are required. ${EMAIL_RULE} ${TYPE_RULE}`,
        body: ZCreateContactRequest,
        response: { 200: ZSuccess(ZContact), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      return ok(await createContact(db, access, request.body, writeOptions(access)), 'Contact added');
    },
  );

  r.patch(
    '/contacts/:id',
    {
      onRequest: requirePermission(platform, 'contacts:update'),
      schema: {
        tags,
        security,
        summary: 'Change a contact',
        description: `Needs \`contacts:update\`. Only the fields given change. ${EMAIL_RULE} ${TYPE_RULE}`,
        params: ZIdParams,
        body: ZUpdateContactRequest,
        response: { 200: ZSuccess(ZContact), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      return ok(
        await updateContact(db, access, request.params.id, request.body, writeOptions(access)),
        'Contact updated',
      );
    },
  );

  r.post(
    '/contacts/update',
    {
      onRequest: requirePermission(platform, 'contacts:update'),
      schema: {
        tags,
        security,
        summary: 'Change a contact (id in the body)',
        description: 'The same as `PATCH /contacts/{id}`, with the id as `contact_id` in the body.',
        body: ZUpdateContactByBodyRequest,
        response: { 200: ZSuccess(ZContact), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const { contact_id: id, ...changes } = request.body;
      return ok(await updateContact(db, access, id, changes, writeOptions(access)), 'Contact updated');
    },
  );

  r.delete(
    '/contacts/:id',
    {
      onRequest: requirePermission(platform, 'contacts:delete'),
      schema: {
        tags,
        security,
        summary: 'Delete a contact',
        description:
          'Needs `contacts:delete`. Documents already sent keep their recipient (name and email); only the link ' +
          'to the address book entry goes. Its document requests are deleted with it.',
        params: ZIdParams,
        response: { 200: ZSuccess(ZDeleted), ...ERRORS },
      },
    },
    async (request) => ok(await deleteContact(db, accessOf(request), request.params.id), 'Contact deleted'),
  );

  r.get(
    '/contacts/:id',
    {
      onRequest: requirePermission(platform, 'contacts:view'),
      schema: {
        tags,
        security,
        summary: 'One contact',
        description: "Unknown or another company's id: 404. Needs `contacts:view`.",
        params: ZIdParams,
        response: { 200: ZSuccess(ZContact), ...ERRORS },
      },
    },
    async (request) => ok(await getContact(db, accessOf(request), request.params.id)),
  );

  r.post(
    '/contacts/check-contact',
    {
      onRequest: requirePermission(platform, 'contacts:view'),
      schema: {
        tags,
        security,
        summary: 'The contact with an email, or null',
        description: 'The email is normalised (trimmed, lowercased) first. Needs `contacts:view`.',
        body: ZCheckContactRequest,
        response: { 200: ZSuccess(ZContact.nullable()), ...ERRORS },
      },
    },
    async (request) => ok(await findContactByEmail(db, accessOf(request), request.body.email)),
  );

  r.post(
    '/contacts/check-exists',
    {
      onRequest: requirePermission(platform, 'contacts:view'),
      schema: {
        tags,
        security,
        summary: 'Which of several emails are contacts',
        description:
          `Up to ${CONTACT_BATCH_MAX} emails; each is normalised, and answered once in the order given with ` +
          '`exists` and `contact_id`. An invalid email: 422 keyed `emails.<index>`. Needs `contacts:view`.',
        body: ZCheckExistsRequest,
        response: { 200: ZSuccess(z.array(ZEmailExists)), ...ERRORS },
      },
    },
    async (request) => ok(await checkEmailsExist(db, accessOf(request), request.body.emails)),
  );

  r.post(
    '/contacts/check-contact-email',
    {
      onRequest: requirePermission(platform, 'contacts:view'),
      schema: {
        tags,
        security,
        summary: 'Whether an email is free for a contact (edit form)',
        description:
          '`available` is false when another contact of the company has the email; `contact_id` names the ' +
          'contact being edited, which does not count. Needs `contacts:view`.',
        body: ZCheckContactEmailRequest,
        response: { 200: ZSuccess(ZEmailAvailability), ...ERRORS },
      },
    },
    async (request) =>
      ok(await checkEmailAvailable(db, accessOf(request), request.body.email, request.body.contact_id)),
  );

  const formDescription =
    'Upsert by email: a new email becomes a contact (names may be empty); an existing contact gets the ' +
    'non-empty values given when the caller also has `contacts:update`, else it is left as it is. Unknown ' +
    '`contact_type_name`s are created. Needs `contacts:create`.';

  r.post(
    '/contacts/formbuilder/user-create',
    {
      onRequest: requirePermission(platform, 'contacts:create'),
      schema: {
        tags,
        security,
        summary: 'Create or find one contact coming from a form',
        description: `${formDescription} Answers the contact's id and whether it is new.`,
        body: ZFormContact,
        response: { 200: ZSuccess(ZFormContactResult), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const [result] = await upsertFormContacts(
        db,
        access,
        [request.body],
        hasPermission(access, 'contacts:update'),
      );
      return ok(result!);
    },
  );

  r.post(
    '/contacts/formbuilder/user-creates',
    {
      onRequest: requirePermission(platform, 'contacts:create'),
      schema: {
        tags,
        security,
        summary: 'Create or find several contacts coming from a form',
        description:
          `${formDescription} Up to ${CONTACT_BATCH_MAX} contacts, answered in the order given (the same ` +
          'email twice is one contact). 422 details are keyed `contacts.<index>.<field>`.',
        body: ZFormContactsRequest,
        response: { 200: ZSuccess(z.object({ contacts: z.array(ZFormContactResult) })), ...ERRORS },
      },
    },
    async (request) => {
      const access = accessOf(request);
      const results = await upsertFormContacts(
        db,
        access,
        request.body.contacts,
        hasPermission(access, 'contacts:update'),
      );
      return ok({ contacts: results });
    },
  );

  r.get(
    '/entityDataNames/:contactTypeName',
    {
      onRequest: requirePermission(platform, 'contacts:view'),
      schema: {
        tags,
        security,
        summary: 'Names and ids of the contacts of a type (dropdowns)',
        description:
          '`contactTypeName` is a type name (case-insensitive) or id; unknown: 404. By name, at most 1000. ' +
          'Needs `contacts:view`.',
        params: z.object({ contactTypeName: z.string().max(80) }),
        response: { 200: ZSuccess(z.array(ZEntityDataName)), ...ERRORS },
      },
    },
    async (request) => ok(await listEntityDataNames(db, accessOf(request), request.params.contactTypeName)),
  );

  r.get(
    '/contact-login/company/:slug',
    {
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "A company's contact sign-in page: name, logo and colours (public)",
        description:
          'No sign-in needed. `logo_url` is a short-lived URL of the uploaded logo, or null (show the product ' +
          'logo); colours come from the company branding over the defaults. Unknown or inactive slug: 404.',
        params: z.object({ slug: z.string().max(80) }),
        response: { 200: ZSuccess(ZContactLoginCompany), 404: ZErrorBody, 429: ZErrorBody },
      },
    },
    async (request) => {
      const company = await getCompanyBySlug(platform, request.params.slug);
      return ok({
        company_id: company._id,
        name: company.name,
        slug: company.slug,
        logo_url: company.logo_url,
        primary_color: company.branding.primary_color,
        secondary_color: company.branding.secondary_color,
        branding: company.branding,
      });
    },
  );

  r.get(
    '/documents/users/:contact_id',
    {
      onRequest: requirePermission(platform, 'contacts:view'),
      schema: {
        tags,
        security,
        summary: 'The documents sent to a contact, paged',
        description:
          'Documents with a recipient linked to the contact or with its email, newest first, one row per ' +
          "document with the contact's recipient status (drafts are left out unless `status=DRAFT`). Without " +
          '`documents:view-all` only documents the caller sent, was shared or takes part in. Unknown or another ' +
          "company's contact: 404; none: an empty page. Needs `contacts:view`.",
        params: z.object({ contact_id: z.string().max(64) }),
        querystring: ZContactDocumentsQuery,
        response: { 200: ZSuccess(ZPaged(ZContactDocument)), ...ERRORS },
      },
    },
    async (request) => {
      const { rows, total } = await listContactDocuments(
        db,
        accessOf(request),
        request.params.contact_id,
        request.query,
      );
      return ok(toPaged(rows, total, request.query));
    },
  );

  // The import reads a multipart body: the parser lives in this scope only (unless the app
  // already has one), so JSON routes elsewhere are unaffected.
  void api.register(async (scope) => {
    await enableMultipart(scope, { fileSize: CONTACT_IMPORT_MAX_BYTES, files: 1, fields: 10, parts: 20 });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/bulk-users-add',
      {
        onRequest: requirePermission(platform, 'contacts:import'),
        config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
        schema: {
          tags,
          security,
          summary: 'Import contacts from a CSV or XLSX file',
          description:
            `Needs \`contacts:import\`. \`multipart/form-data\` with the file in \`file\` (at most ` +
            `${CONTACT_IMPORT_MAX_BYTES / 1024 / 1024} MB, ${CONTACT_IMPORT_MAX_ROWS.toLocaleString('en')} rows). ` +
            'The format is told by the bytes: XLSX (first sheet) or CSV (UTF-8 or Windows-1252; comma, ' +
            'semicolon or tab). The first row names the columns, case-insensitive, with synonyms: Email ' +
            '(required), First Name, Last Name (or one Name column, split at the last space), Phone (Mobile), ' +
            'Title (Designation), Account Name (Company, Organisation), Contact Type (Type). Each row is checked ' +
            'on its own: new emails are created (First Name required), existing ones updated with the non-empty ' +
            'cells, unknown contact types created, and invalid or repeated rows skipped with a reason in `errors` ' +
            '(`row` is the spreadsheet row number). All in one transaction. No file, no Email column or too many ' +
            'rows: 422 on `file`; too large: 413; not CSV/XLSX (e.g. .xls, PDF): 415.',
          consumes: ['multipart/form-data'],
          response: { 200: ZSuccess(ZContactImportResult), ...ERRORS },
        },
      },
      async (request) => {
        const bytes = await readUploadedFile(request);
        return ok(await importContacts(db, accessOf(request), bytes), 'Import finished');
      },
    );
  });
}

/** The bytes of the multipart field `file`, with the route's size limit. */
async function readUploadedFile(request: FastifyRequest): Promise<Buffer> {
  const { files } = await readMultipart(request, { maxBytes: CONTACT_IMPORT_MAX_BYTES, field: 'file' });
  const [file] = files;
  if (!file) throw validationError([{ key: 'file', message: 'Attach a CSV or XLSX file', path: ['file'] }]);
  return file.data;
}
