import { randomUUID } from 'node:crypto';
import {
  RECIPIENT_COLORS,
  isEmail,
  type TEmployeeDocument,
  type TField,
  type TRecipient,
  type TRecipientType,
} from '@esigns/contracts/documents';
import type { TValidationDetail } from '@esigns/contracts/envelope';
import { validationError } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import {
  structuralProblems,
  findConfigurable,
  findEmployeeDocument,
  type Tx,
  presentEmployeeDocument,
  type EmployeeRow,
  recipientsOf,
  updateEmployeeDocument,
} from '../documents';
import type { AccessContext } from '../permissions';
import { assertActionAllowed, loadForAction, type Client } from './access';
import { afterCorrection, applyCorrection } from './correct-service';
import { emitAction, logAction } from './events';

export type TNewRecipient = {
  key?: string | undefined;
  email: string;
  first_name: string;
  last_name: string;
  user_type: TRecipientType;
  signing_order: number;
  role_name?: string | undefined;
  email_verification?: boolean | undefined;
};

/** Moves 422 details of the combined list back to the indexes of the request. */
function shiftDetails(
  details: TValidationDetail[],
  offsets: { document_users: number; fields: number },
): TValidationDetail[] {
  return details.map((d) => {
    const [list, index, ...rest] = d.path;
    if ((list === 'document_users' || list === 'fields') && typeof index === 'number') {
      const shifted = index - offsets[list];
      if (shifted >= 0) {
        const path = [list, shifted, ...rest];
        return { ...d, key: path.join('.'), path };
      }
    }
    return d;
  });
}

/**
 * New recipients of a WAITING document go through the correction code with everyone else kept
 * as they are: the new ones (and their `fields`, added to the document's) are checked like a send,
 * and those whose turn it is are mailed their link; nobody else is mailed again.
 */
async function addToSent(
  platform: Platform,
  tx: Tx,
  access: AccessContext,
  client: Client,
  locked: EmployeeRow,
  input: { document_users: TNewRecipient[]; fields?: TField[] | undefined },
) {
  const rows = await recipientsOf(tx, locked.id);
  const kept = rows.map((r) => ({
    _id: r.id,
    email: r.email,
    first_name: r.firstName,
    last_name: r.lastName,
    user_type: r.userType,
    signing_order: r.signingOrder,
  }));
  try {
    return await applyCorrection(
      platform,
      tx,
      access,
      client,
      locked,
      {
        document_users: [...kept, ...input.document_users],
        fields: [...locked.fields, ...(input.fields ?? [])],
      },
      'new-due',
    );
  } catch (err) {
    const details = (err as { details?: TValidationDetail[] }).details;
    if (!details) throw err;
    const shifted = shiftDetails(details, { document_users: kept.length, fields: locked.fields.length });
    throw validationError(shifted, shifted[0]?.message);
  }
}

/** New recipients of a DRAFT join its layout (their fields are placed in the editor before sending). */
async function addToDraft(
  tx: Tx,
  access: AccessContext,
  client: Client,
  locked: EmployeeRow,
  input: { document_users: TNewRecipient[]; fields?: TField[] | undefined },
): Promise<void> {
  const layout = await findConfigurable(tx, access.companyId, locked.configurableDocumentId ?? '', {
    forUpdate: true,
  });
  const details: TValidationDetail[] = [];
  const emails = new Set(layout.documentUsers.map((r) => r.email.trim().toLowerCase()).filter(Boolean));
  const keys = new Set(layout.documentUsers.map((r) => r.key));
  const added: TRecipient[] = input.document_users.map((entry, i) => {
    const email = entry.email.trim().toLowerCase();
    if (!isEmail(email)) {
      details.push({
        key: `document_users.${i}.email`,
        message: 'Enter a valid email address',
        path: ['document_users', i, 'email'],
      });
    } else if (emails.has(email)) {
      details.push({
        key: `document_users.${i}.email`,
        message: `${email} is already a recipient`,
        path: ['document_users', i, 'email'],
      });
    }
    emails.add(email);
    let key = entry.key?.trim() || '';
    if (!key || keys.has(key)) key = `r-${randomUUID().slice(0, 8)}`;
    keys.add(key);
    return {
      key,
      role_name: entry.role_name ?? '',
      email,
      first_name: entry.first_name.trim(),
      last_name: entry.last_name.trim(),
      contact_id: null,
      user_type: entry.user_type,
      signing_order: entry.signing_order,
      color: RECIPIENT_COLORS[(layout.documentUsers.length + i) % RECIPIENT_COLORS.length]!,
      email_verification: entry.email_verification ?? false,
    };
  });
  const documentUsersNext = [...layout.documentUsers, ...added];
  const fields = [...layout.fields, ...(input.fields ?? [])];
  const structural = structuralProblems({ fields, document_users: documentUsersNext }, layout.pages);
  details.push(
    ...shiftDetails(
      structural.map((p) => ({ key: p.key, message: p.message, path: p.path })),
      { document_users: layout.documentUsers.length, fields: layout.fields.length },
    ),
  );
  if (details.length > 0) throw validationError(details, details[0]!.message);
  // The layout (the draft's recipients and fields) follows the document.
  await updateEmployeeDocument(tx, locked, { fields }, documentUsersNext);
  await logAction(tx, access, client, {
    documentId: locked.id,
    action: 'document.recipients_added',
    details: {
      added: added.map((r) => ({ email: r.email, user_type: r.user_type, order: r.signing_order })),
    },
  });
}

/**
 * `POST /documents/{id}/document-users {document_users, fields?}`: adds recipients to a DRAFT
 * (its layout) or to a document out for signature (checked like a send; those whose turn it is
 * are mailed at once).
 */
export async function addRecipients(
  platform: Platform,
  access: AccessContext,
  client: Client,
  id: string,
  input: { document_users: TNewRecipient[]; fields?: TField[] | undefined },
): Promise<TEmployeeDocument> {
  const db = platform.database.db;
  await loadForAction(platform, access, id, 'add-recipients');
  const result = await db.transaction(async (tx) => {
    const locked = await findEmployeeDocument(tx, access.companyId, id, { forUpdate: true });
    assertActionAllowed('add-recipients', locked);
    if (locked.status === 'DRAFT') {
      await addToDraft(tx, access, client, locked, input);
      return { draft: locked, outcome: null };
    }
    return { draft: locked, outcome: await addToSent(platform, tx, access, client, locked, input) };
  });
  if (result.outcome) afterCorrection(platform, access, 'recipients_added', result.outcome);
  else emitAction(platform, access, 'recipients_added', result.draft);
  return presentEmployeeDocument(db, access.companyId, id);
}
