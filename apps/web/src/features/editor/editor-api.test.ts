import { describe, expect, it } from 'vitest';
import { fail, installFakeApi, ok } from '../../shared/testing/fake-api';
import { createLayoutSaver, createPageOps } from './editor-api';
import {
  DOCUMENT_ID,
  makeConfigurableDocument,
  makeField,
  makeLayout,
  makeRecipient,
} from './editor-fixtures';
import { staffSessionPerTest } from '../../shared/testing/test-session';

staffSessionPerTest();

describe('createLayoutSaver', () => {
  it('sends a representative password once, then asks the server to keep it', async () => {
    const api = installFakeApi(() => ok(makeConfigurableDocument()));
    const save = createLayoutSaver(DOCUMENT_ID);
    const layout = makeLayout({
      document_users: [
        makeRecipient({ representative_password: 'secret-1', has_representative_password: true }),
      ],
    });
    await save(layout);
    await save(layout);
    await save({
      ...layout,
      document_users: [
        makeRecipient({ representative_password: 'secret-2', has_representative_password: true }),
      ],
    });
    const bodies = api.callsTo('/api/document-templates/documents/draft', 'PUT').map((c) => c.body as never);
    expect(bodies.map((b: { document_users: Record<string, unknown>[] }) => b.document_users[0])).toEqual([
      expect.objectContaining({ representative_password: 'secret-1' }),
      expect.not.objectContaining({ representative_password: expect.anything() }),
      expect.objectContaining({ representative_password: 'secret-2' }),
    ]);
    expect(bodies[1]).toMatchObject({
      configurable_document_id: DOCUMENT_ID,
      document_users: [{ has_representative_password: true }],
    });
  });

  it('leaves out options still being typed and rejects with the API error', async () => {
    const api = installFakeApi(() => fail(409, 'The document was sent already'));
    const save = createLayoutSaver(DOCUMENT_ID);
    const layout = makeLayout({ fields: [makeField({ type: 'DROPDOWN', options: ['Yes', ' ', 'No'] })] });
    await expect(save(layout)).rejects.toThrow('The document was sent already');
    expect(api.calls[0]?.body).toMatchObject({ fields: [{ options: ['Yes', 'No'] }] });
  });
});

describe('createPageOps', () => {
  it('rotates and deletes through editFile, adds through addNewPage, and fetches a file address when missing', async () => {
    const withoutUrl = makeConfigurableDocument();
    delete withoutUrl.file.url;
    const api = installFakeApi((call) => {
      if (call.path === '/api/documents/editFile' || call.path === '/api/documents/addNewPage')
        return ok({ document: withoutUrl, all_document_fields_removed: false });
      if (call.path === `/api/configurable-documents/${DOCUMENT_ID}`) return ok(makeConfigurableDocument());
      return undefined;
    });
    const ops = createPageOps(DOCUMENT_ID);
    const rotated = await ops.rotatePage(2, 90);
    expect(rotated.document.file.url).toBe('/api/storage/lease.pdf');
    await ops.deletePage(1);
    await ops.addPage(3);
    expect(api.callsTo('/api/documents/editFile').map((c) => c.body)).toEqual([
      { configurable_document_id: DOCUMENT_ID, edits: [{ op: 'rotate', page: 2, degrees: 90 }] },
      { configurable_document_id: DOCUMENT_ID, edits: [{ op: 'delete', page: 1 }] },
    ]);
    expect(api.callsTo('/api/documents/addNewPage')[0]?.body).toEqual({
      configurable_document_id: DOCUMENT_ID,
      after_page: 3,
    });
  });
});
