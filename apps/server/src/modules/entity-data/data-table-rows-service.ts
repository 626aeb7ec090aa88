import { inArray, sql } from 'drizzle-orm';
import { RECORD_COUNT_CAP } from '@esigns/contracts/entities';
import type { TRowFieldsPage, TRowFieldsRequest } from '@esigns/contracts/entity-actions';
import { splitFieldRef } from '@esigns/contracts/nocode-filters';
import { rowsOf, type Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import type { EntityDefinition } from '../entities';
import type { AccessContext } from '../permissions';
import { entityData } from './schema';
import { recordWhere } from './service';

/*
 * `POST /entities-data/data-table/row-fields`: the rows of one DATA_TABLE field across an entity's
 * records (every invoice's line items in one list), with the table's columns (the fields of a
 * row). Rows come out of the JSONB array of each record in one query; newest records first.
 */

function dataTableField(def: EntityDefinition, ref: string) {
  const parts = splitFieldRef(ref);
  const template = parts ? def.byId.get(parts.templateId) : undefined;
  const field = template?.fields.find((f) => f.key === parts?.key);
  if (!template || template.isRepeatable || !field || field.type !== 'DATA_TABLE') {
    const message = 'Choose a data table field of this entity';
    throw validationError([{ key: 'field', path: ['field'], message }], message);
  }
  return { template, field };
}

export async function dataTableRows(
  db: Db,
  access: AccessContext,
  def: EntityDefinition,
  input: TRowFieldsRequest,
): Promise<TRowFieldsPage> {
  const { template, field } = dataTableField(def, input.field);
  const where = sql.join(
    [
      await recordWhere(db, access, def, { filters: input.filters, apply_global_filters: false }),
      ...(input.entity_data_ids ? [inArray(entityData.id, input.entity_data_ids)] : []),
    ],
    sql` and `,
  );
  const cell = sql`${entityData.values} -> ${template.id}::text -> ${field.key}::text`;
  const rows = sql`${entityData} cross join lateral jsonb_array_elements(
      case when jsonb_typeof(${cell}) = 'array' then ${cell} else '[]'::jsonb end
    ) with ordinality as r(value, ord)`;
  const offset = (input.page - 1) * input.limit;
  const cap = Math.max(RECORD_COUNT_CAP, offset + input.limit * 10);
  const [page, counted] = await Promise.all([
    rowsOf<{ id: string; title: string; row_index: number; value: unknown }>(
      db,
      sql`select ${entityData.id} as id, ${entityData.title} as title, (r.ord - 1)::int as row_index,
            r.value as value
          from ${rows} where ${where}
          order by ${entityData.createdAt} desc, ${entityData.id} desc, r.ord
          limit ${input.limit} offset ${offset}`,
    ),
    rowsOf<{ n: number }>(
      db,
      sql`select count(*)::int as n from (select 1 from ${rows} where ${where} limit ${cap + 1}) c`,
    ),
  ]);
  const n = Number(counted[0]?.n ?? 0);
  const total = Math.min(n, cap);
  return {
    field: { ref: input.field, label: field.label, template_id: template.id, key: field.key },
    columns: field.columns.map((c) => ({
      key: c.key,
      label: c.label,
      type: c.type,
      required: c.required,
      ...('options' in c ? { options: c.options.map((o) => ({ value: o.value, label: o.label })) } : {}),
    })),
    data: page.map((row) => ({
      entity_data_id: row.id,
      title: row.title,
      row_index: Number(row.row_index),
      values:
        typeof row.value === 'object' && row.value !== null && !Array.isArray(row.value)
          ? (row.value as Record<string, unknown>)
          : {},
    })),
    total,
    total_capped: n > cap,
    page: input.page,
    total_pages: Math.ceil(total / input.limit),
  };
}
