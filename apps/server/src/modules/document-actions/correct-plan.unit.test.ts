import { describe, expect, it } from 'vitest';
import { ZField, type TField } from '@esigns/contracts/documents';
import type { DocumentUserRow } from '../documents/serializers';
import { isFinished, planCorrection, type TCorrectionRecipient } from './correct-plan';

const pages = [{ width: 612, height: 792 }];

function row(
  key: string,
  status: DocumentUserRow['status'],
  extra: Partial<DocumentUserRow> = {},
): DocumentUserRow {
  return {
    id: `id-${key}`,
    companyId: 'c',
    employeeDocumentId: 'd',
    key,
    roleName: '',
    type: 'RECEIVER',
    userType: 'SIGNER',
    email: `${key}@example.com`,
    firstName: key.toUpperCase(),
    lastName: 'Tester',
    contactId: null,
    userId: null,
    signingOrder: 1,
    color: '',
    emailVerification: false,
    representativePasswordHash: null,
    secretHash: null,
    previousSecretHashes: [],
    retiredSecretHashes: [],
    hostedSecretHash: null,
    hostedByUserId: null,
    status,
    sentAt: null,
    viewedAt: null,
    finishedAt: null,
    lastRemindedAt: null,
    remindersSent: 0,
    createdAt: new Date(0),
    ...extra,
  };
}

const sig = (key: string, recipientKey: string, y = 100): TField =>
  ZField.parse({
    key,
    type: 'SIGNATURE',
    page: 1,
    x: 50,
    y,
    width: 100,
    height: 30,
    recipient_key: recipientKey,
  });

const listed = (r: DocumentUserRow): TCorrectionRecipient => ({
  _id: r.id,
  email: r.email,
  first_name: r.firstName,
  last_name: r.lastName,
  user_type: r.userType,
  signing_order: r.signingOrder,
});

const done = row('a', 'SIGNED');
const pending = row('b', 'SENT');
const fields = [sig('f_a', 'a'), sig('f_b', 'b', 200)];
const current = { rows: [done, pending], fields, pages };

describe('planCorrection', () => {
  it('keeps finished recipients, changes pending ones, adds and removes', () => {
    const result = planCorrection(current, {
      document_users: [
        listed(done),
        {
          key: 'c',
          email: ' C@Example.com ',
          first_name: 'Cleo',
          last_name: '',
          user_type: 'SIGNER',
          signing_order: 2,
        },
      ],
      fields: [fields[0]!, sig('f_c', 'c', 300)],
    });
    if (!('plan' in result)) throw new Error(JSON.stringify(result.details));
    expect(result.plan.removed.map((r) => r.key)).toEqual(['b']);
    expect(result.plan.added).toEqual([expect.objectContaining({ key: 'c', email: 'c@example.com' })]);
    expect(result.plan.staleValueKeys).toEqual(['f_b']);
  });

  it('marks an email change and keeps the fields of unlisted keys out when no fields are given', () => {
    const result = planCorrection(current, {
      document_users: [listed(done), { ...listed(pending), email: 'new@example.com' }],
    });
    if (!('plan' in result)) throw new Error(JSON.stringify(result.details));
    expect(result.plan.changed).toEqual([expect.objectContaining({ emailChanged: true })]);
    expect(result.plan.fields).toEqual(fields);
  });

  it('refuses changes to finished recipients and their fields', () => {
    const changed = planCorrection(current, {
      document_users: [{ ...listed(done), signing_order: 3 }, listed(pending)],
    });
    expect('details' in changed && changed.details.map((d) => d.key)).toEqual(['document_users.0']);
    const removed = planCorrection(current, { document_users: [listed(pending)] });
    expect('details' in removed && removed.details[0]!.message).toContain('cannot be removed');
    const moved = planCorrection(current, {
      document_users: [listed(done), listed(pending)],
      fields: [{ ...fields[0]!, x: 60 }, fields[1]!],
    });
    expect('details' in moved && moved.details.map((d) => d.key)).toEqual(['fields']);
    const extra = planCorrection(current, {
      document_users: [listed(done), listed(pending)],
      fields: [...fields, sig('f_a2', 'a', 400)],
    });
    expect('details' in extra && extra.details.map((d) => d.key)).toEqual(['fields.2.recipient_key']);
  });

  it('reports send problems with the request keys', () => {
    const result = planCorrection(current, {
      document_users: [
        listed(done),
        listed(pending),
        { email: 'bad', first_name: '', last_name: '', user_type: 'SIGNER', signing_order: 1 },
      ],
    });
    expect('details' in result && result.details.map((d) => d.key)).toEqual(
      expect.arrayContaining([
        'document_users.2.email',
        'document_users.2.first_name',
        'document_users.2.fields',
      ]),
    );
  });

  it('counts a viewer who viewed as finished', () => {
    expect(isFinished(row('v', 'VIEWED', { userType: 'VIEWER' }))).toBe(true);
    expect(isFinished(row('s', 'VIEWED'))).toBe(false);
  });
});
