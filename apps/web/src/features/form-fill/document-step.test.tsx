import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { TStoredFormStep } from '@esigns/contracts/form-builders';
import { installFakeApi, ok } from '../../shared/testing/fake-api';
import { guestPerTest } from '../../shared/testing/test-session';
import {
  CODE,
  DATA_ID,
  GUEST_ID,
  SECRET,
  STEP_A,
  guestHeadersOf,
  guestSession,
  makePublicForm,
  makeSteps,
  makeSubmission,
  renderFill,
  stepStatusOf,
} from './form-fill-test-utils';
import { saveGuestSession } from './guest-session';

guestPerTest();

const STEP_D = '5a1b2c3d-0000-4000-8000-00000000005d';
const LINK = '/emp-documents/preview/doc-1/pp/vp/du-1?token=sign-secret';

describe('a document step', { timeout: 20_000 }, () => {
  it('opens the document to sign in a new tab and goes on once it is signed', async () => {
    saveGuestSession(CODE, guestSession());
    const open = vi.fn();
    vi.stubGlobal('open', open);
    const document: TStoredFormStep = {
      id: STEP_D,
      type: 'DOCUMENT',
      name: 'Booking form',
      document_template_id: 'tpl-doc',
      required: true,
      condition: null,
    };
    const steps = [makeSteps()[0]!, document];
    const draft = makeSubmission({
      values: { [STEP_A]: { name: 'Ravi', loan: false } },
      steps: [
        { step_id: STEP_A, status: 'COMPLETED', completed_at: null, entity_data_id: null, document_id: null },
        { step_id: STEP_D, status: 'PENDING', completed_at: null, entity_data_id: null, document_id: null },
      ],
    });
    let signed = false;
    const api = installFakeApi((call) => {
      if (call.path === `/api/formBuilders/${CODE}/public`) {
        return ok(makePublicForm({ steps, auth_user: { _id: GUEST_ID, email: null, kind: 'GUEST' } }));
      }
      if (call.path === '/api/formbuilder-data')
        return ok({ data: [draft], total: 1, page: 1, total_pages: 1 });
      if (call.path === `/api/formbuilder-data/${DATA_ID}`) return ok(draft);
      if (call.path === '/api/formbuilder-data/step-status') {
        return ok(
          stepStatusOf([
            [STEP_A, 'COMPLETED'],
            [STEP_D, signed ? 'COMPLETED' : 'PENDING'],
          ]),
        );
      }
      if (call.path === `/api/formbuilder-data/company-documents/${DATA_ID}/${STEP_D}`) {
        return ok({
          _id: 'doc-1',
          formbuilder_data_id: DATA_ID,
          step_id: STEP_D,
          name: 'Booking form - Ravi',
          status: signed ? 'COMPLETED' : 'SENT',
          progress: signed ? 'COMPLETED' : 'PENDING',
          made_for_step: true,
          signer: { document_user_id: 'du-1', role_name: 'Buyer', email: 'ravi@example.com', status: 'SENT' },
          link: signed ? null : LINK,
          user_details: null,
          completed_at: null,
        });
      }
      return undefined;
    });
    renderFill(`/public/fbd/${CODE}/execute`);
    expect(await screen.findByText('Booking form - Ravi')).toBeTruthy();
    expect(screen.getByText('You sign as Buyer')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', true);
    const [read] = api.callsTo(`/api/formbuilder-data/company-documents/${DATA_ID}/${STEP_D}`);
    expect(guestHeadersOf(read!)).toMatchObject({ userid: GUEST_ID, passcode: SECRET });

    fireEvent.click(screen.getByRole('button', { name: 'Open the document to sign' }));
    expect(open).toHaveBeenCalledWith(LINK, '_blank', 'noopener');
    signed = true;
    fireEvent.click(screen.getByRole('button', { name: 'I have signed it: check again' }));
    expect(await screen.findByText('The document is signed. Go on to the next step.')).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false),
    );
  });
});
