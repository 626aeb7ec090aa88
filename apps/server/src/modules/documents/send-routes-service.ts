import type { TDocumentSettingsInput, TEmployeeDocument, TRecipient } from '@esigns/contracts/documents';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { mergeSettings } from './configurable-service';
import {
  assertCanSee,
  canSeeTemplate,
  findConfigurable,
  findOneOffEmployeeDocument,
  requireSlug,
} from './lookups';
import { sendAndPresent, type SendActor, type SendRequest, type SendSource } from './send-service';
import type { ConfigurableRow } from './serializers';

export type TemplatePerson = {
  key: string;
  email: string;
  first_name?: string | undefined;
  last_name?: string | undefined;
  contact_id?: string | null | undefined;
};

export type TemplateSendInput = {
  name?: string | undefined;
  document_users: TemplatePerson[];
  prefill?: Record<string, string> | undefined;
  settings?: Partial<TDocumentSettingsInput> | undefined;
};

/**
 * A template filled in for one send: each role gets its person (by role key), fields get their
 * prefilled values (by field key), settings are merged. Unknown role or field keys are 422
 * (`document_users.{i}.key`, `prefill.{key}`). The answer's `recipientKeyPath` maps a role's
 * position to the position the client used (roles the client left out keep `document_users.{role key}`).
 */
export function fillTemplate(
  template: ConfigurableRow,
  input: TemplateSendInput,
): Pick<SendRequest, 'source' | 'recipientKeyPath'> {
  const details: TValidationDetail[] = [];
  const roles = new Map(template.documentUsers.map((r) => [r.key, r]));
  const given = new Map<string, number>();
  input.document_users.forEach((person, i) => {
    if (!roles.has(person.key)) {
      details.push({
        key: `document_users.${i}.key`,
        message: 'No role of the template has this key',
        path: ['document_users', i, 'key'],
      });
    } else if (given.has(person.key)) {
      details.push({
        key: `document_users.${i}.key`,
        message: 'This role is given twice',
        path: ['document_users', i, 'key'],
      });
    } else given.set(person.key, i);
  });
  const fieldKeys = new Set(template.fields.map((f) => f.key));
  for (const key of Object.keys(input.prefill ?? {})) {
    if (!fieldKeys.has(key)) {
      details.push({
        key: `prefill.${key}`,
        message: 'No field of the template has this key',
        path: ['prefill', key],
      });
    }
  }
  if (details.length > 0) throw validationError(details, details[0]!.message);

  const recipients: TRecipient[] = template.documentUsers.map((role) => {
    const index = given.get(role.key);
    if (index === undefined) return role;
    const person = input.document_users[index]!;
    return {
      ...role,
      email: person.email.trim(),
      first_name: person.first_name ?? '',
      last_name: person.last_name ?? '',
      contact_id: person.contact_id ?? null,
    };
  });
  const prefill = input.prefill ?? {};
  const fields = template.fields.map((f) =>
    f.key in prefill ? { ...f, default_value: prefill[f.key]! } : f,
  );
  const source: SendSource = {
    name: input.name?.trim() || template.name,
    file: template.file,
    pages: template.pages,
    fields,
    recipients,
    settings: input.settings ? mergeSettings(template.settings, input.settings) : template.settings,
    configurableDocumentId: template.id,
    companyDocumentId: template.companyDocumentId,
  };
  const roleKeys = template.documentUsers.map((r) => r.key);
  return {
    source,
    recipientKeyPath: (i) => {
      const key = roleKeys[i]!;
      const index = given.get(key);
      return index === undefined ? ['document_users', key] : ['document_users', index];
    },
  };
}

/** The template of a send: the company's, visible to the caller, ACTIVE; else 404 / 409. */
export async function findSendableTemplate(
  platform: Platform,
  access: AccessContext,
  id: string,
): Promise<ConfigurableRow> {
  const row = await findConfigurable(platform.database.db, access.companyId, id);
  if (!row.isTemplate || !canSeeTemplate(access, row)) throw notFound('Template');
  if (row.status !== 'ACTIVE') throw new AppError('CONFLICT', { message: 'This template is inactive' });
  return row;
}

/** `POST /document-templates/documents/send-template`. */
export async function sendTemplate(
  platform: Platform,
  access: AccessContext,
  actor: SendActor,
  input: TemplateSendInput & { configurable_document_id: string; send_key?: string | undefined },
): Promise<TEmployeeDocument> {
  const template = await findSendableTemplate(platform, access, input.configurable_document_id);
  const filled = fillTemplate(template, input);
  return sendAndPresent(platform, actor, { ...filled, target: 'new', sendKey: input.send_key });
}

/**
 * `POST /company-documents/documents/send` and `POST /document-templates/documents/send`: a
 * one-off document's DRAFT becomes the sent document. A template given here is sent with the
 * people stored on its roles (needs `templates:send`).
 */
export async function sendConfigurable(
  platform: Platform,
  access: AccessContext,
  actor: SendActor,
  input: { configurable_document_id: string; send_key?: string | undefined },
): Promise<TEmployeeDocument> {
  const db = platform.database.db;
  const row = await findConfigurable(db, access.companyId, input.configurable_document_id);
  assertCanSee(access, row);
  if (row.isTemplate) {
    requireSlug(access, 'templates:send');
    const template = await findSendableTemplate(platform, access, row.id);
    const filled = fillTemplate(template, { document_users: [] });
    return sendAndPresent(platform, actor, { ...filled, target: 'new', sendKey: input.send_key });
  }
  const draft = await findOneOffEmployeeDocument(db, access.companyId, row.id);
  if (draft && draft.status !== 'DRAFT' && !(input.send_key && draft.sendKey === input.send_key)) {
    throw new AppError('CONFLICT', { message: 'This document has already been sent' });
  }
  const source: SendSource = {
    name: row.name,
    file: row.file,
    pages: row.pages,
    fields: row.fields,
    recipients: row.documentUsers,
    settings: row.settings,
    configurableDocumentId: row.id,
    companyDocumentId: row.companyDocumentId,
  };
  return sendAndPresent(platform, actor, {
    source,
    target: draft ? { employeeDocumentId: draft.id } : 'new',
    sendKey: input.send_key,
  });
}
