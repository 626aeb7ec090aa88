import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { renderRoute } from '../documents/documents-test-utils';
import { withPermissions } from '../team/team-test-utils';
import { RecordByTemplateCodeScreen } from './record-by-template-code-screen';
import { staffSessionPerTest } from '../../shared/testing/test-session';

const ENTITY_ID = '3c1b2c3d-0000-4000-8000-000000000011';
const RECORD_ID = '3c1b2c3d-0000-4000-8000-0000000000a1';

staffSessionPerTest();

const record = {
  _id: RECORD_ID,
  entity_id: ENTITY_ID,
  title: 'Asha Rao',
  values: {},
  created_by: null,
  updated_by: null,
  created_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-01T10:00:00.000Z',
  linked_titles: {},
};

describe('RecordByTemplateCodeScreen', () => {
  it("opens the record's page at the template of that code, under the record's own entity", async () => {
    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === `/api/entity-data/${RECORD_ID}` ? ok(record) : undefined,
      ),
    );
    const router = renderRoute(
      <RecordByTemplateCodeScreen />,
      '/entity/:user_id/:template_code',
      `/entity/${RECORD_ID}/kyc-details`,
    );
    await screen.findByTestId('landed');
    expect(router.state.location.pathname).toBe(`/entity_data_view/${ENTITY_ID}/kyc-details`);
    expect(router.state.location.search).toBe(`?dataId=${RECORD_ID}`);
  });

  it('says so when the record is not found (unknown or another workspace’s)', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === `/api/entity-data/${RECORD_ID}` ? fail(404, 'Record not found') : undefined,
      ),
    );
    renderRoute(
      <RecordByTemplateCodeScreen />,
      '/entity/:user_id/:template_code',
      `/entity/${RECORD_ID}/kyc`,
    );
    expect(await screen.findByText('The record could not be loaded')).toBeTruthy();
    await waitFor(() => expect(screen.getByText(/Record not found/)).toBeTruthy());
    expect(screen.queryByTestId('landed')).toBeNull();
  });
});
