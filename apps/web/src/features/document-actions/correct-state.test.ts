import { describe, expect, it } from 'vitest';
import { makeDocumentUser, makeEmployeeDocument, makeField } from '../documents/documents-test-utils';
import { formOf, placeField, requestOf } from './correct-state';

const pages = [{ width: 612, height: 792 }];

describe('placeField', () => {
  it('puts a field at the bottom of the page, beside the fields already there, never over one', () => {
    const first = placeField([], pages, { type: 'SIGNATURE', page: 1, recipientKey: 'r1' })!;
    expect(first).toMatchObject({ page: 1, x: 36, recipient_key: 'r1', key: 'f-1' });
    expect(first.y + first.height).toBe(792 - 36);
    const second = placeField([first], pages, { type: 'SIGNATURE', page: 1, recipientKey: 'r2' })!;
    expect(second.x).toBeGreaterThan(first.x + first.width);
    expect(second.key).toBe('f-2');
  });

  it('answers null for a page that does not exist or is full', () => {
    expect(placeField([], pages, { type: 'SIGNATURE', page: 2, recipientKey: 'r1' })).toBeNull();
    const blanket = makeField({ key: 'all', x: 0, y: 0, width: 612, height: 792 });
    expect(placeField([blanket], pages, { type: 'TEXT', page: 1, recipientKey: 'r1' })).toBeNull();
  });
});

describe('formOf / requestOf', () => {
  it('locks finished recipients and sends existing ones by id, new ones by key', () => {
    const doc = makeEmployeeDocument({
      document_users: [
        makeDocumentUser({ _id: 'a', key: 'r1', status: 'SIGNED' }),
        makeDocumentUser({
          _id: 'b',
          key: 'r2',
          status: 'VIEWED',
          user_type: 'VIEWER',
          email: 'v@example.com',
        }),
        makeDocumentUser({ _id: 'c', key: 'r3', status: 'SENT', email: 'c@example.com' }),
      ],
    });
    const form = formOf(doc);
    expect(form.recipients.map((r) => r.isLocked)).toEqual([true, true, false]);
    const request = requestOf({
      ...form,
      recipients: [
        ...form.recipients,
        { ...form.recipients[2]!, _id: undefined, key: 'n1', email: ' N@X.com ' },
      ],
    });
    expect(request.document_users.map((u) => u._id ?? u.key)).toEqual(['a', 'b', 'c', 'n1']);
    expect(request.document_users[3]!.email).toBe('n@x.com');
  });
});
