import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import { ZFormFields } from '@esigns/contracts/nocode-template-check';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { guestPerTest } from '../../shared/testing/test-session';
import { FakeXhr, makeFile } from '../documents/documents-test-utils';
import {
  CODE,
  FORM_ID,
  GUEST_ID,
  SECRET,
  STEP_A,
  guestHeadersOf,
  guestSession,
  makePublicForm,
  makeSubmission,
  renderFill,
} from './form-fill-test-utils';
import { saveGuestSession } from './guest-session';

guestPerTest();
beforeEach(() => FakeXhr.install());

const KEY = `companies/c1/form-submissions/new/${FORM_ID}/${GUEST_ID}/${STEP_A}/passport/f1/passport.pdf`;
const FILE = { file_ref_id: KEY, name: 'passport.pdf', size: 2048, mime_type: 'application/pdf' };

/** One TEMPLATE step asking for a name and a passport scan (a PDF). */
const steps = [
  {
    id: STEP_A,
    type: 'TEMPLATE',
    name: 'Papers',
    template_id: 'tpl-a',
    required: true,
    condition: null,
    template: {
      _id: 'tpl-a',
      name: 'Papers',
      code: 'papers',
      fields: ZFormFields.parse([
        { key: 'name', label: 'Full name', type: 'SINGLE_LINE_TEXT', required: true },
        { key: 'passport', label: 'Passport', type: 'FILE', allowed_file_types: ['.pdf'], max_size_mb: 1 },
      ]),
    },
  },
] as unknown as TStoredFormStep[];

describe('files of a form filled by a guest', { timeout: 20_000 }, () => {
  it("uploads through the form's own route with the guest headers and saves the file with the step", async () => {
    saveGuestSession(CODE, guestSession());
    const api = installFakeApi((call) => {
      if (call.path === `/api/formBuilders/${CODE}/public`) {
        const known = call.headers.passcode === SECRET;
        const authUser = known ? { _id: GUEST_ID, email: 'ravi@example.com', kind: 'GUEST' as const } : null;
        return ok(makePublicForm({ steps, auth_user: authUser }));
      }
      if (call.path === '/api/formbuilder-data' && call.method === 'GET') {
        return ok({ data: [], total: 0, page: 1, total_pages: 0 });
      }
      if (call.path === '/api/formbuilder-data/file-upload-url') {
        return ok({
          upload_url: 'http://localhost/api/storage/x?op=put',
          key: KEY,
          file: FILE,
          expires_at: '2099-01-01T00:00:00.000Z',
        });
      }
      if (call.path === '/api/formbuilder-data/template') {
        return ok(makeSubmission({ values: { [STEP_A]: call.body as Record<string, unknown> } }));
      }
      return undefined;
    });
    renderFill(`/public/fbd/${CODE}/execute`);
    expect(await screen.findByTestId('fill-stepper')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Choose files for Passport'), {
      target: { files: [makeFile('passport.pdf', 'application/pdf', 2048)] },
    });
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    const [ask] = api.callsTo('/api/formbuilder-data/file-upload-url');
    expect(ask!.body).toEqual({
      formbuilder_details_id: FORM_ID,
      step_id: STEP_A,
      field: 'passport',
      file_name: 'passport.pdf',
      content_type: 'application/pdf',
      size: 2048,
    });
    expect(guestHeadersOf(ask!)).toEqual({ userid: GUEST_ID, passcode: SECRET, formbuilderid: FORM_ID });
    expect(FakeXhr.sent[0]!.url).toBe('http://localhost/api/storage/x?op=put');
    expect(FakeXhr.sent[0]!.headers['Content-Type']).toBe('application/pdf');
    // The records' upload route is not used for a form.
    expect(api.callsTo('/api/templates-data/file-upload-url')).toHaveLength(0);
    expect(await screen.findByText('passport.pdf')).toBeTruthy();

    fireEvent.change(screen.getByLabelText(/^Full name/), { target: { value: 'Ravi' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save for later' }));
    await waitFor(() => expect(api.callsTo('/api/formbuilder-data/template', 'POST')).toHaveLength(1));
    const [save] = api.callsTo('/api/formbuilder-data/template', 'POST');
    expect(save!.body).toMatchObject({
      formbuilder_details_id: FORM_ID,
      step_id: STEP_A,
      values: { name: 'Ravi', passport: [FILE] },
    });
  });
});
