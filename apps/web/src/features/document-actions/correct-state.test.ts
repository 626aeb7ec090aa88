import { describe, expect, it } from 'vitest';
import { makeDocumentUser, makeEmployeeDocument, makeField } from '../documents/documents-test-utils';
import { RECIPIENT_COLORS } from '@esigns/contracts/documents';
import {
  COVERS_FINISHED,
  dropField,
  formOf,
  formProblems,
  isFieldLocked,
  moveField,
  newRecipient,
  placeField,
  removeField,
  requestOf,
} from './correct-state';

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

describe('moveField / dropField / removeField', () => {
  const twoPages = [
    { width: 612, height: 792 },
    { width: 612, height: 792 },
  ];
  const doc = makeEmployeeDocument({
    document_users: [
      makeDocumentUser({ _id: 'a', key: 'r1', status: 'SIGNED', email: 'a@example.com', color: '' }),
      makeDocumentUser({ _id: 'b', key: 'r2', status: 'SENT', email: 'b@example.com', color: '' }),
      makeDocumentUser({
        _id: 'c',
        key: 'r3',
        status: 'SENT',
        email: 'c@example.com',
        user_type: 'CC',
        color: '#123456',
      }),
    ],
    fields: [
      makeField({ key: 'done', recipient_key: 'r1', x: 50, y: 600, width: 150, height: 40 }),
      makeField({ key: 'open', recipient_key: 'r2', x: 300, y: 100, width: 150, height: 40 }),
    ],
  });
  const form = formOf(doc);

  it('gives every recipient a colour (the stored one, else its place in the palette)', () => {
    expect(form.recipients.map((r) => r.color)).toEqual([
      RECIPIENT_COLORS[0],
      RECIPIENT_COLORS[1],
      '#123456',
    ]);
    expect(newRecipient(form).color).toBe(RECIPIENT_COLORS[2]);
  });

  it('moves a pending field, keeps it inside its page, and sends the new position', () => {
    const moved = moveField(form, twoPages, 'open', { page: 1, x: 320.456, y: 140 });
    expect(moved.error).toBeNull();
    expect(moved.form!.fields.find((f) => f.key === 'open')).toMatchObject({ x: 320.46, y: 140, page: 1 });
    const clamped = moveField(form, twoPages, 'open', { page: 1, x: 900, y: -20 });
    expect(clamped.form!.fields.find((f) => f.key === 'open')).toMatchObject({ x: 612 - 150, y: 0 });
    const otherPage = moveField(form, twoPages, 'open', { page: 2, x: 10, y: 10 });
    expect(otherPage.form!.fields.find((f) => f.key === 'open')).toMatchObject({ page: 2, x: 10, y: 10 });
    expect(requestOf(moved.form!).fields!.find((f) => f.key === 'open')).toMatchObject({ x: 320.46, y: 140 });
    expect(formProblems(clamped.form!, twoPages)).toEqual([]);
  });

  it('refuses to move a finished recipient’s field, or to cover it', () => {
    const locked = moveField(form, twoPages, 'done', { page: 1, x: 10, y: 10 });
    expect(locked.form).toBeNull();
    expect(locked.error).toMatch(/finished/);
    const over = moveField(form, twoPages, 'open', { page: 1, x: 100, y: 610 });
    expect(over).toEqual({ form: null, error: COVERS_FINISHED });
    expect(moveField(form, twoPages, 'open', { page: 3, x: 0, y: 0 }).form).toBeNull();
    expect(moveField(form, twoPages, 'nope', { page: 1, x: 0, y: 0 }).form).toBeNull();
  });

  it('drops a new field for the chosen recipient where it was let go, inside the page', () => {
    const dropped = dropField(form, twoPages, { type: 'INITIAL', recipientKey: 'r2', page: 2, x: 600, y: 5 });
    expect(dropped.error).toBeNull();
    const field = dropped.form!.fields.at(-1)!;
    expect(field).toMatchObject({ key: 'f-3', type: 'INITIAL', recipient_key: 'r2', page: 2, y: 5 });
    expect(field.x + field.width).toBe(612);
    expect(
      dropField(form, twoPages, { type: 'TEXT', recipientKey: 'r1', page: 1, x: 0, y: 0 }).form,
    ).toBeNull();
    expect(
      dropField(form, twoPages, { type: 'TEXT', recipientKey: 'r3', page: 1, x: 0, y: 0 }).form,
    ).toBeNull();
    expect(dropField(form, twoPages, { type: 'TEXT', recipientKey: 'r2', page: 1, x: 60, y: 610 })).toEqual({
      form: null,
      error: COVERS_FINISHED,
    });
  });

  it('removes a pending field but never a locked one', () => {
    expect(removeField(form, 'open').fields.map((f) => f.key)).toEqual(['done']);
    expect(removeField(form, 'done').fields.map((f) => f.key)).toEqual(['done', 'open']);
    expect(isFieldLocked(form, form.fields[0]!)).toBe(true);
  });
});
