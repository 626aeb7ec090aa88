import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { makeConfigurableDocument, makeField, makeRecipient } from './editor-fixtures';
import { layoutPerTest } from '../../shared/testing/layout-stubs';
import { EDITOR_LAYOUT, renderEditor } from './editor-test-utils';
import { staffSessionPerTest } from '../../shared/testing/test-session';

vi.mock('./pdf/pdf-document', () => ({
  openPdfDocument: vi.fn(async () => ({
    numPages: 2,
    renderPage: () => ({ promise: Promise.resolve(), cancel: () => {} }),
    destroy: () => {},
  })),
}));

// The test window fits a 612 pt page into 1000 px at the 150% cap: 1.5 px per point.
const ZOOM = 1.5;

staffSessionPerTest();
layoutPerTest(EDITOR_LAYOUT);

const boxByKey = (key: string) =>
  screen.getAllByTestId('field-box').find((b) => b.dataset.fieldKey === key) as HTMLElement;

function drag(element: Element, from: [number, number], to: [number, number], init: object = {}) {
  fireEvent.pointerDown(element, { button: 0, pointerId: 7, clientX: from[0], clientY: from[1], ...init });
  fireEvent.pointerMove(element, {
    pointerId: 7,
    clientX: (from[0] + to[0]) / 2,
    clientY: (from[1] + to[1]) / 2,
  });
  fireEvent.pointerMove(element, { pointerId: 7, clientX: to[0], clientY: to[1] });
  fireEvent.pointerUp(element, { button: 0, pointerId: 7, clientX: to[0], clientY: to[1] });
}

function numberIn(label: string) {
  return (within(screen.getByTestId('field-properties')).getByLabelText(label) as HTMLInputElement).value;
}

describe('DocumentEditor pointer editing', () => {
  it('moves a field by dragging it, as one undo step, and shows its box at the new place', async () => {
    renderEditor({ document: makeConfigurableDocument({ fields: [makeField({ x: 100, y: 200 })] }) });
    await screen.findAllByTestId('field-box');
    drag(boxByKey('f1'), [10, 10], [10 + 30 * ZOOM, 10 + 45 * ZOOM]);
    expect(numberIn('X')).toBe('130');
    expect(numberIn('Y')).toBe('245');
    expect(boxByKey('f1').style.left).toBe(`${130 * ZOOM}px`);
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(numberIn('X')).toBe('100');
  });

  it('snaps a dragged field to the edge of another one nearby', async () => {
    renderEditor({
      document: makeConfigurableDocument({
        fields: [
          makeField({ key: 'a', x: 100, y: 100 }),
          makeField({ key: 'b', x: 300, y: 300, width: 100 }),
        ],
      }),
    });
    await screen.findAllByTestId('field-box');
    // 'b' dragged 198 pt left lands 2 pt from 'a's left edge (100): it snaps onto it.
    drag(boxByKey('b'), [0, 0], [-198 * ZOOM, 0]);
    expect(numberIn('X')).toBe('100');
  });

  it('resizes the selected field with a corner handle and keeps it on the page', async () => {
    renderEditor({
      document: makeConfigurableDocument({ fields: [makeField({ x: 400, y: 100, width: 160, height: 48 })] }),
    });
    await screen.findAllByTestId('field-box');
    fireEvent.click(boxByKey('f1'));
    fireEvent.pointerDown(boxByKey('f1'), { button: 0, pointerId: 1 });
    fireEvent.pointerUp(boxByKey('f1'), { button: 0, pointerId: 1 });
    drag(screen.getByTestId('resize-se'), [0, 0], [20 * ZOOM, 10 * ZOOM]);
    expect(numberIn('Width')).toBe('180');
    expect(numberIn('Height')).toBe('58');
    drag(screen.getByTestId('resize-e'), [0, 0], [500 * ZOOM, 0]);
    expect(numberIn('Width')).toBe('212');
  });

  it('selects several fields with shift-click, aligns them and matches their width', async () => {
    renderEditor({
      document: makeConfigurableDocument({
        fields: [
          makeField({ key: 'a', x: 100, y: 100, width: 160 }),
          makeField({ key: 'b', x: 140, y: 300, width: 90 }),
        ],
      }),
    });
    await screen.findAllByTestId('field-box');
    drag(boxByKey('a'), [0, 0], [0, 0]);
    drag(boxByKey('b'), [0, 0], [0, 0], { shiftKey: true });
    expect(screen.getByText('2 fields selected')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Align left edges' }));
    expect(boxByKey('b').style.left).toBe(`${100 * ZOOM}px`);
    fireEvent.click(screen.getByRole('button', { name: 'Same width as the first selected' }));
    expect(boxByKey('b').style.width).toBe(`${160 * ZOOM}px`);
    // Moving the selection moves both.
    fireEvent.keyDown(boxByKey('b'), { key: 'ArrowDown', shiftKey: true });
    expect(boxByKey('a').style.top).toBe(`${110 * ZOOM}px`);
    expect(boxByKey('b').style.top).toBe(`${310 * ZOOM}px`);
  });

  it('selects with a rubber band on empty page space and clears the selection with a click', async () => {
    renderEditor({
      document: makeConfigurableDocument({
        fields: [makeField({ key: 'a', x: 100, y: 100 }), makeField({ key: 'b', x: 100, y: 400 })],
      }),
    });
    await screen.findAllByTestId('field-box');
    const overlay = screen.getByTestId('page-overlay-1');
    drag(overlay, [50 * ZOOM, 50 * ZOOM], [300 * ZOOM, 200 * ZOOM]);
    expect(boxByKey('a').getAttribute('aria-pressed')).toBe('true');
    expect(boxByKey('b').getAttribute('aria-pressed')).toBe('false');
    drag(overlay, [5, 5], [5, 5]);
    expect(boxByKey('a').getAttribute('aria-pressed')).toBe('false');
  });
});

describe('DocumentEditor recipients', () => {
  it('numbers recipients with the signing order on; equal numbers are kept and saved', async () => {
    const { onSave } = renderEditor({
      document: makeConfigurableDocument({
        document_users: [
          makeRecipient(),
          makeRecipient({ key: 'r2', email: 'b@example.com', first_name: 'Bea', last_name: 'Lee' }),
          makeRecipient({ key: 'r3', email: 'c@example.com', first_name: 'Cy', last_name: 'Tan' }),
        ],
      }),
    });
    fireEvent.click(screen.getByRole('switch', { name: 'Signing order' }));
    const orderOf = (name: string) => screen.getByLabelText(`Signing order of ${name}`) as HTMLInputElement;
    expect([orderOf('Ada Lovelace').value, orderOf('Bea Lee').value, orderOf('Cy Tan').value]).toEqual([
      '1',
      '2',
      '3',
    ]);
    fireEvent.change(orderOf('Cy Tan'), { target: { value: '2' } });
    fireEvent.blur(orderOf('Cy Tan'));
    expect(orderOf('Cy Tan').value).toBe('2');
    await waitFor(() => {
      const saved = onSave.mock.calls.at(-1)?.[0];
      expect(saved?.settings.signing_order).toBe(true);
      expect(saved?.document_users.map((r) => r.signing_order)).toEqual([1, 2, 2]);
    });
  });

  it('fills a new recipient from the address book', async () => {
    installFakeApi((call) =>
      call.path === '/api/contact-users'
        ? ok([
            {
              _id: 'u1',
              contact_id: '44444444-4444-4444-8444-444444444444',
              email: 'grace@example.com',
              first_name: 'Grace',
              last_name: 'Hopper',
              name: 'Grace Hopper',
              account_name: 'Navy',
              contact_type: 'Client',
            },
          ])
        : undefined,
    );
    const { onSave } = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Add recipient' }));
    const form = await screen.findByRole('form', { name: 'Add recipient' });
    const search = within(form).getByLabelText('Find in contacts');
    fireEvent.focus(search);
    fireEvent.change(search, { target: { value: 'gra' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Grace Hopper grace@example.com' }));
    expect((within(form).getByLabelText(/^Email/) as HTMLInputElement).value).toBe('grace@example.com');
    fireEvent.click(within(form).getByRole('button', { name: 'Add recipient' }));
    await waitFor(() =>
      expect(onSave.mock.calls.at(-1)?.[0].document_users[1]).toMatchObject({
        email: 'grace@example.com',
        first_name: 'Grace',
        contact_id: '44444444-4444-4444-8444-444444444444',
      }),
    );
  });
});
