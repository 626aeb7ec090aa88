import type { TEntity, TEntityRecord } from '@esigns/contracts/entities';
import type { TFormTemplate } from '@esigns/contracts/form-templates';
import type { TRecordDocument } from '@esigns/contracts/record-extras';
import { ok, type FakeHandler } from '../../shared/testing/fake-api';
import { withPermissions } from '../team/team-test-utils';

/*
 * Entities and records as the API answers them, for the entity and relationship screens' tests.
 */

type EntityOverrides = Partial<TEntity> & {
  /** The code of the primary template's link (default: the template's own). */
  code?: string;
};

/** An entity named `name` whose one template, primary, is `template`. */
export function makeEntity(
  id: string,
  name: string,
  template: TFormTemplate,
  { code = template.code, ...overrides }: EntityOverrides = {},
): TEntity {
  return {
    _id: id,
    company_id: template.company_id!,
    name,
    slug: name.toLowerCase(),
    description: '',
    entity_type: 'GENERAL',
    icon: null,
    templates: [
      {
        template_id: template._id,
        is_primary: true,
        hidden_on_add: false,
        name: template.name,
        code,
        is_repeatable: false,
      },
    ],
    primary_template_id: template._id,
    primary_fields: ['name'],
    display_field: 'name',
    duplicate_rules: [],
    records_count: 0,
    version: 1,
    created_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A record of `entityId` titled `title`, with `values` under the template `templateId`. */
export function makeRecord(
  entityId: string,
  id: string,
  title: string,
  templateId: string,
  values: Record<string, unknown>,
  overrides: Partial<TEntityRecord> = {},
): TEntityRecord {
  return {
    _id: id,
    entity_id: entityId,
    title,
    values: { [templateId]: values },
    created_by: null,
    updated_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An OWNER's API answering the entity and its templates, then `next`. */
export function entityServer(
  entity: TEntity,
  templates: TFormTemplate[],
  next: FakeHandler = () => undefined,
): FakeHandler {
  return withPermissions('OWNER', (call) => {
    if (call.path === `/api/entities/${entity._id}`) return ok(entity);
    const template = templates.find((t) => call.path === `/api/template/${t._id}`);
    if (template) return ok(template);
    return next(call);
  });
}

/** A file (by default a 2 KB PDF) on the Documents tab of the record `recordId`. */
export function makeRecordDocument(
  recordId: string,
  overrides: Partial<TRecordDocument> = {},
): TRecordDocument {
  return {
    _id: 'd1',
    entity_data_id: recordId,
    kind: 'FILE',
    name: 'deed.pdf',
    mime_type: 'application/pdf',
    size: 2048,
    employee_document_id: null,
    document_status: null,
    download_url: 'http://localhost/deed.pdf',
    created_by: null,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}
