import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDocumentLayout } from '@esigns/contracts/documents';
import { LETTER, makeConfigurableDocument, makeField, makeRecipient } from './editor-fixtures';
import { installLayout, restoreLayout } from '../../shared/testing/layout-stubs';
import { EDITOR_LAYOUT, makePageOps, renderEditor } from './editor-test-utils';

vi.mock('./pdf/pdf-document', () => ({
  openPdfDocument: vi.fn(async () => ({
    numPages: 2,
    renderPage: () => ({ promise: Promise.resolve(), cancel: () => {} }),
    destroy: () => {},
  })),
}));

beforeEach(() => installLayout(EDITOR_LAYOUT));

afterEach(() => {
  cleanup();
  restoreLayout();
  vi.useRealTimers();
});

const fieldBoxes = () => screen.queryAllByTestId('field-box');

function selectField(box: HTMLElement) {
  fireEvent.pointerDown(box, { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
  fireEvent.pointerUp(box, { button: 0, pointerId: 1, clientX: 10, clientY: 10 });
}

function propertiesPanel() {
  return screen.getByTestId('field-properties');
}

function lastSaved(onSave: unknown): TDocumentLayout {
  const calls = (onSave as { mock: { calls: unknown[][] } }).mock.calls;
  return calls[calls.length - 1]?.[0] as TDocumentLayout;
}

describe('DocumentEditor', () => {
  it('renders only the pages in view of a long document, sized from the page list', async () => {
    const pages = Array.from({ length: 200 }, () => LETTER);
    renderEditor({ document: makeConfigurableDocument({ pages }) });
    const rendered = await screen.findAllByTestId('page');
    expect(rendered.length).toBeGreaterThan(0);
    expect(rendered.length).toBeLessThan(6);
    expect(screen.getByText('Page 1 of 200')).toBeTruthy();
  });

  it('adds a field for the active recipient when a palette item is clicked', async () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Add Signature field' }));
    const [box] = await screen.findAllByTestId('field-box');
    expect(box?.getAttribute('aria-label')).toBe('Signature field for Ada Lovelace, page 1');
    expect(box?.getAttribute('aria-pressed')).toBe('true');
    expect(within(propertiesPanel()).getByText('Signature')).toBeTruthy();

    // A second click does not cover the first field: it goes under it (48 pt tall, 8 pt gap).
    fireEvent.click(screen.getByRole('button', { name: 'Add Signature field' }));
    await waitFor(() => expect(fieldBoxes()).toHaveLength(2));
    const [first, second] = fieldBoxes();
    expect(second?.style.left).toBe(first?.style.left);
    expect(parseFloat(second?.style.top ?? '') - parseFloat(first?.style.top ?? '')).toBeCloseTo(56 * 1.5);
  });

  it('asks for a recipient first when there is none', async () => {
    renderEditor({ document: makeConfigurableDocument({ document_users: [] }) });
    fireEvent.click(screen.getByRole('button', { name: 'Add Text field' }));
    expect(await screen.findByRole('form', { name: 'Add recipient' })).toBeTruthy();
    expect(fieldBoxes()).toHaveLength(0);
  });

  it('moves the selected field with the arrow keys (1 pt, 10 pt with shift) and undoes the nudges in one step', async () => {
    const { onSave } = renderEditor({
      document: makeConfigurableDocument({ fields: [makeField({ x: 100, y: 100 })] }),
    });
    const [box] = await screen.findAllByTestId('field-box');
    selectField(box!);
    const x = within(propertiesPanel()).getByLabelText('X') as HTMLInputElement;
    const y = within(propertiesPanel()).getByLabelText('Y') as HTMLInputElement;
    expect(x.value).toBe('100');

    fireEvent.keyDown(box!, { key: 'ArrowRight' });
    fireEvent.keyDown(box!, { key: 'ArrowRight' });
    fireEvent.keyDown(box!, { key: 'ArrowDown', shiftKey: true });
    expect(x.value).toBe('102');
    expect(y.value).toBe('110');

    await waitFor(() => expect(lastSaved(onSave)?.fields[0]).toMatchObject({ x: 102, y: 110 }));

    fireEvent.keyDown(box!, { key: 'z', ctrlKey: true });
    expect(x.value).toBe('100');
    expect(y.value).toBe('100');
  });

  it('keeps a nudged field inside its page', async () => {
    renderEditor({
      document: makeConfigurableDocument({ fields: [makeField({ x: 2, y: 100 })] }),
    });
    const [box] = await screen.findAllByTestId('field-box');
    selectField(box!);
    fireEvent.keyDown(box!, { key: 'ArrowLeft', shiftKey: true });
    expect((within(propertiesPanel()).getByLabelText('X') as HTMLInputElement).value).toBe('0');
  });

  it('undoes and redoes with the toolbar and the keyboard', async () => {
    renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Add Date field' }));
    await waitFor(() => expect(fieldBoxes()).toHaveLength(1));

    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(fieldBoxes()).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Redo' }));
    expect(fieldBoxes()).toHaveLength(1);

    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(fieldBoxes()).toHaveLength(0);
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true, shiftKey: true });
    expect(fieldBoxes()).toHaveLength(1);
    fireEvent.keyDown(document.body, { key: 'z', metaKey: true });
    fireEvent.keyDown(document.body, { key: 'y', ctrlKey: true });
    expect(fieldBoxes()).toHaveLength(1);
  });

  it('duplicates with Ctrl+D and deletes with Delete', async () => {
    renderEditor({ document: makeConfigurableDocument({ fields: [makeField()] }) });
    const [box] = await screen.findAllByTestId('field-box');
    selectField(box!);
    fireEvent.keyDown(box!, { key: 'd', ctrlKey: true });
    expect(fieldBoxes()).toHaveLength(2);
    const copy = fieldBoxes().find((b) => b.getAttribute('aria-pressed') === 'true');
    expect(copy).not.toBe(box);
    fireEvent.keyDown(copy!, { key: 'Delete' });
    expect(fieldBoxes()).toHaveLength(1);
  });

  it('adds a recipient, makes them active, and removes one whose fields are reassigned or deleted', async () => {
    renderEditor({ document: makeConfigurableDocument({ fields: [makeField({ recipient_key: 'r1' })] }) });
    fireEvent.click(screen.getByRole('button', { name: 'Add recipient' }));
    const form = await screen.findByRole('form', { name: 'Add recipient' });
    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: 'ada@example.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add recipient' }));
    expect(await within(form).findByText('ada@example.com is already a recipient')).toBeTruthy();
    expect(within(form).getByText('Enter a name')).toBeTruthy();

    fireEvent.change(within(form).getByLabelText(/^Email/), { target: { value: ' Grace@Example.com ' } });
    fireEvent.change(within(form).getByLabelText('First name'), { target: { value: 'Grace' } });
    fireEvent.change(within(form).getByLabelText('Last name'), { target: { value: 'Hopper' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add recipient' }));
    await waitFor(() => expect(screen.getAllByTestId('recipient-row')).toHaveLength(2));
    expect(screen.getByText('grace@example.com')).toBeTruthy();
    expect(
      screen.getByRole('button', { name: 'Add fields for Grace Hopper' }).getAttribute('aria-pressed'),
    ).toBe('true');

    // Removing Ada, who owns a field: give it to Grace.
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Ada Lovelace' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Ada Lovelace?' });
    expect(within(dialog).getByText(/Ada Lovelace has 1 field/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove recipient' }));
    await waitFor(() => expect(screen.getAllByTestId('recipient-row')).toHaveLength(1));
    expect(fieldBoxes()[0]?.getAttribute('aria-label')).toBe('Signature field for Grace Hopper, page 1');

    // Removing Grace too, deleting the field (no one else can take it).
    fireEvent.click(screen.getByRole('button', { name: 'Actions for Grace Hopper' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Remove' }));
    const last = await screen.findByRole('dialog', { name: 'Remove Grace Hopper?' });
    fireEvent.click(within(last).getByRole('button', { name: 'Remove recipient' }));
    await waitFor(() => expect(screen.queryAllByTestId('recipient-row')).toHaveLength(0));
    expect(fieldBoxes()).toHaveLength(0);
  });

  it('names roles in template mode', async () => {
    const { onSave } = renderEditor({
      mode: 'template',
      document: makeConfigurableDocument({ is_template: true, document_users: [] }),
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add role' }));
    const form = await screen.findByRole('form', { name: 'Add role' });
    fireEvent.change(within(form).getByLabelText(/^Role/), { target: { value: 'Buyer' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add role' }));
    await waitFor(() => expect(screen.getAllByTestId('recipient-row')).toHaveLength(1));
    await waitFor(() =>
      expect(lastSaved(onSave)?.document_users[0]).toMatchObject({
        role_name: 'Buyer',
        email: '',
        user_type: 'SIGNER',
      }),
    );
  });

  it('edits the properties of the selected field', async () => {
    renderEditor({
      document: makeConfigurableDocument({ fields: [makeField({ type: 'TEXT', key: 't1' })] }),
    });
    const [box] = await screen.findAllByTestId('field-box');
    selectField(box!);
    const panel = propertiesPanel();
    fireEvent.change(within(panel).getByLabelText(/^Label/), { target: { value: 'Monthly rent' } });
    expect(box?.getAttribute('aria-label')).toBe('Monthly rent field for Ada Lovelace, page 1');
    fireEvent.click(within(panel).getByLabelText('Required'));
    expect((within(panel).getByLabelText('Required') as HTMLInputElement).checked).toBe(false);
    fireEvent.change(within(panel).getByLabelText(/^Pattern/), { target: { value: '([a-z' } });
    expect(within(panel).getByText('Not a valid pattern')).toBeTruthy();

    // Typing the label was one step: one undo restores the empty label.
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    fireEvent.click(screen.getByRole('button', { name: 'Undo' }));
    expect(box?.getAttribute('aria-label')).toBe('Text field for Ada Lovelace, page 1');
  });

  it('autosaves the layout after the edits and shows the state, keeping edits when a save fails', async () => {
    let fail = true;
    const onSave = vi.fn(() => (fail ? Promise.reject(new Error('Server down')) : Promise.resolve()));
    renderEditor({ onSave });
    expect(screen.getByTestId('save-status').textContent).toContain('Saved');
    fireEvent.click(screen.getByRole('button', { name: 'Add Checkbox field' }));
    expect(screen.getByTestId('save-status').textContent).toContain('Saving');

    expect(await screen.findByText('Not saved')).toBeTruthy();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(lastSaved(onSave).fields).toHaveLength(1);
    expect(fieldBoxes()).toHaveLength(1);

    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(screen.getByTestId('save-status').textContent).toContain('Saved'));
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(lastSaved(onSave).fields[0]).toMatchObject({ type: 'CHECKBOX', recipient_key: 'r1', page: 1 });
  });

  it('saves unsaved edits when the editor is left', async () => {
    const onSave = vi.fn(() => Promise.resolve());
    const { unmount } = renderEditor({ onSave });
    fireEvent.click(screen.getByRole('button', { name: 'Add Text field' }));
    unmount();
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(lastSaved(onSave).fields).toHaveLength(1);
  });

  it('lists problems live and selects the field of one when clicked', async () => {
    renderEditor({
      document: makeConfigurableDocument({
        fields: [makeField({ key: 'd1', type: 'DROPDOWN', options: [], page: 2 })],
      }),
    });
    expect(await screen.findByText('Ada Lovelace has no signature field')).toBeTruthy();
    const problem = screen.getByRole('button', { name: /Add at least one option/ });
    fireEvent.click(problem);
    const box = fieldBoxes().find((b) => b.dataset.fieldKey === 'd1');
    expect(box?.getAttribute('aria-pressed')).toBe('true');

    fireEvent.keyDown(document.body, { key: 'Escape' });
    fireEvent.click(screen.getByRole('button', { name: 'Add Signature field' }));
    await waitFor(() => expect(screen.queryByText('Ada Lovelace has no signature field')).toBeNull());
  });

  it('saves the document settings chosen in the dialog', async () => {
    const { onSave } = renderEditor();
    fireEvent.click(screen.getByRole('button', { name: 'Document settings' }));
    const dialog = await screen.findByRole('dialog', { name: 'Document settings' });
    fireEvent.change(within(dialog).getByLabelText('Subject'), {
      target: { value: 'Please sign the lease' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(lastSaved(onSave)?.settings.email_subject).toBe('Please sign the lease'));
  });

  it('deletes a page through the API and reports the fields that went with it', async () => {
    const removed = makeConfigurableDocument({
      pages: [LETTER],
      fields: [],
      file: { ...makeConfigurableDocument().file, file_ref_id: 'companies/c1/documents/b.pdf' },
    });
    const deletePage = vi.fn(() => Promise.resolve({ document: removed, all_document_fields_removed: true }));
    const onSave = vi.fn(() => Promise.resolve());
    renderEditor({
      onSave,
      document: makeConfigurableDocument({
        fields: [makeField({ page: 2 })],
        document_users: [makeRecipient()],
      }),
      pageOps: makePageOps({ deletePage }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Page 2 actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Delete page' }));
    const confirm = await screen.findByRole('dialog', { name: 'Delete page 2?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete page' }));
    await waitFor(() => expect(deletePage).toHaveBeenCalledWith(2));
    expect(await screen.findByText(/1 field was on the deleted page/)).toBeTruthy();
    expect(screen.getByText('Page 1 of 1')).toBeTruthy();
    expect(fieldBoxes()).toHaveLength(0);
    // The server's layout is not saved back, and there is nothing to undo.
    await act(() => Promise.resolve());
    expect(onSave).not.toHaveBeenCalled();
    expect((screen.getByRole('button', { name: 'Undo' }) as HTMLButtonElement).disabled).toBe(true);
  });
});
