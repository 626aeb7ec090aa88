import { randomUUID } from 'node:crypto';
import {
  RECIPIENT_COLORS,
  layoutProblems,
  type TField,
  type TRecipient,
  type TRecipientType,
} from '@esigns/contracts/documents';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import type { TPageSize } from '@esigns/contracts/files';
import { canonicalJson, FINISHED_STATUSES, type DocumentUserRow } from '../documents';

/** A recipient as a correction names it: `_id` for one already on the document, none for a new one. */
export type TCorrectionRecipient = {
  _id?: string | undefined;
  key?: string | undefined;
  email: string;
  first_name: string;
  last_name: string;
  user_type: TRecipientType;
  signing_order: number;
  role_name?: string | undefined;
  email_verification?: boolean | undefined;
};

export type RecipientChange = {
  row: DocumentUserRow;
  next: TRecipient;
  emailChanged: boolean;
};

/** What a correction does, worked out before anything is written. */
export type CorrectionPlan = {
  /** The recipients after the correction, in the order given (finished ones included). */
  recipients: TRecipient[];
  fields: TField[];
  added: TRecipient[];
  changed: RecipientChange[];
  removed: DocumentUserRow[];
  /** Field keys whose stored values must go: the field was removed or changed (type, place, owner...). */
  staleValueKeys: string[];
};

/** A recipient with nothing left to do: signed, approved, declined, rejected, or a viewer who viewed. */
export function isFinished(row: Pick<DocumentUserRow, 'status' | 'userType'>): boolean {
  return FINISHED_STATUSES.includes(row.status) || (row.userType === 'VIEWER' && row.status === 'VIEWED');
}

const nameOf = (r: { firstName: string; lastName: string; email: string }) =>
  `${r.firstName} ${r.lastName}`.trim() || r.email;

/** Equal content, whatever the order of keys (stored JSON and a parsed request differ in order). */
const sameField = (a: TField, b: TField) => canonicalJson(a) === canonicalJson(b);

function asRecipient(row: DocumentUserRow): TRecipient {
  return {
    key: row.key,
    role_name: row.roleName,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    contact_id: row.contactId,
    user_type: row.userType,
    signing_order: row.signingOrder,
    color: row.color,
    email_verification: row.emailVerification,
  };
}

/**
 * Works out a correction of a document out for signature (pure: no database). The request lists
 * every recipient the document will have, in order:
 * - finished recipients must be listed unchanged (422 otherwise): their signatures and values stay;
 * - pending ones may change name, email, role type, order and verification, or be left out (removed);
 * - entries without `_id` are added (their `key`, when given, is what new fields refer to).
 * `fields`, when given, is the whole new field list: the fields of finished recipients must be in
 * it unchanged and none added for them. Without it the fields stay, less those of removed
 * recipients. The result must pass the checks made when sending (`layoutProblems`), reported as
 * 422 with the request's keys (`document_users.2.email`, `fields.5.recipient_key`).
 */
export function planCorrection(
  current: { rows: DocumentUserRow[]; fields: TField[]; pages: TPageSize[] },
  request: { document_users: TCorrectionRecipient[]; fields?: TField[] | undefined },
): { plan: CorrectionPlan } | { details: TValidationDetail[] } {
  const details: TValidationDetail[] = [];
  const add = (path: (string | number)[], message: string) =>
    details.push({ key: path.join('.'), message, path });
  const byId = new Map(current.rows.map((r) => [r.id, r]));
  const usedKeys = new Set(current.rows.map((r) => r.key));
  const listed = new Set<string>();
  const recipients: TRecipient[] = [];
  const added: TRecipient[] = [];
  const changed: RecipientChange[] = [];

  request.document_users.forEach((entry, i) => {
    const email = entry.email.trim().toLowerCase();
    const person = {
      email,
      first_name: entry.first_name.trim(),
      last_name: entry.last_name.trim(),
      user_type: entry.user_type,
      signing_order: entry.signing_order,
    };
    if (entry._id !== undefined) {
      const row = byId.get(entry._id);
      if (!row) return add(['document_users', i, '_id'], 'No recipient of this document has this id');
      if (listed.has(row.id)) return add(['document_users', i, '_id'], 'This recipient is listed twice');
      listed.add(row.id);
      const before = asRecipient(row);
      const next: TRecipient = {
        ...before,
        ...person,
        role_name: entry.role_name ?? row.roleName,
        email_verification: entry.email_verification ?? row.emailVerification,
      };
      const isSame =
        next.email === before.email &&
        next.first_name === before.first_name &&
        next.last_name === before.last_name &&
        next.user_type === before.user_type &&
        next.signing_order === before.signing_order &&
        next.role_name === before.role_name &&
        next.email_verification === before.email_verification;
      if (isFinished(row) && !isSame) {
        add(['document_users', i], `${nameOf(row)} has already finished: they cannot be changed`);
      } else if (!isSame) {
        changed.push({ row, next, emailChanged: next.email !== row.email });
      }
      recipients.push(isFinished(row) ? before : next);
      return;
    }
    let key = entry.key?.trim() || '';
    if (!key || usedKeys.has(key)) key = `r-${randomUUID().slice(0, 8)}`;
    usedKeys.add(key);
    const next: TRecipient = {
      key,
      role_name: entry.role_name ?? '',
      ...person,
      contact_id: null,
      color: RECIPIENT_COLORS[(current.rows.length + added.length) % RECIPIENT_COLORS.length]!,
      email_verification: entry.email_verification ?? false,
    };
    if (entry.key && entry.key !== key) {
      add(['document_users', i, 'key'], 'Another recipient already has this key');
    }
    added.push(next);
    recipients.push(next);
  });

  const removed = current.rows.filter((r) => !listed.has(r.id));
  for (const row of removed.filter(isFinished)) {
    add(['document_users'], `${nameOf(row)} has already finished: they cannot be removed`);
  }

  const finishedKeys = new Set(current.rows.filter(isFinished).map((r) => r.key));
  const removedKeys = new Set(removed.map((r) => r.key));
  let fields: TField[];
  if (request.fields) {
    fields = request.fields;
    const given = new Map(fields.map((f) => [f.key, f]));
    for (const old of current.fields.filter((f) => finishedKeys.has(f.recipient_key))) {
      const now = given.get(old.key);
      if (!now || !sameField(now, old)) {
        add(
          ['fields'],
          `The field "${old.label || old.key}" belongs to a recipient who has finished: it cannot change`,
        );
      }
    }
    const oldKeys = new Set(current.fields.map((f) => f.key));
    fields.forEach((f, i) => {
      if (finishedKeys.has(f.recipient_key) && !oldKeys.has(f.key)) {
        add(
          ['fields', i, 'recipient_key'],
          'This recipient has already finished: no field can be added for them',
        );
      }
    });
  } else {
    fields = current.fields.filter((f) => !removedKeys.has(f.recipient_key));
  }

  if (details.length === 0) {
    for (const p of layoutProblems({ fields, document_users: recipients }, current.pages, 'send')) {
      details.push({ key: p.key, message: p.message, path: p.path });
    }
  }
  if (details.length > 0) return { details };

  const nextByKey = new Map(fields.map((f) => [f.key, f]));
  const staleValueKeys = current.fields
    .filter((f) => !finishedKeys.has(f.recipient_key))
    .filter((f) => {
      const next = nextByKey.get(f.key);
      return !next || !sameField(next, f);
    })
    .map((f) => f.key);
  return { plan: { recipients, fields, added, changed, removed, staleValueKeys } };
}
