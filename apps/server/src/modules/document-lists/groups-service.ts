import { sql } from 'drizzle-orm';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import type { AccessContext } from '../permissions';
import { visibleTo } from './list-query';
import { loadScope, rowsOf } from './scope';

/*
 * The document groups of spec 2 §7 "Employee documents": the caller's sent documents counted by
 * the template they came from, under the lists' visibility rule.
 */

export type DocumentGroup = {
  template_id: string | null;
  name: string;
  total: number;
  waiting: number;
  completed: number;
  other: number;
  last_sent_at: string | null;
};

/**
 * `GET /documents/groups/{company_id}`: the sent documents the caller sees (not archived), grouped
 * by the template they were sent from; documents not sent from a template form the group
 * "One-off documents" (`template_id` null). Largest groups first.
 */
export async function documentGroups(
  platform: Platform,
  access: AccessContext,
  companyId: string,
): Promise<DocumentGroup[]> {
  if (companyId !== access.companyId) throw notFound('Company');
  const db = platform.database.db;
  const scope = await loadScope(db, access);
  const rows = await rowsOf<{
    template_id: string | null;
    name: string | null;
    total: number;
    waiting: number;
    completed: number;
    last_sent_at: Date | string | null;
  }>(
    db,
    sql`select g.template_id, max(g.template_name) as name, count(*)::int as total,
        (count(*) filter (where g.status = 'WAITING'))::int as waiting,
        (count(*) filter (where g.status = 'COMPLETED'))::int as completed,
        max(g.sent_at) as last_sent_at
      from (
        select case when cd.is_template then cd.id end as template_id,
          case when cd.is_template then cd.name end as template_name, ed.status, ed.sent_at
        from employee_documents ed
        left join configurable_documents cd on cd.id = ed.configurable_document_id
        where ed.company_id = ${access.companyId} and ed.status <> 'DRAFT' and ed.archived_at is null
          and ${visibleTo(scope)}
      ) g
      group by g.template_id
      order by count(*) desc, max(g.template_name) nulls last`,
  );
  return rows.map((r) => ({
    template_id: r.template_id,
    name: r.template_id ? (r.name ?? '') : 'One-off documents',
    total: Number(r.total),
    waiting: Number(r.waiting),
    completed: Number(r.completed),
    other: Number(r.total) - Number(r.waiting) - Number(r.completed),
    last_sent_at: r.last_sent_at ? new Date(r.last_sent_at).toISOString() : null,
  }));
}
