import { describe, expect, it } from 'vitest';
import { LETTER, makeField, makeLayout, makeRecipient } from './editor-fixtures';
import { layoutReducer, renumberKeepingGroups } from './layout-reducer';

const pages = [LETTER, LETTER];

describe('layoutReducer: fields', () => {
  it('adds a field clamped inside its page and refuses a duplicate key or a missing page', () => {
    const layout = makeLayout();
    const next = layoutReducer(layout, { type: 'addField', field: makeField({ x: 580 }), pages });
    expect(next.fields[0]?.x).toBe(452);
    expect(layoutReducer(next, { type: 'addField', field: makeField(), pages })).toBe(next);
    expect(layoutReducer(layout, { type: 'addField', field: makeField({ page: 3 }), pages })).toBe(layout);
  });

  it('moves a group of fields by one delta that keeps all of them on their pages', () => {
    const layout = makeLayout({
      fields: [makeField({ key: 'a', x: 5 }), makeField({ key: 'b', x: 300, page: 2 })],
    });
    const next = layoutReducer(layout, { type: 'moveFields', keys: ['a', 'b'], dx: -10, dy: 1, pages });
    expect(next.fields.map((f) => [f.x, f.y])).toEqual([
      [0, 101],
      [295, 101],
    ]);
    const stuck = layoutReducer(next, { type: 'moveFields', keys: ['a'], dx: -3, dy: 0, pages });
    expect(stuck).toBe(next);
  });

  it('sets a rectangle by moving (size kept) or resizing (edges cut at the border), also to another page', () => {
    const layout = makeLayout({ fields: [makeField()] });
    const moved = layoutReducer(layout, {
      type: 'setFieldRect',
      key: 'f1',
      rect: { x: 600, y: 10, width: 160, height: 48 },
      page: 2,
      how: 'move',
      pages,
    });
    expect(moved.fields[0]).toMatchObject({ page: 2, x: 452, y: 10, width: 160 });
    const resized = layoutReducer(layout, {
      type: 'setFieldRect',
      key: 'f1',
      rect: { x: 100, y: 100, width: 900, height: 48 },
      how: 'resize',
      pages,
    });
    expect(resized.fields[0]).toMatchObject({ x: 100, width: 512 });
  });

  it('updates properties, deletes, and duplicates with an offset', () => {
    const layout = makeLayout({ fields: [makeField(), makeField({ key: 'f2', type: 'TEXT' })] });
    const labelled = layoutReducer(layout, { type: 'updateFields', keys: ['f2'], patch: { label: 'Rent' } });
    expect(labelled.fields[1]?.label).toBe('Rent');
    expect(labelled.fields[0]).toBe(layout.fields[0]);

    const copied = layoutReducer(labelled, {
      type: 'duplicateFields',
      keys: ['f2'],
      newKeys: ['f3'],
      offset: 12,
      pages,
    });
    expect(copied.fields[2]).toMatchObject({ key: 'f3', label: 'Rent', x: 112, y: 112 });

    const removed = layoutReducer(copied, { type: 'deleteFields', keys: ['f1', 'f3'] });
    expect(removed.fields.map((f) => f.key)).toEqual(['f2']);
    expect(layoutReducer(removed, { type: 'deleteFields', keys: ['nope'] })).toBe(removed);
  });

  it('aligns fields page by page', () => {
    const layout = makeLayout({
      fields: [
        makeField({ key: 'a', x: 50 }),
        makeField({ key: 'b', x: 80, y: 300 }),
        makeField({ key: 'c', x: 10, page: 2 }),
      ],
    });
    const next = layoutReducer(layout, { type: 'alignFields', keys: ['a', 'b', 'c'], mode: 'left', pages });
    expect(next.fields.map((f) => f.x)).toEqual([50, 50, 10]);
  });
});

describe('layoutReducer: recipients', () => {
  const two = () =>
    makeLayout({
      document_users: [
        makeRecipient(),
        makeRecipient({ key: 'r2', email: 'bob@example.com', signing_order: 2 }),
      ],
      fields: [makeField({ key: 'a', recipient_key: 'r1' }), makeField({ key: 'b', recipient_key: 'r2' })],
    });

  it('adds and updates a recipient', () => {
    const layout = makeLayout({ document_users: [] });
    const added = layoutReducer(layout, { type: 'addRecipient', recipient: makeRecipient() });
    expect(added.document_users).toHaveLength(1);
    const updated = layoutReducer(added, {
      type: 'updateRecipient',
      key: 'r1',
      patch: { user_type: 'APPROVER' },
    });
    expect(updated.document_users[0]?.user_type).toBe('APPROVER');
  });

  it('removes a recipient and reassigns or deletes its fields', () => {
    const reassigned = layoutReducer(two(), { type: 'removeRecipient', key: 'r2', reassignTo: 'r1' });
    expect(reassigned.document_users.map((r) => r.key)).toEqual(['r1']);
    expect(reassigned.fields.map((f) => f.recipient_key)).toEqual(['r1', 'r1']);
    const deleted = layoutReducer(two(), { type: 'removeRecipient', key: 'r2', reassignTo: null });
    expect(deleted.fields.map((f) => f.key)).toEqual(['a']);
  });

  it('reorders recipients and numbers the signing order in list order', () => {
    const next = layoutReducer(two(), { type: 'reorderRecipients', from: 1, to: 0 });
    expect(next.document_users.map((r) => [r.key, r.signing_order])).toEqual([
      ['r2', 1],
      ['r1', 2],
    ]);
  });

  it('moves a recipient to its place when its order number changes', () => {
    const layout = makeLayout({
      document_users: [
        makeRecipient({ key: 'a', signing_order: 1 }),
        makeRecipient({ key: 'b', signing_order: 2 }),
        makeRecipient({ key: 'c', signing_order: 3 }),
      ],
    });
    const next = layoutReducer(layout, { type: 'updateRecipient', key: 'a', patch: { signing_order: 5 } });
    expect(next.document_users.map((r) => r.key)).toEqual(['b', 'c', 'a']);
  });

  it('numbers everyone when the signing order is turned on with one shared step', () => {
    const layout = makeLayout({
      document_users: [makeRecipient({ key: 'a' }), makeRecipient({ key: 'b' })],
    });
    const on = layoutReducer(layout, { type: 'setSigningOrder', enabled: true });
    expect(on.settings.signing_order).toBe(true);
    expect(on.document_users.map((r) => r.signing_order)).toEqual([1, 2]);
  });

  it('closes gaps in the order but keeps parallel signers together', () => {
    const list = [3, 1, 3, 7].map((n, i) => makeRecipient({ key: `k${i}`, signing_order: n }));
    expect(renumberKeepingGroups(list).map((r) => r.signing_order)).toEqual([2, 1, 2, 3]);
  });

  it('updates settings and the name', () => {
    const layout = makeLayout();
    const next = layoutReducer(layout, { type: 'updateSettings', patch: { expire_after_days: 10 } });
    expect(next.settings.expire_after_days).toBe(10);
    expect(layoutReducer(next, { type: 'rename', name: 'Lease agreement' })).toBe(next);
    expect(layoutReducer(next, { type: 'rename', name: 'NDA' }).name).toBe('NDA');
  });
});
