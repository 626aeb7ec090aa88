import { sql } from 'drizzle-orm';
import type { TDocumentListItem, TDocumentListQuery } from '@esigns/contracts/document-lists';
import { isEmail, type TDocumentListFilter } from '@esigns/contracts/documents';
import type { Db } from '../../platform/db/database';
import { validationError } from '../../platform/http/app-error';
import { getContact } from '../contacts';
import type { AccessContext } from '../permissions';
import { listDocuments, type ListExtra } from './list-service';

/**
 * `GET /employee-documents`: narrows a list to the documents where the caller is a recipient
 * other than CC (by login or email); `signed` keeps those they have signed or approved.
 */
export function addressedToMe(signed: boolean): ListExtra {
  const done = signed ? sql` and du.status in ('SIGNED', 'APPROVED')` : sql``;
  return (
    scope,
  ) => sql`ed.status <> 'DRAFT' and ed.id in (select du.employee_document_id from document_users du
    where du.company_id = ${scope.companyId} and (du.user_id = ${scope.userId} or du.email = ${scope.email})
      and du.user_type <> 'CC'${done})`;
}

/**
 * `GET /entities/employeeDocuments`: the spec names the call and a query, nothing more. It answers
 * the documents of one person of the address book: those with a recipient who is the contact
 * `contact_id` (linked or by email) or who has the email `email`, as the caller's lists show them.
 */
export async function contactDocuments(
  db: Pick<Db, 'select' | 'selectDistinct' | 'execute'>,
  access: AccessContext,
  input: {
    filter: TDocumentListFilter;
    query: TDocumentListQuery;
    contactId: string | undefined;
    email: string | undefined;
    offsetMinutes: number;
  },
): Promise<{ rows: TDocumentListItem[]; total: number }> {
  let recipient: string;
  if (input.contactId) {
    recipient = (await getContact(db, access, input.contactId))._id;
  } else if (input.email) {
    const email = input.email.toLowerCase();
    if (!isEmail(email)) {
      throw validationError([{ key: 'email', message: 'Enter a valid email address', path: ['email'] }]);
    }
    recipient = email;
  } else {
    throw validationError([
      { key: 'contact_id', message: 'Give a contact id or an email', path: ['contact_id'] },
    ]);
  }
  return listDocuments(
    db,
    access,
    input.filter,
    { ...input.query, recipient },
    {
      offsetMinutes: input.offsetMinutes,
    },
  );
}
