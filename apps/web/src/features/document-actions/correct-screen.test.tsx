import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi, invalid, ok, type FakeHandler } from '../../shared/testing/fake-api';
import {
  makeDocumentUser,
  makeEmployeeDocument,
  makeField,
  renderRoute,
} from '../documents/documents-test-utils';
import { CorrectDocumentScreen } from './correct-screen';
import type { TCorrectRequest } from './document-actions-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';

const ID = '0a1b2c3d-0000-4000-8000-00000000e0d1';
const PATTERN = '/emp-documents/custom/:employee_document_id/edit';
const PATH = `/emp-documents/custom/${ID}/edit`;

const signed = makeDocumentUser({
  _id: '0a1b2c3d-0000-4000-8000-0000000000c1',
  key: 'r1',
  email: 'done@example.com',
  first_name: 'Dana',
  last_name: 'Done',
  status: 'SIGNED',
});
const waiting = makeDocumentUser({
  _id: '0a1b2c3d-0000-4000-8000-0000000000c2',
  key: 'r2',
  email: 'wait@example.com',
  first_name: 'Walt',
  last_name: 'Wait',
  status: 'SENT',
  signing_order: 2,
});
const doc = makeEmployeeDocument({
  document_users: [signed, waiting],
  fields: [
    makeField({ key: 'f1', recipient_key: 'r1' }),
    makeField({ key: 'f2', recipient_key: 'r2', y: 500 }),
  ],
});

function server(onCorrect: FakeHandler): FakeHandler {
  return (call) => {
    if (call.path === `/api/documents/${ID}` && call.method === 'GET') return ok(doc);
    if (call.path === `/api/documents/${ID}/correct`) return onCorrect(call);
    return undefined;
  };
}

const recipientCard = (name: string) => screen.getByRole('group', { name: `Recipient ${name}` });

staffSessionPerTest();

describe('CorrectDocumentScreen', { timeout: 45_000 }, () => {
  it('locks finished recipients, adds a signer with a signature field, and sends the whole correction', async () => {
    const api = installFakeApi(server(() => ok(doc)));
    const router = renderRoute(<CorrectDocumentScreen />, PATTERN, PATH);
    await screen.findByText('Correct "Sale deed"');
    const done = recipientCard('Dana Done');
    expect((within(done).getByLabelText(/^Email/) as HTMLInputElement).disabled).toBe(true);
    expect(within(done).queryByRole('button', { name: /Remove/ })).toBeNull();
    const pending = recipientCard('Walt Wait');
    expect((within(pending).getByLabelText(/^Email/) as HTMLInputElement).disabled).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Add recipient' }));
    const fresh = recipientCard('Recipient 3');
    fireEvent.change(within(fresh).getByLabelText(/^Email/), { target: { value: 'New@Example.com' } });
    fireEvent.change(within(fresh).getByLabelText(/^First name/), { target: { value: 'Nia' } });

    // Without a signature field the new signer is refused before any call.
    fireEvent.click(screen.getByRole('button', { name: 'Save and resend' }));
    expect(await screen.findAllByText('Nia has no signature field')).not.toHaveLength(0);
    expect(api.callsTo(`/api/documents/${ID}/correct`)).toHaveLength(0);

    fireEvent.click(screen.getByRole('combobox', { name: 'New field for' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Nia' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add field' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save and resend' }));

    await waitFor(() => expect(api.callsTo(`/api/documents/${ID}/correct`)).toHaveLength(1));
    const body = api.callsTo(`/api/documents/${ID}/correct`)[0]!.body as TCorrectRequest;
    expect(body.document_users.map((u) => u._id ?? u.email)).toEqual([
      signed._id,
      waiting._id,
      'new@example.com',
    ]);
    const newKey = body.document_users[2]!.key!;
    expect(newKey).toBeTruthy();
    expect(body.fields?.map((f) => [f.key, f.recipient_key, f.type])).toEqual([
      ['f1', 'r1', 'SIGNATURE'],
      ['f2', 'r2', 'SIGNATURE'],
      ['f-3', newKey, 'SIGNATURE'],
    ]);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/emp-documents/custom/${ID}`));
  });

  it('removes a pending recipient with their fields and shows the server checks under the inputs', async () => {
    let attempt = 0;
    const api = installFakeApi(
      server(() => {
        attempt += 1;
        return attempt === 1
          ? invalid({ 'document_users.0.email': 'wait@example.com is already a recipient' })
          : ok(doc);
      }),
    );
    renderRoute(<CorrectDocumentScreen />, PATTERN, PATH);
    await screen.findByText('Correct "Sale deed"');
    fireEvent.click(within(recipientCard('Walt Wait')).getByRole('button', { name: 'Remove Walt Wait' }));
    expect(screen.queryByRole('group', { name: 'Recipient Walt Wait' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save and resend' }));
    expect(await screen.findByText('wait@example.com is already a recipient')).toBeTruthy();
    const body = api.callsTo(`/api/documents/${ID}/correct`)[0]!.body as TCorrectRequest;
    expect(body.document_users.map((u) => u._id)).toEqual([signed._id]);
    expect(body.fields?.map((f) => f.key)).toEqual(['f1']);
  });

  it('moves a pending field on the page (keyboard drag) and sends its new position; locked fields stay', async () => {
    const api = installFakeApi(server(() => ok(doc)));
    renderRoute(<CorrectDocumentScreen />, PATTERN, PATH);
    await screen.findByText('Correct "Sale deed"');
    const page = screen.getByTestId('correct-page');
    // The preview (for the PDF) is not answered here: the page shows its fields without the picture.
    expect(await within(page).findByText(/page picture could not be loaded/)).toBeTruthy();

    const locked = within(page).getByRole('img', { name: 'Signature field of Dana Done, finished: locked' });
    expect(locked.getAttribute('aria-roledescription')).toBeNull();
    fireEvent.keyDown(locked, { code: 'Space', key: ' ' });
    fireEvent.keyDown(locked, { code: 'ArrowRight', key: 'ArrowRight' });

    const open = within(page).getByRole('button', { name: 'Signature field of Walt Wait, page 1' });
    expect(open.getAttribute('aria-roledescription')).toBe('draggable');
    fireEvent.keyDown(open, { code: 'Space', key: ' ' });
    // dnd-kit listens for the arrows from the next tick on.
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    for (let i = 0; i < 5; i += 1) fireEvent.keyDown(open, { code: 'ArrowRight', key: 'ArrowRight' });
    fireEvent.keyDown(open, { code: 'ArrowDown', key: 'ArrowDown', shiftKey: true });
    fireEvent.keyDown(open, { code: 'Space', key: ' ' });

    fireEvent.click(screen.getByRole('button', { name: 'Save and resend' }));
    await waitFor(() => expect(api.callsTo(`/api/documents/${ID}/correct`)).toHaveLength(1));
    const body = api.callsTo(`/api/documents/${ID}/correct`)[0]!.body as TCorrectRequest;
    // 20 screen pixels each way; jsdom has no layout, so the page is drawn 820 px wide.
    const points = 20 / (820 / 612);
    const [f1, f2] = body.fields!;
    expect(f1).toMatchObject({ key: 'f1', x: 50, y: 600, page: 1 });
    expect(f2!.key).toBe('f2');
    expect(f2!.x).toBeCloseTo(50 + points, 1);
    expect(f2!.y).toBeCloseTo(500 + points, 1);
  });

  it('adds fields from the palette for the chosen recipient, removes with Delete, moves to another page', async () => {
    const api = installFakeApi(server(() => ok(doc)));
    renderRoute(<CorrectDocumentScreen />, PATTERN, PATH);
    await screen.findByText('Correct "Sale deed"');
    const palette = screen.getByRole('group', { name: 'Field types' });
    expect(screen.getByText(/New fields go to Walt Wait/)).toBeTruthy();
    fireEvent.click(within(palette).getByRole('button', { name: 'Add Initials field' }));
    fireEvent.click(within(palette).getByRole('button', { name: 'Add Text field' }));
    const page = screen.getByTestId('correct-page');
    expect(within(page).getByRole('button', { name: 'Initials field of Walt Wait, page 1' })).toBeTruthy();
    fireEvent.keyDown(within(page).getByRole('button', { name: 'Text field of Walt Wait, page 1' }), {
      key: 'Delete',
      code: 'Delete',
    });
    expect(within(page).queryByRole('button', { name: /^Text field/ })).toBeNull();

    // A new signer chosen in "New field for" gets the next palette field.
    fireEvent.click(screen.getByRole('button', { name: 'Add recipient' }));
    const fresh = recipientCard('Recipient 3');
    fireEvent.change(within(fresh).getByLabelText(/^Email/), { target: { value: 'nia@example.com' } });
    fireEvent.change(within(fresh).getByLabelText(/^First name/), { target: { value: 'Nia' } });
    fireEvent.click(screen.getByRole('combobox', { name: 'New field for' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Nia' }));
    fireEvent.click(within(palette).getByRole('button', { name: 'Add Signature field' }));
    expect(within(page).getByRole('button', { name: 'Signature field of Nia, page 1' })).toBeTruthy();

    fireEvent.click(screen.getAllByRole('combobox', { name: 'Page of Signature' })[0]!);
    fireEvent.click(await screen.findByRole('option', { name: '2' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(
      within(screen.getByTestId('correct-page')).getByRole('button', {
        name: 'Signature field of Walt Wait, page 2',
      }),
    ).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Save and resend' }));
    await waitFor(() => expect(api.callsTo(`/api/documents/${ID}/correct`)).toHaveLength(1));
    const body = api.callsTo(`/api/documents/${ID}/correct`)[0]!.body as TCorrectRequest;
    const niaKey = body.document_users[2]!.key!;
    expect(body.fields?.map((f) => [f.key, f.recipient_key, f.type, f.page])).toEqual([
      ['f1', 'r1', 'SIGNATURE', 1],
      ['f2', 'r2', 'SIGNATURE', 2],
      ['f-3', 'r2', 'INITIAL', 1],
      ['f-4', niaKey, 'SIGNATURE', 1],
    ]);
  });

  it('says so when the document is no longer out for signature', async () => {
    installFakeApi((call) =>
      call.path === `/api/documents/${ID}` ? ok({ ...doc, status: 'COMPLETED' }) : undefined,
    );
    renderRoute(<CorrectDocumentScreen />, PATTERN, PATH);
    expect(await screen.findByText('This document cannot be corrected')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Save and resend' })).toBeNull();
  });
});
