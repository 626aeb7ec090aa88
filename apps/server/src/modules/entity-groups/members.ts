import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { Db } from '../../platform/db/database';
import { templateSummariesByIds } from '../documents';
import { entitySummaries } from '../entities';
import { ensureStandardTemplates, templateSummaries } from '../form-templates';
import { variableSummaries } from '../global-variables';

/*
 * The members of entity groups: which ids are the company's (checked on every write) and their
 * names (for answers). One query per kind of member for any number of groups, never one per
 * group or per member.
 */

export const MEMBER_KINDS = [
  'entity_ids',
  'form_template_ids',
  'doc_template_ids',
  'global_variable_ids',
] as const;
export type MemberKind = (typeof MEMBER_KINDS)[number];
export type MemberIds = Record<MemberKind, readonly string[]>;

export type EntityInfo = { name: string; entity_type: string };
export type FormTemplateInfo = { name: string; type: string };
export type DocTemplateInfo = { name: string; company_document_id: string };
export type VariableInfo = { name: string; input_type: string };

/** What exists of the asked ids, by id: the company's own (and STANDARD templates and variables). */
export type Members = {
  entity_ids: Map<string, EntityInfo>;
  form_template_ids: Map<string, FormTemplateInfo>;
  doc_template_ids: Map<string, DocTemplateInfo>;
  global_variable_ids: Map<string, VariableInfo>;
};

const unique = (ids: readonly string[]): string[] => [...new Set(ids)];

async function loadEntities(db: Db, companyId: string, ids: string[]): Promise<Map<string, EntityInfo>> {
  const found = await entitySummaries(db, companyId, ids);
  return new Map([...found].map(([id, e]) => [id, { name: e.name, entity_type: e.entityType }]));
}

async function loadFormTemplates(
  db: Db,
  companyId: string,
  ids: string[],
): Promise<Map<string, FormTemplateInfo>> {
  if (ids.length === 0) return new Map();
  await ensureStandardTemplates(db);
  return templateSummaries(db, companyId, ids);
}

async function loadDocTemplates(
  db: Db,
  companyId: string,
  ids: string[],
): Promise<Map<string, DocTemplateInfo>> {
  const rows = await templateSummariesByIds(db, companyId, ids);
  return new Map(rows.map((row) => [row.id, { name: row.name, company_document_id: row.companyDocumentId }]));
}

/** The members that exist among `ids` (deleted and other companies' ids are simply absent). */
export async function loadMembers(db: Db, companyId: string, ids: MemberIds): Promise<Members> {
  const [entityRows, formRows, docRows, variableRows] = await Promise.all([
    loadEntities(db, companyId, unique(ids.entity_ids)),
    loadFormTemplates(db, companyId, unique(ids.form_template_ids)),
    loadDocTemplates(db, companyId, unique(ids.doc_template_ids)),
    variableSummaries(db, companyId, unique(ids.global_variable_ids)),
  ]);
  return {
    entity_ids: entityRows,
    form_template_ids: formRows,
    doc_template_ids: docRows,
    global_variable_ids: variableRows,
  };
}

const UNKNOWN: Record<MemberKind, string> = {
  entity_ids: 'Unknown entity',
  form_template_ids: 'Unknown form template',
  doc_template_ids: 'Unknown document template',
  global_variable_ids: 'Unknown global variable',
};

/** 422 details (`entity_ids.2`) for the ids that are not the company's; [] when all are. */
export function unknownMemberProblems(given: Partial<MemberIds>, found: Members): TValidationDetail[] {
  const problems: TValidationDetail[] = [];
  for (const kind of MEMBER_KINDS) {
    given[kind]?.forEach((id, index) => {
      if (!found[kind].has(id))
        problems.push({ key: `${kind}.${index}`, message: UNKNOWN[kind], path: [kind, index] });
    });
  }
  return problems;
}
