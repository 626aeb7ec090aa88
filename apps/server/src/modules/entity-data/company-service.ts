import { sql } from 'drizzle-orm';
import type { TCompanyDetails, TCreateCompanyRequest, TFoundRecord } from '@esigns/contracts/entity-actions';
import { hasPermission } from '@esigns/contracts/permissions';
import type { Db } from '../../platform/db/database';
import { AppError, notFound, unlessAppError, validationError } from '../../platform/http/app-error';
import { contactsOfAccount } from '../contacts';
import {
  createEntity,
  entityRefOf,
  firstEntityOfType,
  loadEntityDefinition,
  type EntityDefinition,
} from '../entities';
import { findPrimaryTemplate } from '../form-templates';
import type { AccessContext } from '../permissions';
import { findOrAddRecord } from './find-or-add';
import { titleOf } from './record-values';
import { entityData } from './schema';
import { findCompanyRecord, linkedTitles, toRecord, withComputedValues } from './service';

/*
 * Companies (DOMAIN-NOCODE: BUSINESS entities are accounts): the organisations a workspace deals
 * with, kept as records of a BUSINESS entity and named by its display field. Contacts of the
 * address book belong to one by their account name.
 */

const entityProblem = (message: string) =>
  validationError([{ key: 'entity_id', path: ['entity_id'], message }], message);

/** The name of the entity made when a workspace adds its first company without naming an entity. */
export const DEFAULT_COMPANIES_ENTITY = 'Companies';

/**
 * The BUSINESS entity companies go to: the one named (422 when it is not BUSINESS), else the
 * workspace's first; with none, "Companies" is made from the accounts' primary template (the
 * workspace's own or the STANDARD "Company details") when the caller may create entities.
 */
async function companiesEntity(
  db: Db,
  access: AccessContext,
  entityId: string | undefined,
): Promise<EntityDefinition> {
  if (entityId) {
    const def = await loadEntityDefinition(db, access.companyId, entityId);
    if (def.row.entityType !== 'BUSINESS')
      throw entityProblem(`${def.row.name} is not a company (BUSINESS) entity`);
    return def;
  }
  const existing = await firstEntityOfType(db, access.companyId, 'BUSINESS');
  if (existing) return loadEntityDefinition(db, access.companyId, existing);
  if (!hasPermission(access, 'entities:create'))
    throw entityProblem(
      'There is no company (BUSINESS) entity yet: someone who can create entities must add one',
    );
  const template = await findPrimaryTemplate(db, access, 'BUSINESS');
  try {
    const made = await createEntity(db, access, {
      name: DEFAULT_COMPANIES_ENTITY,
      description: 'The companies (accounts) the workspace deals with.',
      entity_type: 'BUSINESS',
      icon: 'building',
      templates: [{ template_id: template._id, is_primary: true, hidden_on_add: false }],
      display_field: null,
      duplicate_rules: [],
    });
    return loadEntityDefinition(db, access.companyId, made._id);
  } catch (err) {
    // Another call made it a moment ago, or a non-BUSINESS entity has the name.
    const raced = await firstEntityOfType(db, access.companyId, 'BUSINESS');
    if (raced) return loadEntityDefinition(db, access.companyId, raced);
    if (err instanceof AppError && err.code === 'VALIDATION_FAILED')
      throw entityProblem(
        `An entity called ${DEFAULT_COMPANIES_ENTITY} exists but is not a company entity: choose one`,
      );
    throw err;
  }
}

/**
 * `POST /entities/createCompany`: the company of this name (display field, ignoring case) when the
 * entity has it, else a new record with `name` and `values`. Problems of the name are keyed `name`.
 */
export async function createCompanyRecord(
  db: Db,
  access: AccessContext,
  body: TCreateCompanyRequest,
): Promise<TFoundRecord> {
  const def = await companiesEntity(db, access, body.entity_id);
  const nameField = def.displayField;
  if (!nameField) throw entityProblem(`${def.row.name} has no field that names its records`);
  const input = {
    ...body.values,
    [def.primary.id]: { ...(body.values[def.primary.id] ?? {}), [nameField]: body.name },
  };
  const nameKey = `values.${def.primary.id}.${nameField}`;
  const { created, row } = await findOrAddRecord(db, access, def, input, (values) => {
    const title = titleOf(def, values);
    return title ? sql`lower(${entityData.title}) = lower(${title})` : null;
  }).catch((err: unknown) => {
    if (!(err instanceof AppError) || !err.details) throw err;
    const details = err.details.map((d) => (d.key === nameKey ? { ...d, key: 'name', path: ['name'] } : d));
    throw validationError(details, err.message);
  });
  const [computed] = await withComputedValues(db, def, [row]);
  return { created, entity: entityRefOf(def), record: toRecord(computed!) };
}

const CONTACTS_SHOWN = 100;

/**
 * `GET /entities/getCompany/{CompanyId}`: a record of one of the workspace's BUSINESS entities
 * with its computed values, the titles of the records it links to, and the address book's contacts
 * whose account name is its name. Anything else (another workspace's, another kind of record): 404.
 */
export async function getCompanyDetails(db: Db, access: AccessContext, id: string): Promise<TCompanyDetails> {
  const row = await unlessAppError(findCompanyRecord(db, access.companyId, id));
  if (!row) throw notFound('Company');
  const def = await loadEntityDefinition(db, access.companyId, row.entityId);
  if (def.row.entityType !== 'BUSINESS') throw notFound('Company');
  const [computed] = await withComputedValues(db, def, [row]);
  const people = row.title.trim()
    ? await contactsOfAccount(db, access.companyId, row.title, CONTACTS_SHOWN)
    : { contacts: [], total: 0 };
  return {
    entity: entityRefOf(def),
    record: toRecord(computed!),
    linked_titles: await linkedTitles(db, def, [row]),
    contacts: people.contacts.map((p) => ({
      _id: p._id,
      name: `${p.firstName} ${p.lastName}`.trim(),
      email: p.email,
      phone: p.phone,
      title: p.title,
    })),
    contacts_total: people.total,
  };
}
