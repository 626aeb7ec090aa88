import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TESignRecord } from '@esigns/contracts/signing';
import { fail, installFakeApi, invalid, ok, type FakeCall } from '../../shared/testing/fake-api';
import { installLayout, restoreLayout } from '../../shared/testing/layout-stubs';
import { sessionStore } from '../../shared/session/session-store';
import { guestPerTest } from '../../shared/testing/test-session';
import { saveSignerCredentials } from './signer-credentials';
import {
  DOC_ID,
  PNG,
  SECRET,
  USER_ID,
  makeRecord,
  makeSignerField,
  renderSigning,
  signerHeadersOf,
} from './signing-test-utils';

vi.mock('../editor/pdf/pdf-document', () => ({
  openPdfDocument: vi.fn(async () => ({
    numPages: 2,
    renderPage: () => ({ promise: Promise.resolve(), cancel: () => {} }),
    destroy: () => {},
  })),
}));

const SIGN = `/emp-documents/custom/${DOC_ID}/pp`;

// After-hooks run last-registered first: the layout is restored after the guest hooks unmount.
afterEach(() => restoreLayout());
guestPerTest();
beforeEach(() => {
  installLayout({ offsetSize: true });
  saveSignerCredentials({ document_id: DOC_ID, user_id: USER_ID, password: SECRET });
});

/** Three required fields of the signer (two signatures and a text), one of another recipient. */
function threeFields(overrides: Partial<TESignRecord> = {}): TESignRecord {
  return makeRecord({
    fields: [
      makeSignerField({ key: 'sig1', type: 'SIGNATURE', page: 1, y: 600 }),
      makeSignerField({ key: 'name', type: 'TEXT', label: 'Your city', page: 1, y: 100, height: 24 }),
      makeSignerField({ key: 'sig2', type: 'SIGNATURE', page: 2, y: 500 }),
      makeSignerField({
        key: 'theirs',
        type: 'SIGNATURE',
        page: 1,
        y: 300,
        recipient_key: 'r2',
        mine: false,
      }),
    ],
    ...overrides,
  });
}

type Handler = (call: FakeCall) => Response | undefined;

function serve(record: TESignRecord, more: Handler = () => undefined) {
  return installFakeApi((call) => {
    if (call.path === `/api/e-signs/${DOC_ID}`) return ok(record);
    if (call.path === `/api/documents/${DOC_ID}/signature`) {
      return ok({ saved: Object.keys((call.body as { values: object }).values) });
    }
    return more(call);
  });
}

const field = (key: string) => screen.getByTestId(`signer-field-${key}`);
const panel = () => screen.getByTestId('field-panel');
const counter = () => screen.getByTestId('progress-counter').textContent;

describe('the signing view', () => {
  it('highlights the signer’s fields, keeps others’ faint, and counts the required ones', async () => {
    serve(threeFields());
    renderSigning(SIGN);
    await screen.findByTestId('signing-view');
    expect(screen.getByTestId('signing-title').textContent).toBe('Sale deed');
    expect(field('sig1').getAttribute('aria-label')).toBe('Signature, required, empty');
    expect(screen.getByTestId('other-field-theirs').getAttribute('aria-hidden')).toBe('true');
    expect(counter()).toBe('0 of 3 required');
    expect(screen.getByRole('button', { name: /Start/ })).toBeTruthy();
  });

  it("shows a signer without an account the dates in the company's format", async () => {
    serve(
      makeRecord({
        fields: [makeSignerField({ key: 'day', type: 'DATE', required: false, value: '2027-02-03' })],
        company_dates: { format: 'DD MMM YYYY', time_zone: 'Asia/Kolkata' },
      }),
    );
    renderSigning(SIGN);
    await screen.findByTestId('signing-view');
    expect(field('day').textContent).toContain('03 Feb 2027');
    expect(field('day').textContent).not.toContain('02-03-2027');
  });

  it('steps through the required fields in reading order with Start and Next', async () => {
    serve(threeFields());
    renderSigning(SIGN);
    fireEvent.click(await screen.findByRole('button', { name: /Start/ }));
    // Page 1 top first: the text field at y=100, then the signature at y=600, then page 2.
    expect(field('name').getAttribute('aria-pressed')).toBe('true');
    expect(within(panel()).getByText('Your city (required)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(field('sig1').getAttribute('aria-pressed')).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    await waitFor(() =>
      expect(screen.getByTestId('signer-field-sig2').getAttribute('aria-pressed')).toBe('true'),
    );
  });

  it('adopts the saved signature once and applies it to every signature field, then autosaves', async () => {
    const api = serve(threeFields({ saved_signature: { signature: PNG, initial: null } }));
    renderSigning(SIGN);
    fireEvent.click(await screen.findByTestId('signer-field-sig1'));

    const dialog = await screen.findByRole('dialog', { name: 'Adopt your signature' });
    expect(within(dialog).getByRole('img', { name: 'Your saved signature' })).toBeTruthy();
    expect(
      (within(dialog).getByLabelText('Sign all 2 signature fields with it') as HTMLInputElement).checked,
    ).toBe(true);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adopt and sign' }));

    await waitFor(() => expect(field('sig1').getAttribute('aria-label')).toBe('Signature, required, filled'));
    expect(field('sig2').getAttribute('aria-label')).toBe('Signature, required, filled');
    expect(counter()).toBe('2 of 3 required');

    await waitFor(() => expect(api.callsTo(`/api/documents/${DOC_ID}/signature`, 'POST')).toHaveLength(1));
    const save = api.callsTo(`/api/documents/${DOC_ID}/signature`)[0]!;
    expect(save.body).toEqual({ values: { sig1: PNG, sig2: PNG } });
    expect(signerHeadersOf(save)).toEqual({ documentid: DOC_ID, userid: USER_ID, password: SECRET });
  });

  it('applies an adopted signature with one tap after a reload (values come back from the record)', async () => {
    const record = threeFields();
    record.fields[0] = { ...record.fields[0]!, value: PNG };
    const api = serve(record);
    renderSigning(SIGN);
    await screen.findByTestId('signing-view');
    expect(field('sig1').getAttribute('aria-label')).toBe('Signature, required, filled');
    expect(counter()).toBe('1 of 3 required');

    fireEvent.click(field('sig2'));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(field('sig2').getAttribute('aria-label')).toBe('Signature, required, filled');
    await waitFor(() => expect(api.callsTo(`/api/documents/${DOC_ID}/signature`)).toHaveLength(1));
    expect(api.callsTo(`/api/documents/${DOC_ID}/signature`)[0]!.body).toEqual({ values: { sig2: PNG } });
  });

  it('checks values as the server does before saving them', async () => {
    const api = serve(
      makeRecord({
        fields: [
          makeSignerField({
            key: 'qty',
            type: 'NUMBER',
            label: 'Quantity',
            validation: { min: 1, max: 10 },
            height: 24,
          }),
          makeSignerField({ key: 'sig', type: 'SIGNATURE', y: 700 }),
        ],
      }),
    );
    renderSigning(SIGN);
    fireEvent.click(await screen.findByRole('button', { name: /Start/ }));
    const input = within(panel()).getByRole('textbox', { name: 'Quantity' });
    fireEvent.change(input, { target: { value: '42' } });
    fireEvent.click(screen.getByRole('button', { name: /Next/ }));
    expect(await within(panel()).findByText('Enter 10 or less')).toBeTruthy();
    expect(field('qty').getAttribute('aria-pressed')).toBe('true');

    fireEvent.change(input, { target: { value: '7' } });
    await waitFor(() => expect(api.callsTo(`/api/documents/${DOC_ID}/signature`)).toHaveLength(1));
    expect(api.callsTo(`/api/documents/${DOC_ID}/signature`)[0]!.body).toEqual({ values: { qty: '7' } });
  });

  it('jumps to the field the server reports missing when Finish answers 422', async () => {
    const record = threeFields();
    record.fields = record.fields.map((f) =>
      f.mine ? { ...f, value: f.type === 'TEXT' ? 'Pune' : PNG } : f,
    );
    const api = serve(record, (call) => {
      if (call.path === `/api/documents/${DOC_ID}/finish`) {
        return invalid({ 'values.sig2': 'Signature is required' });
      }
      return undefined;
    });
    renderSigning(SIGN);
    await screen.findByTestId('signing-view');
    expect(counter()).toBe('3 of 3 required');
    fireEvent.click(screen.getByRole('button', { name: 'Finish' }));

    await waitFor(() => expect(field('sig2').getAttribute('aria-pressed')).toBe('true'));
    expect(field('sig2').hasAttribute('data-error')).toBe(true);
    expect(api.callsTo(`/api/documents/${DOC_ID}/finish`)[0]!.body).toEqual({
      values: {},
      accept_terms: false,
    });
  });

  it('finishes and lands on "You\'re done"', async () => {
    const record = threeFields();
    record.fields = record.fields.map((f) =>
      f.mine ? { ...f, value: f.type === 'TEXT' ? 'Pune' : PNG } : f,
    );
    const api = serve(record, (call) =>
      call.path === `/api/documents/${DOC_ID}/finish`
        ? ok({
            status: 'SIGNED',
            document_status: 'WAITING',
            already_finished: false,
            next: 'WAITING_FOR_OTHERS',
          })
        : undefined,
    );
    const router = renderSigning(SIGN);
    fireEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    expect(await screen.findByText("You're done")).toBeTruthy();
    expect(router.state.location.pathname).toBe(`/emp-documents/preview/${DOC_ID}/pp/finish/success`);
    expect(api.callsTo(`/api/documents/${DOC_ID}/finish`)).toHaveLength(1);
  });

  it('asks for the terms first when the document has some, then finishes', async () => {
    const record = makeRecord({ fields: [makeSignerField({ key: 'sig', value: PNG })] });
    record.document.settings.terms_and_conditions = { enabled: true, text: 'No refunds after signing.' };
    const api = serve(record, (call) => {
      if (call.path === '/api/documents/user/terms-and-conditions') {
        return ok({ terms_accepted: true, accepted_at: '2027-01-01T00:00:00Z' });
      }
      if (call.path === `/api/documents/${DOC_ID}/finish`) {
        return ok({ status: 'SIGNED', document_status: 'WAITING', already_finished: false, next: 'SEALING' });
      }
      return undefined;
    });
    renderSigning(SIGN);
    fireEvent.click(await screen.findByRole('button', { name: 'Finish' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms and conditions' });
    expect(within(dialog).getByTestId('terms-text').textContent).toBe('No refunds after signing.');
    expect(api.callsTo(`/api/documents/${DOC_ID}/finish`)).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'I agree' }));
    expect(await screen.findByText("You're done")).toBeTruthy();
    expect(api.callsTo('/api/documents/user/terms-and-conditions')[0]!.headers.documentid).toBe(DOC_ID);
    expect(api.callsTo(`/api/documents/${DOC_ID}/finish`)[0]!.body).toEqual({
      values: {},
      accept_terms: true,
    });
  });

  it('sends a recipient who already finished to the signed screen', async () => {
    serve(makeRecord({ blocked: 'ALREADY_FINISHED', fields: [] }));
    const router = renderSigning(SIGN);
    expect(await screen.findByTestId('signed')).toBeTruthy();
    expect(router.state.location.pathname).toBe(`${SIGN}/signed`);
  });

  it('sends a recipient whose gate is closed back to the landing', async () => {
    serve(makeRecord({ gates: ['EMAIL_CODE'], verified: false, file: null, fields: [] }));
    const router = renderSigning(SIGN);
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/emp-documents/preview/${DOC_ID}/pp/vp/${USER_ID}`),
    );
  });
});

describe('approvers', () => {
  const approver = () => {
    const record = makeRecord({ fields: [] });
    record.recipient.user_type = 'APPROVER';
    return record;
  };

  it('approve through /approved', async () => {
    const api = serve(approver(), (call) =>
      call.path === `/api/documents/${DOC_ID}/approved`
        ? ok({
            status: 'APPROVED',
            document_status: 'WAITING',
            already_finished: false,
            next: 'WAITING_FOR_OTHERS',
          })
        : undefined,
    );
    renderSigning(SIGN);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByText("You're done")).toBeTruthy();
    expect(screen.getByTestId('finish-success').textContent).toContain('You approved');
    expect(api.callsTo(`/api/documents/${DOC_ID}/approved`)).toHaveLength(1);
    expect(api.callsTo(`/api/documents/${DOC_ID}/finish`)).toHaveLength(0);
  });

  it('offers a guest an account, and a signed-in contact the way back to their documents', async () => {
    const approved = (call: FakeCall) =>
      call.path === `/api/documents/${DOC_ID}/approved`
        ? ok({
            status: 'APPROVED',
            document_status: 'WAITING',
            already_finished: false,
            next: 'WAITING_FOR_OTHERS',
          })
        : undefined;
    serve(approver(), approved);
    renderSigning(SIGN);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect(await screen.findByRole('link', { name: 'Create a free account' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Back to my documents' })).toBeNull();
    cleanup();

    sessionStore.setState({
      tokens: { access_token: 'a', refresh_token: 'r' },
      user: { _id: 'c', first_name: 'Cleo' },
      is_contact: true,
    });
    serve(approver(), approved);
    renderSigning(SIGN);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    const back = await screen.findByRole('link', { name: 'Back to my documents' });
    expect(back.getAttribute('href')).toBe('/ap/documents');
    expect(screen.queryByRole('link', { name: 'Create a free account' })).toBeNull();
  });

  it('reject with a reason', async () => {
    const api = serve(approver(), (call) =>
      call.path === `/api/documents/${DOC_ID}/reject`
        ? ok({ status: 'REJECTED', document_status: 'REJECTED' })
        : undefined,
    );
    renderSigning(SIGN);
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this document?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await within(dialog).findByText('Give a reason')).toBeTruthy();
    expect(api.callsTo(`/api/documents/${DOC_ID}/reject`)).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Reason/ }), {
      target: { value: 'The price is wrong' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('You rejected the document')).toBeTruthy();
    expect(api.callsTo(`/api/documents/${DOC_ID}/reject`)[0]!.body).toEqual({ notes: 'The price is wrong' });
  });
});

describe('declining', () => {
  it('from the menu: a reason is required, then the confirmation', async () => {
    const api = serve(threeFields(), (call) =>
      call.path === `/api/documents/${DOC_ID}/decline`
        ? ok({ status: 'DECLINED', document_status: 'DECLINED' })
        : undefined,
    );
    const router = renderSigning(SIGN);
    fireEvent.click(await screen.findByRole('button', { name: 'More actions' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'Decline to sign' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(`${SIGN}/decline`));

    fireEvent.click(await screen.findByRole('button', { name: 'Decline to sign' }));
    expect(await screen.findByText('Give a reason')).toBeTruthy();
    expect(api.callsTo(`/api/documents/${DOC_ID}/decline`)).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /Reason/ }), { target: { value: 'Wrong address' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline to sign' }));
    expect(await screen.findByText('You declined to sign')).toBeTruthy();
    const decline = api.callsTo(`/api/documents/${DOC_ID}/decline`)[0]!;
    expect(decline.body).toEqual({ notes: 'Wrong address' });
    expect(signerHeadersOf(decline).password).toBe(SECRET);
  });

  it('shows the server’s refusal (the document was voided meanwhile)', async () => {
    serve(threeFields(), (call) =>
      call.path === `/api/documents/${DOC_ID}/decline`
        ? fail(409, 'This document was voided by its sender', { error_code: 'VOIDED' })
        : undefined,
    );
    renderSigning(`${SIGN}/decline`);
    fireEvent.change(await screen.findByRole('textbox', { name: /Reason/ }), { target: { value: 'No' } });
    fireEvent.click(screen.getByRole('button', { name: 'Decline to sign' }));
    expect(await screen.findByText('This document was voided by its sender')).toBeTruthy();
  });
});

describe('after finishing', () => {
  it('offers the completed PDF for download with the signer headers', async () => {
    const record = makeRecord({ blocked: 'COMPLETED', fields: [] });
    record.document.status = 'COMPLETED';
    const api = serve(record, (call) =>
      call.path === `/api/documents/${DOC_ID}/download-document`
        ? new Response('%PDF-1.7', {
            status: 200,
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="Sale deed (completed).pdf"',
            },
          })
        : undefined,
    );
    const created: string[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      created.push(this.download);
    });
    renderSigning(`${SIGN}/signed`);
    expect(await screen.findByText('This document is completed')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Download signed PDF' }));
    });
    await waitFor(() => expect(created).toEqual(['Sale deed (completed).pdf']));
    expect(signerHeadersOf(api.callsTo(`/api/documents/${DOC_ID}/download-document`)[0]!).password).toBe(
      SECRET,
    );
    click.mockRestore();
  });
});
