import { and, asc, eq, sql } from 'drizzle-orm';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import {
  MAX_GLOBAL_FILTERS,
  type TCreateGlobalFilterRequest,
  type TGlobalFilter,
  type TUpdateGlobalFilterRequest,
} from '@esigns/contracts/entity-filters';
import { splitFieldRef, type TFilterRule } from '@esigns/contracts/nocode-filters';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, validationError } from '../../platform/http/app-error';
import type { EntityDefinition, EntityTemplateDef } from '../entities';
import { filterSql } from '../entity-data';
import { findReadableTemplate, templateDefinitions, type FormTemplateRow } from '../form-templates';
import type { AccessContext } from '../permissions';
import { globalFilters } from './schema';

/*
 * A user's global filters (/profilesettings/global-filters): one rule on a field of a form
 * template each. The record queries AND the active ones into every entity built from that
 * template (entity-data/service.ts). Each user manages only their own rows; another user's id
 * answers 404.
 */

type TemplateRow = FormTemplateRow;
type GlobalRow = typeof globalFilters.$inferSelect;

/**
 * A one-template definition to check a rule with the record queries' own code. `filterSql` reads
 * only the templates of a definition, never its entity row.
 */
function templateDefinition(template: TemplateRow): EntityDefinition {
  const def: EntityTemplateDef = {
    id: template.id,
    name: template.name,
    code: template.code,
    isRepeatable: template.isRepeatable,
    isPrimary: true,
    hiddenOnAdd: false,
    fields: template.fields,
  };
  return {
    row: undefined as never,
    templates: [def],
    byId: new Map([[def.id, def]]),
    primary: def,
    displayField: null,
  };
}

/** Problems of a rule on this template, keyed `rule.field|operator|value`. */
function ruleProblems(template: TemplateRow, rule: TFilterRule): TValidationDetail[] {
  if (splitFieldRef(rule.field)?.templateId !== template.id) {
    return [{ key: 'rule.field', path: ['rule', 'field'], message: 'Choose a field of the chosen template' }];
  }
  if (template.isRepeatable) {
    return [
      { key: 'template_id', path: ['template_id'], message: 'Repeatable templates cannot be filtered' },
    ];
  }
  return filterSql(templateDefinition(template), { match: 'ALL', rules: [rule] }, 'rule').errors.map((d) => {
    const key = d.key.replace(/^rule\.rules\.0/, 'rule');
    const message = d.message === 'Not a field of this entity' ? 'Not a field of this template' : d.message;
    return { key, path: key.split('.'), message };
  });
}

function refuse(problems: TValidationDetail[]): void {
  if (problems.length > 0) throw validationError(problems, problems[0]!.message);
}

function toGlobalFilter(
  row: GlobalRow,
  template: Pick<TemplateRow, 'name' | 'fields'> | null,
): TGlobalFilter {
  const key = splitFieldRef(row.rule.field)?.key;
  const field = template?.fields.find((f) => f.key === key) ?? null;
  return {
    _id: row.id,
    template_id: row.templateId,
    template_name: template?.name ?? null,
    field_label: field?.label ?? null,
    field_type: field?.type ?? null,
    rule: row.rule,
    is_active: row.isActive,
    created_at: row.createdAt.toISOString(),
  };
}

const ownRows = (access: AccessContext) =>
  and(eq(globalFilters.companyId, access.companyId), eq(globalFilters.userId, access.userId));

/** `GET /global-filters`: the caller's global filters, oldest first, with their template and field names. */
export async function listGlobalFilters(db: Db, access: AccessContext): Promise<TGlobalFilter[]> {
  const rows = await db
    .select()
    .from(globalFilters)
    .where(ownRows(access))
    .orderBy(asc(globalFilters.createdAt), asc(globalFilters.id));
  const templates = await templateDefinitions(
    db,
    rows.map((row) => row.templateId),
  );
  return rows.map((row) => {
    const template = templates.get(row.templateId);
    return toGlobalFilter(row, template && !template.deleted ? template : null);
  });
}

async function findOwnRow(db: Db, access: AccessContext, id: string): Promise<GlobalRow> {
  if (!isUuid(id)) throw notFound('Global filter');
  const [row] = await db
    .select()
    .from(globalFilters)
    .where(and(eq(globalFilters.id, id), ownRows(access)))
    .limit(1);
  if (!row) throw notFound('Global filter');
  return row;
}

/** `POST /global-filters`. */
export async function createGlobalFilter(
  db: Db,
  access: AccessContext,
  body: TCreateGlobalFilterRequest,
): Promise<TGlobalFilter> {
  const template = await findReadableTemplate(db, access.companyId, body.template_id);
  refuse(ruleProblems(template, body.rule));
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(globalFilters)
    .where(ownRows(access));
  if ((count?.n ?? 0) >= MAX_GLOBAL_FILTERS) {
    throw new AppError('CONFLICT', {
      message: `At most ${MAX_GLOBAL_FILTERS} global filters: delete one first`,
    });
  }
  const [row] = await db
    .insert(globalFilters)
    .values({
      companyId: access.companyId,
      userId: access.userId,
      templateId: template.id,
      rule: body.rule,
      isActive: body.is_active,
    })
    .returning();
  return toGlobalFilter(row!, template);
}

/** `PATCH /global-filters/{id}`: switch on or off, or change the rule (same template). */
export async function updateGlobalFilter(
  db: Db,
  access: AccessContext,
  id: string,
  body: TUpdateGlobalFilterRequest,
): Promise<TGlobalFilter> {
  const current = await findOwnRow(db, access, id);
  const template = await findReadableTemplate(db, access.companyId, current.templateId).catch((err) => {
    if (err instanceof AppError && err.code === 'NOT_FOUND') return null;
    throw err;
  });
  if (body.rule) {
    if (!template) {
      throw validationError([
        {
          key: 'template_id',
          path: ['template_id'],
          message: 'Its template was deleted: delete this filter',
        },
      ]);
    }
    refuse(ruleProblems(template, body.rule));
  }
  const changes = {
    ...(body.rule !== undefined && { rule: body.rule }),
    ...(body.is_active !== undefined && { isActive: body.is_active }),
  };
  // A PATCH that gives nothing changes nothing (an UPDATE without columns cannot be written).
  if (Object.keys(changes).length === 0) return toGlobalFilter(current, template);
  const [row] = await db
    .update(globalFilters)
    .set(changes)
    .where(eq(globalFilters.id, current.id))
    .returning();
  return toGlobalFilter(row!, template);
}

/** `DELETE /global-filters/{id}`. */
export async function deleteGlobalFilter(
  db: Db,
  access: AccessContext,
  id: string,
): Promise<{ _id: string }> {
  const current = await findOwnRow(db, access, id);
  await db.delete(globalFilters).where(eq(globalFilters.id, current.id));
  return { _id: current.id };
}
