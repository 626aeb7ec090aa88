import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../../../shared/session/session-store';
import { fail, installFakeApi, invalid, ok, type FakeCall } from '../../../shared/testing/fake-api';
import { withPermissions } from '../../team/team-test-utils';
import {
  COMPANY_DOC_ID,
  CONFIG_ID,
  FakeXhr,
  makeConfigurableDocument,
  makeFile,
  makeFileInfo,
  renderRoute,
} from '../documents-test-utils';
import { UploadScreen } from './upload-screen';
import { staffSessionPerTest } from '../../../shared/testing/test-session';
import { rowWithText } from '../../../shared/testing/user-input';

/** The server's side of the upload flow: a ticket per file, conversion when `isConverted(ref)`. */
function uploadServer({
  isConverted = () => true,
  statusOf,
  create = () => ok(makeConfigurableDocument()),
}: {
  isConverted?: (ref: string) => boolean;
  statusOf?: (ref: string) => Response | undefined;
  create?: (call: FakeCall) => Response;
} = {}) {
  let ticket = 0;
  return withPermissions('OWNER', (call) => {
    if (call.path === '/api/document-templates/file-upload' && call.method === 'POST') {
      ticket += 1;
      const body = call.body as { file_name: string };
      return ok({
        upload_url: `http://localhost/api/storage/raw-${ticket}?op=put`,
        file_ref_id: `raw-${ticket}-${body.file_name}`,
        expires_at: '2099-01-01T00:00:00.000Z',
      });
    }
    if (call.path === '/api/document-templates/file-upload/status') {
      const ref = (call.body as { file_ref_id: string }).file_ref_id;
      const custom = statusOf?.(ref);
      if (custom) return custom;
      if (!isConverted(ref)) return ok({ status: 'PENDING' });
      const original = ref.replace(/^raw-\d+-/, '');
      return ok({
        status: 'UPLOADED',
        fileInfos: [makeFileInfo({ file_ref_id: `pdf-${original}`, name: original, page_count: 3 })],
      });
    }
    if (call.path === '/api/document-templates' && call.method === 'POST') return create(call);
    return undefined;
  });
}

function chooseFiles(files: File[]) {
  fireEvent.change(screen.getByLabelText('Choose files to upload'), { target: { files } });
}

const rowOf = (name: string) => rowWithText('upload-file-row', name);

staffSessionPerTest();
beforeEach(() => FakeXhr.install());

describe('UploadScreen', { timeout: 20_000 }, () => {
  it('uploads several files with progress, shows conversion, reorders them and merges into the editor', async () => {
    let converted = false;
    const api = installFakeApi(uploadServer({ isConverted: () => converted }));
    const held: FakeXhr[] = [];
    FakeXhr.onSend = (xhr) => {
      xhr.progress(50, 100);
      held.push(xhr);
    };
    const router = renderRoute(
      <UploadScreen isTemplate={false} pollDelayMs={0} />,
      '/documents/upload',
      '/documents/upload',
    );

    await screen.findByText('Drop your files here');
    chooseFiles([makeFile('lease.pdf', 'application/pdf'), makeFile('annex.docx', '')]);

    // The real upload progress of each file.
    await waitFor(() => expect(held).toHaveLength(2));
    const bar = within(rowOf('lease.pdf')).getByRole('progressbar', { name: 'Upload progress of lease.pdf' });
    expect(bar.getAttribute('aria-valuenow')).toBe('50');
    expect(held[0]!.method).toBe('PUT');
    expect(held[0]!.headers['Content-Type']).toBe('application/pdf');
    // A .docx the browser gave no type is declared by its extension.
    expect(held[1]!.headers['Content-Type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(api.callsTo('/api/document-templates/file-upload')[0]?.body).toEqual({
      file_name: 'lease.pdf',
      content_type: 'application/pdf',
      size: 1234,
    });

    held.forEach((xhr) => xhr.succeed());
    await waitFor(() => expect(within(rowOf('lease.pdf')).getByText('Converting…')).toBeTruthy());
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);

    converted = true;
    await waitFor(() => expect(within(rowOf('annex.docx')).getByText('Ready')).toBeTruthy());
    await waitFor(() => expect(within(rowOf('lease.pdf')).getByText('Ready')).toBeTruthy());
    expect(within(rowOf('lease.pdf')).getByText(/3 pages/)).toBeTruthy();

    // The name defaults to the first file's; the order changes with the arrows.
    const name = screen.getByLabelText(/Document name/) as HTMLInputElement;
    expect(name.value).toBe('lease');
    fireEvent.click(screen.getByRole('button', { name: 'Move annex.docx up' }));
    expect(screen.getAllByTestId('upload-file-row').map((row) => row.textContent)).toEqual([
      expect.stringContaining('annex.docx'),
      expect.stringContaining('lease.pdf'),
    ]);
    // Naming follows the first file until the user types one.
    expect(name.value).toBe('annex');
    fireEvent.change(name, { target: { value: 'Lease with annex' } });

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.callsTo('/api/document-templates', 'POST')).toHaveLength(1));
    expect(api.callsTo('/api/document-templates', 'POST')[0]?.body).toEqual({
      name: 'Lease with annex',
      file_ref_ids: ['pdf-annex.docx', 'pdf-lease.pdf'],
      is_template: false,
    });
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/company-documents/${COMPANY_DOC_ID}/configure/document`),
    );
  });

  it('opens a document made from one image (a scanned ID card) in the image editor route', async () => {
    const api = installFakeApi(uploadServer());
    FakeXhr.onSend = (xhr) => xhr.succeed();
    const router = renderRoute(
      <UploadScreen isTemplate={false} pollDelayMs={0} />,
      '/documents/upload',
      '/documents/upload',
    );
    await screen.findByText('Drop your files here');
    chooseFiles([makeFile('id-card.jpg', 'image/jpeg')]);
    await waitFor(() => expect(within(rowOf('id-card.jpg')).getByText('Ready')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(api.callsTo('/api/document-templates', 'POST')).toHaveLength(1));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/company-documents/${COMPANY_DOC_ID}/configure/image`),
    );
  });

  it('refuses wrong types, empty and oversized files in the browser and keeps Continue off until they are removed', async () => {
    const api = installFakeApi(uploadServer());
    renderRoute(
      <UploadScreen isTemplate={false} pollDelayMs={0} />,
      '/documents/upload',
      '/documents/upload',
    );
    await screen.findByText('Drop your files here');
    chooseFiles([
      makeFile('virus.exe', 'application/x-msdownload'),
      makeFile('blank.pdf', 'application/pdf', 0),
      makeFile('huge.pdf', 'application/pdf', 51 * 1024 * 1024),
      makeFile('good.png', 'image/png'),
    ]);

    expect(within(rowOf('virus.exe')).getByRole('alert').textContent).toMatch(/not supported/);
    expect(within(rowOf('blank.pdf')).getByRole('alert').textContent).toMatch(/empty/);
    expect(within(rowOf('huge.pdf')).getByRole('alert').textContent).toMatch(/larger than 50 MB/);
    await waitFor(() => expect(within(rowOf('good.png')).getByText('Ready')).toBeTruthy());
    // Only the good file went to the server.
    expect(api.callsTo('/api/document-templates/file-upload')).toHaveLength(1);
    expect(within(rowOf('virus.exe')).queryByRole('button', { name: /Retry/ })).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', true);
    expect(screen.getByText('Remove or retry the files that failed.')).toBeTruthy();

    for (const file of ['virus.exe', 'blank.pdf', 'huge.pdf']) {
      fireEvent.click(screen.getByRole('button', { name: `Remove ${file}` }));
    }
    expect(screen.getAllByTestId('upload-file-row')).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Continue' })).toHaveProperty('disabled', false);
  });

  it('shows a server refusal on the file row and retries it with a new upload', async () => {
    let isEncrypted = true;
    const api = installFakeApi(
      uploadServer({
        statusOf: () => (isEncrypted ? invalid({ file_ref_id: 'The PDF is password protected' }) : undefined),
      }),
    );
    renderRoute(
      <UploadScreen isTemplate={false} pollDelayMs={0} />,
      '/documents/upload',
      '/documents/upload',
    );
    await screen.findByText('Drop your files here');
    chooseFiles([makeFile('secret.pdf', 'application/pdf')]);

    const row = await waitFor(() => {
      const found = rowOf('secret.pdf');
      expect(within(found).getByRole('alert').textContent).toBe('The PDF is password protected');
      return found;
    });
    isEncrypted = false;
    fireEvent.click(within(row).getByRole('button', { name: 'Retry secret.pdf' }));
    await waitFor(() => expect(within(rowOf('secret.pdf')).getByText('Ready')).toBeTruthy());
    expect(api.callsTo('/api/document-templates/file-upload')).toHaveLength(2);
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('shows a refused upload (413) on its row', async () => {
    installFakeApi(uploadServer());
    FakeXhr.onSend = (xhr) => xhr.refuse(413, 'Too large');
    renderRoute(
      <UploadScreen isTemplate={false} pollDelayMs={0} />,
      '/documents/upload',
      '/documents/upload',
    );
    await screen.findByText('Drop your files here');
    chooseFiles([makeFile('scan.jpg', 'image/jpeg')]);
    await waitFor(() =>
      expect(within(rowOf('scan.jpg')).getByRole('alert').textContent).toBe(
        'This file is larger than the server accepts.',
      ),
    );
    expect(within(rowOf('scan.jpg')).getByRole('button', { name: 'Retry scan.jpg' })).toBeTruthy();
  });

  it('creates a template and opens its editor; a 422 on the name is shown under the name', async () => {
    let attempt = 0;
    const api = installFakeApi(
      uploadServer({
        create: () => {
          attempt += 1;
          return attempt === 1
            ? invalid({ name: 'A template with this name already exists' })
            : ok(makeConfigurableDocument({ is_template: true }));
        },
      }),
    );
    const router = renderRoute(
      <UploadScreen isTemplate pollDelayMs={0} />,
      '/templates/upload',
      '/templates/upload',
    );
    await screen.findByText('Drop your files here');
    chooseFiles([makeFile('rent.rtf', 'text/rtf')]);
    await waitFor(() => expect(within(rowOf('rent.rtf')).getByText('Ready')).toBeTruthy());

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('A template with this name already exists')).toBeTruthy();
    expect(screen.getByLabelText(/Template name/).getAttribute('aria-invalid')).toBe('true');

    fireEvent.change(screen.getByLabelText(/Template name/), { target: { value: 'Rent 2026' } });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(
        `/company-documents/${COMPANY_DOC_ID}/configure/template/${CONFIG_ID}`,
      ),
    );
    expect(api.callsTo('/api/document-templates', 'POST')[1]?.body).toMatchObject({
      name: 'Rent 2026',
      is_template: true,
    });
  });

  it('shows a merge failure that names a file on that file, and other failures above the buttons', async () => {
    let attempt = 0;
    installFakeApi(
      uploadServer({
        create: () => {
          attempt += 1;
          return attempt === 1
            ? invalid({ 'file_ref_ids.0': 'This file is no longer available' })
            : fail(409, 'The merged document would have more than 500 pages');
        },
      }),
    );
    renderRoute(
      <UploadScreen isTemplate={false} pollDelayMs={0} />,
      '/documents/upload',
      '/documents/upload',
    );
    await screen.findByText('Drop your files here');
    chooseFiles([makeFile('a.pdf', 'application/pdf'), makeFile('b.pdf', 'application/pdf')]);
    await waitFor(() => expect(screen.getAllByText('Ready')).toHaveLength(2));

    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() =>
      expect(within(rowOf('a.pdf')).getByRole('alert').textContent).toBe('This file is no longer available'),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Remove a.pdf' }));
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('The merged document would have more than 500 pages')).toBeTruthy();
  });

  it('tells a user without the right that they cannot upload', async () => {
    installFakeApi(withPermissions('MEMBER'));
    sessionStore.setState({ user_type: 'MEMBER' });
    renderRoute(<UploadScreen isTemplate pollDelayMs={0} />, '/templates/upload', '/templates/upload');
    expect(await screen.findByTestId('no-access')).toBeTruthy();
  });
});
