import { z } from 'zod';
import { ZPageQuery } from './envelope';
import { ZInt4 } from './ids';

/*
 * Entity groups (spec 3 §7 "Entity groups", DOMAIN-NOCODE): a named bundle of a company's
 * entities, form templates, document templates, global variables and workflows (the unit an app
 * packages). Requests name members by id lists; answers add each member's name, in the order
 * given, and leave out members deleted since.
 */

export const MAX_GROUP_MEMBERS = 500;
export const WORKFLOWS_NOT_AVAILABLE = 'Workflows are not available yet';

const ZMemberIds = (what: string) =>
  z
    .array(z.uuid(`Unknown ${what}`), { error: 'Send a list of ids' })
    .max(MAX_GROUP_MEMBERS, `At most ${MAX_GROUP_MEMBERS}`);

export const ZEntityGroupName = z
  .string({ error: 'Give the group a name' })
  .trim()
  .min(1, 'Give the group a name')
  .max(100, 'At most 100 characters');

const groupBody = {
  name: ZEntityGroupName,
  description: z.string().trim().max(1000, 'At most 1000 characters'),
  /** An icon name of the icon set. */
  icon: z.string().trim().max(80, 'At most 80 characters').nullable(),
  /** 0-based place among the company's groups; the others shift to make room. */
  position: ZInt4('Enter a whole number').min(0, 'At least 0'),
  entity_ids: ZMemberIds('entity'),
  form_template_ids: ZMemberIds('form template'),
  doc_template_ids: ZMemberIds('document template'),
  global_variable_ids: ZMemberIds('global variable'),
  workflow_ids: ZMemberIds('workflow'),
};

export const ZCreateEntityGroupRequest = z.object({
  name: groupBody.name,
  description: groupBody.description.default(''),
  icon: groupBody.icon.default(null),
  /** Default: after the last group. */
  position: groupBody.position.optional(),
  entity_ids: groupBody.entity_ids.default([]),
  form_template_ids: groupBody.form_template_ids.default([]),
  doc_template_ids: groupBody.doc_template_ids.default([]),
  global_variable_ids: groupBody.global_variable_ids.default([]),
  workflow_ids: groupBody.workflow_ids.default([]),
});
export type TCreateEntityGroupRequest = z.output<typeof ZCreateEntityGroupRequest>;
export type TEntityGroupDraft = z.input<typeof ZCreateEntityGroupRequest>;

export const ZUpdateEntityGroupRequest = z.object(groupBody).partial();
export type TUpdateEntityGroupRequest = z.output<typeof ZUpdateEntityGroupRequest>;

export const ZGroupMember = z.object({ _id: z.string(), name: z.string() });
export type TGroupMember = z.infer<typeof ZGroupMember>;

export const ZEntityGroup = z
  .object({
    _id: z.string(),
    company_id: z.string(),
    name: z.string(),
    description: z.string(),
    icon: z.string().nullable(),
    position: z.number().int(),
    entity_ids: z.array(z.string()),
    form_template_ids: z.array(z.string()),
    doc_template_ids: z.array(z.string()),
    global_variable_ids: z.array(z.string()),
    workflow_ids: z.array(z.string()),
    entities: z.array(ZGroupMember.extend({ entity_type: z.string() })),
    formTemplates: z.array(ZGroupMember.extend({ type: z.string() })),
    /** `company_document_id` opens the template's editor. */
    docTemplates: z.array(ZGroupMember.extend({ company_document_id: z.string() })),
    globalVariables: z.array(ZGroupMember.extend({ input_type: z.string() })),
    workflows: z.array(ZGroupMember),
    created_by: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: 'EntityGroup' });
export type TEntityGroup = z.infer<typeof ZEntityGroup>;

export const ZEntityGroupListQuery = ZPageQuery.extend({
  /** Matches name or description (case-insensitive). */
  search: z.string().trim().max(100, 'At most 100 characters').optional(),
});
export type TEntityGroupListQuery = z.output<typeof ZEntityGroupListQuery>;
