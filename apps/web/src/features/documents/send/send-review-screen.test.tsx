import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, invalid, ok, type FakeHandler } from '../../../shared/testing/fake-api';
import { withPermissions } from '../../team/team-test-utils';
import {
  COMPANY_DOC_ID,
  CONFIG_ID,
  makeConfigurableDocument,
  makeDocumentUser,
  makeEmployeeDocument,
  makeRecipient,
  renderRoute,
} from '../documents-test-utils';
import { SendReviewScreen } from './send-review-screen';
import { staffSessionPerTest } from '../../../shared/testing/test-session';

const PATTERN = '/send-document/mail/:id';
const PATH = `/send-document/mail/${CONFIG_ID}`;

function server(next: FakeHandler, document = makeConfigurableDocument()): FakeHandler {
  return withPermissions('OWNER', (call) => {
    if (call.path === `/api/configurable-documents/${CONFIG_ID}` && call.method === 'GET')
      return ok(document);
    return next(call);
  });
}

staffSessionPerTest();

describe('SendReviewScreen', { timeout: 20_000 }, () => {
  it('shows the document, saves the edited email, sends and lists who was emailed', async () => {
    const document = makeConfigurableDocument({
      document_users: [
        makeRecipient(),
        makeRecipient({
          key: 'r2',
          email: 'cc@example.com',
          first_name: 'Meera',
          last_name: 'Shah',
          user_type: 'CC',
        }),
      ],
    });
    const api = installFakeApi(
      server((call) => {
        if (call.path === '/api/document-templates/documents/draft' && call.method === 'PUT') {
          const body = call.body as { settings: typeof document.settings };
          return ok({ ...document, settings: body.settings });
        }
        if (call.path === '/api/company-documents/documents/send') {
          return ok(
            makeEmployeeDocument({
              document_users: [
                makeDocumentUser(),
                makeDocumentUser({
                  _id: '0a1b2c3d-0000-4000-8000-0000000000u2',
                  email: 'cc@example.com',
                  first_name: 'Meera',
                  last_name: 'Shah',
                  user_type: 'CC',
                  status: 'PENDING',
                }),
              ],
            }),
          );
        }
        return undefined;
      }, document),
    );
    renderRoute(<SendReviewScreen />, PATTERN, PATH);

    expect(await screen.findByRole('heading', { name: 'Sale deed' })).toBeTruthy();
    expect(await screen.findByText('Review and send')).toBeTruthy();
    const recipients = screen.getAllByTestId('recipient-row');
    expect(recipients).toHaveLength(2);
    expect(within(recipients[0]!).getByText('Ravi Kumar')).toBeTruthy();
    expect(within(recipients[0]!).getByText('buyer@example.com')).toBeTruthy();
    expect(within(recipients[1]!).getByText('Gets a copy')).toBeTruthy();
    expect(screen.getByText('Expires 30 days after sending')).toBeTruthy();
    expect(screen.getByText('Reminder every 3 days')).toBeTruthy();
    expect(screen.queryByTestId('send-problems')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to editor' }).getAttribute('href')).toBe(
      `/company-documents/${COMPANY_DOC_ID}/configure/document`,
    );

    fireEvent.change(screen.getByLabelText('Subject'), { target: { value: 'Sale deed for flat 4B' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));

    expect(await screen.findByTestId('send-success')).toBeTruthy();
    const draft = api.callsTo('/api/document-templates/documents/draft', 'PUT')[0]?.body as Record<
      string,
      unknown
    >;
    expect(draft).toMatchObject({
      configurable_document_id: CONFIG_ID,
      name: 'Sale deed',
      settings: { email_subject: 'Sale deed for flat 4B', email_message: 'Hello' },
    });
    const sends = api.callsTo('/api/company-documents/documents/send', 'POST');
    expect(sends).toHaveLength(1);
    expect(sends[0]?.body).toEqual({ configurable_document_id: CONFIG_ID, send_key: expect.any(String) });
    // The draft is saved before the send.
    expect(api.calls.findIndex((c) => c.method === 'PUT')).toBeLessThan(
      api.calls.findIndex((c) => c.path === '/api/company-documents/documents/send'),
    );

    const emailed = screen.getByRole('list', { name: 'Recipients emailed' });
    expect(within(emailed).getByText('Emailed')).toBeTruthy();
    expect(within(emailed).getByText('Copy when completed')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to dashboard' }).getAttribute('href')).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Track it' }).getAttribute('href')).toMatch(
      /^\/emp-documents\/custom\/[0-9a-f-]+$/,
    );
    expect(screen.getByRole('link', { name: 'Send another' }).getAttribute('href')).toBe('/documents/upload');
  });

  it('reuses the same send key when the send is retried after a failure', async () => {
    let attempt = 0;
    const api = installFakeApi(
      server((call) => {
        if (call.path !== '/api/company-documents/documents/send') return undefined;
        attempt += 1;
        return attempt === 1 ? fail(503, 'The mail service is busy, try again') : ok(makeEmployeeDocument());
      }),
    );
    renderRoute(<SendReviewScreen />, PATTERN, PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The mail service is busy, try again')).toBeTruthy();
    // Nothing changed in the email: no draft save.
    expect(api.callsTo('/api/document-templates/documents/draft')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByTestId('send-success')).toBeTruthy();
    const keys = api
      .callsTo('/api/company-documents/documents/send', 'POST')
      .map((call) => (call.body as { send_key: string }).send_key);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBeTruthy();
    expect(keys[1]).toBe(keys[0]);
  });

  it('lists what must be fixed, links to the editor and keeps Send off', async () => {
    installFakeApi(
      server(
        () => undefined,
        makeConfigurableDocument({
          fields: [],
          document_users: [makeRecipient({ email: 'not-an-email' })],
        }),
      ),
    );
    renderRoute(<SendReviewScreen />, PATTERN, PATH);
    const problems = await screen.findByTestId('send-problems');
    expect(within(problems).getByText('Ravi Kumar: Enter a valid email address')).toBeTruthy();
    expect(within(problems).getByText('Ravi Kumar has no signature field')).toBeTruthy();
    expect(within(problems).getByRole('link', { name: 'Open the editor' }).getAttribute('href')).toBe(
      `/company-documents/${COMPANY_DOC_ID}/configure/document`,
    );
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
  });

  it('shows 422 details from the server: email keys under the inputs, the rest in the problem list', async () => {
    installFakeApi(
      server((call) =>
        call.path === '/api/company-documents/documents/send'
          ? invalid({
              'settings.email_subject': 'The subject is too long for the mail service',
              'document_users.0.email': 'This address bounced before',
            })
          : undefined,
      ),
    );
    renderRoute(<SendReviewScreen />, PATTERN, PATH);
    fireEvent.click(await screen.findByRole('button', { name: 'Send' }));
    expect(await screen.findByText('The subject is too long for the mail service')).toBeTruthy();
    expect(screen.getByLabelText('Subject').getAttribute('aria-invalid')).toBe('true');
    const problems = screen.getByTestId('send-problems');
    expect(within(problems).getByText('Ravi Kumar: This address bounced before')).toBeTruthy();
    expect(screen.queryByTestId('send-success')).toBeNull();
  });

  it('shows a failed load with a retry', async () => {
    installFakeApi(
      withPermissions('OWNER', (call) =>
        call.path === `/api/configurable-documents/${CONFIG_ID}`
          ? fail(404, 'Document not found')
          : undefined,
      ),
    );
    renderRoute(<SendReviewScreen />, PATTERN, PATH);
    expect(await screen.findByTestId('load-error')).toBeTruthy();
    expect(screen.getByText('Document not found')).toBeTruthy();
  });
});
