import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installFakeApi } from '../../../shared/testing/fake-api';
import { layoutPerTest } from '../../../shared/testing/layout-stubs';
import { renderScreenAt } from '../../../shared/testing/render-routes';
import { staffSessionPerTest } from '../../../shared/testing/test-session';
import { STEP_IDS, VISITS_TEMPLATE_ID, formServer } from '../form-builders-test-utils';
import { emptyDraft, type FormDraft } from './form-draft';
import { FormPreview } from './form-preview';

// Layout first: its stubs must outlive the unmount.
layoutPerTest({ windowWidth: 1280 });
staffSessionPerTest();

const draft: FormDraft = {
  ...emptyDraft(),
  name: 'Tenant application',
  steps: [
    { id: STEP_IDS[0], type: 'TEMPLATE', name: 'Applicant', template_id: VISITS_TEMPLATE_ID },
    {
      id: STEP_IDS[1],
      type: 'STATIC',
      name: 'Guarantor',
      content: 'A guarantor signs too.',
      condition: {
        match: 'ALL',
        rules: [{ step_id: STEP_IDS[0], field: 'name', operator: 'EQUALS', value: 'Ravi' }],
      },
    },
    { id: STEP_IDS[2], type: 'STATIC', name: 'Terms', content: 'Rent is due monthly.', require_accept: true },
  ],
};

describe('FormPreview', { timeout: 60_000 }, () => {
  it('walks the steps as a filler, showing a conditional step only when its condition holds', async () => {
    installFakeApi(formServer('ADMIN'));
    renderScreenAt(<FormPreview draft={draft} isBeside />, '/', '/');
    const preview = screen.getByTestId('form-preview');
    expect(within(preview).getByText('Step 1 of 2')).toBeTruthy();
    fireEvent.change(await within(preview).findByLabelText(/^Name/), { target: { value: 'Asha' } });
    fireEvent.click(within(preview).getByRole('button', { name: 'Next' }));
    expect(await within(preview).findByText('Rent is due monthly.')).toBeTruthy();
    expect(within(preview).getByText('Step 2 of 2')).toBeTruthy();
    expect(within(preview).getByRole('button', { name: 'Submit' }).hasAttribute('disabled')).toBe(true);

    fireEvent.click(within(preview).getByRole('button', { name: 'Back' }));
    fireEvent.change(await within(preview).findByLabelText(/^Name/), { target: { value: 'Ravi' } });
    fireEvent.click(within(preview).getByRole('button', { name: 'Next' }));
    expect(await within(preview).findByText('A guarantor signs too.')).toBeTruthy();
    expect(within(preview).getByText('Step 2 of 3')).toBeTruthy();
    fireEvent.click(within(preview).getByRole('button', { name: 'Next' }));
    fireEvent.click(within(preview).getByLabelText('I have read and accept this'));
    fireEvent.click(within(preview).getByRole('button', { name: 'Submit' }));
    expect(await within(preview).findByText(draft.settings.thank_you_message)).toBeTruthy();
  });
});
