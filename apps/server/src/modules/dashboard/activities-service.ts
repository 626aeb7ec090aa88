import { sql, type SQL } from 'drizzle-orm';
import { UNREAD_ACTIVITIES_CAP, type TActivity, type TRecentActivities } from '@esigns/contracts/dashboard';
import type { TDocumentStatus } from '@esigns/contracts/documents';
import { isUuid } from '@esigns/contracts/ids';
import type { Db } from '../../platform/db/database';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { documentLogPosition } from '../documents';
import { activitiesLastOpenAt, setActivitiesLastOpenAt } from '../notifications';
import type { AccessContext } from '../permissions';
import { describeActivity, isRecipientActor, QUIET_ACTIONS, RECIPIENT_ACTIONS } from './activity-text';
import { isoOf, loadViewer, rowsOf, seesDocument, type Viewer } from './visibility';

type ActivityRow = {
  id: string;
  action: string;
  created_at: Date | string;
  actor_user_id: string | null;
  document_id: string;
  document_name: string;
  document_status: TDocumentStatus;
  r_first: string | null;
  r_last: string | null;
  r_email: string | null;
  r_user_id: string | null;
  u_first: string | null;
  u_last: string | null;
  u_email: string | null;
};

const list = (values: readonly string[]) =>
  sql.join(
    values.map((a) => sql`${a}`),
    sql`, `,
  );
const quiet = list(QUIET_ACTIONS);
const byRecipient = list(RECIPIENT_ACTIONS);

/** SQL: the viewer did what the log row `l` records (as staff, or as the recipient they are). */
function byViewer(viewer: Viewer): SQL {
  // `coalesce`: a NULL actor (a signer, a job) must make this false, not unknown, under `not`.
  return sql`coalesce(l.actor_user_id = ${viewer.access.userId}, false) or (l.action in (${byRecipient})
    and exists (select 1 from document_users me where me.id = l.document_user_id
      and (me.user_id = ${viewer.access.userId} or me.email = ${viewer.email})))`;
}

/** The events the viewer sees: log rows of documents they see, without the quiet actions. */
function activityScope(viewer: Viewer): SQL {
  return sql`l.company_id = ${viewer.access.companyId} and l.action not in (${quiet}) and ${seesDocument(viewer)}`;
}

/**
 * `POST /all-documents/recent-activities/seen`: sets the caller's `activities_last_open_at`
 * marker (only that column of `user_status`; the other markers belong to `user-status`).
 */
export async function markActivitiesSeen(
  platform: Platform,
  access: AccessContext,
  at: Date = new Date(),
): Promise<{ unread_count: number; last_open_at: string }> {
  await setActivitiesLastOpenAt(platform.database.db, access, at);
  return { unread_count: 0, last_open_at: at.toISOString() };
}

/**
 * `GET /all-documents/recent-activities`: the newest events on documents the caller sees
 * (`limit` of them; `before`: those after that activity id, for the next page), each as a sentence with its document and link,
 * and `unread_count`: events by others since the caller's last-open marker, up to
 * `UNREAD_ACTIVITIES_CAP`.
 */
export async function readRecentActivities(
  platform: Platform,
  access: AccessContext,
  options: { limit: number; before?: string | undefined },
): Promise<TRecentActivities> {
  const db = platform.database.db;
  const viewer = await loadViewer(db, access);
  const lastOpen = await activitiesLastOpenAt(db, access);
  const scope = activityScope(viewer);
  const before = options.before ? await cursorOf(db, access, options.before) : sql``;
  const rows = await rowsOf<ActivityRow>(
    db,
    sql`select l.id, l.action, l.created_at, l.actor_user_id,
        ed.id as document_id, ed.name as document_name, ed.status as document_status,
        du.first_name as r_first, du.last_name as r_last, du.email as r_email, du.user_id as r_user_id,
        u.first_name as u_first, u.last_name as u_last, u.email as u_email
      from document_logs l
      join employee_documents ed on ed.id = l.employee_document_id
      left join document_users du on du.id = l.document_user_id
      left join users u on u.id = l.actor_user_id
      where ${scope}${before}
      order by l.created_at desc, l.seq desc, l.id desc
      limit ${options.limit * ROWS_PER_ACTIVITY + 1}`,
  );
  const groups = groupRows(rows);
  const since = lastOpen ? sql` and l.created_at > ${lastOpen.toISOString()}::timestamptz` : sql``;
  const [unread] = await rowsOf<{ n: number | string }>(
    db,
    // One per listed activity: rows of one batch (a reminder to each recipient) count once.
    sql`select count(*)::int as n from (
        select distinct l.employee_document_id, l.action, l.created_at from document_logs l
        join employee_documents ed on ed.id = l.employee_document_id
        where ${scope}${since} and not (${byViewer(viewer)})
        limit ${UNREAD_ACTIVITIES_CAP}
      ) unread`,
  );
  return {
    data: groups.slice(0, options.limit).map((group) => toActivity(group, viewer, lastOpen)),
    unread_count: Number(unread?.n ?? 0),
    has_more: groups.length > options.limit || rows.length > options.limit * ROWS_PER_ACTIVITY,
    last_open_at: lastOpen ? lastOpen.toISOString() : null,
  };
}

/** SQL: the rows listed after the activity `id` (a cursor from the previous page); 404 if unknown. */
async function cursorOf(db: Db, access: AccessContext, id: string): Promise<SQL> {
  if (!isUuid(id)) throw notFound('Activity');
  const row = await documentLogPosition(db, access.companyId, id);
  if (!row) throw notFound('Activity');
  return sql` and (l.created_at, l.seq, l.id) < (${row.createdAt.toISOString()}::timestamptz, ${row.seq}, ${id}::uuid)`;
}

/** Log rows read per activity asked for, so that grouped batches still fill a page. */
const ROWS_PER_ACTIVITY = 4;

/**
 * Consecutive rows of one batch about recipients (the same action on one document by the same
 * actor in one transaction, e.g. a reminder to each recipient) become one activity.
 */
function groupRows(rows: ActivityRow[]): ActivityRow[][] {
  const groups: ActivityRow[][] = [];
  for (const row of rows) {
    const last = groups.at(-1)?.[0];
    const sameBatch =
      last !== undefined &&
      !isRecipientActor(row.action) &&
      row.r_email !== null &&
      last.r_email !== null &&
      last.action === row.action &&
      last.document_id === row.document_id &&
      last.actor_user_id === row.actor_user_id &&
      new Date(last.created_at).getTime() === new Date(row.created_at).getTime();
    if (sameBatch) groups.at(-1)!.push(row);
    else groups.push([row]);
  }
  return groups;
}

/** "Priya", "Priya and Arun", "Priya, Arun and 2 others". */
function joinNames(names: string[]): string {
  if (names.length <= 2) return names.join(' and ');
  const others = names.length - 2;
  return `${names.slice(0, 2).join(', ')} and ${others} other${others === 1 ? '' : 's'}`;
}

function toActivity(group: ActivityRow[], viewer: Viewer, lastOpen: Date | null): TActivity {
  const row = group[0]!;
  const recipient = row.r_email
    ? { name: `${row.r_first ?? ''} ${row.r_last ?? ''}`.trim() || row.r_email, email: row.r_email }
    : null;
  const staff = row.u_email
    ? { name: `${row.u_first ?? ''} ${row.u_last ?? ''}`.trim() || row.u_email, email: row.u_email }
    : null;
  const isViewer = (r: ActivityRow) => r.r_user_id === viewer.access.userId || r.r_email === viewer.email;
  const recipientIsMe = recipient !== null && isViewer(row);
  // Named in the order they were logged (the rows come newest first).
  const objects = [...group]
    .reverse()
    .map((r) => (isViewer(r) ? 'you' : `${r.r_first ?? ''} ${r.r_last ?? ''}`.trim() || (r.r_email ?? '')));
  const byRecipientRow = isRecipientActor(row.action);
  const actor = byRecipientRow ? (recipient ?? staff) : staff;
  const isMe = byRecipientRow && recipient ? recipientIsMe : row.actor_user_id === viewer.access.userId;
  const { kind, message } = describeActivity(row.action, {
    who: isMe ? 'You' : (actor?.name ?? null),
    recipient: byRecipientRow || !recipient ? null : joinNames(objects),
    document: row.document_name,
  });
  const createdAt = new Date(row.created_at);
  return {
    // The batch's last row: the next page starts after it.
    _id: group.at(-1)!.id,
    action: row.action,
    kind,
    message,
    actor,
    is_me: isMe,
    document: { _id: row.document_id, name: row.document_name, status: row.document_status },
    link: `/emp-documents/custom/${row.document_id}`,
    created_at: isoOf(row.created_at)!,
    is_unread: !isMe && (lastOpen === null || createdAt > lastOpen),
  };
}
