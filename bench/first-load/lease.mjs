// The bench's document: a two-page lease sent to one signer.
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { poll } from '../support/built-server.mjs';

/** A two-page lease sent to one signer; answers the signing link from the mail. */
export async function sendLease(server, token) {
  const { api, outbox } = server;
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let p = 1; p <= 2; p++) {
    const page = doc.addPage([612, 792]);
    page.drawText(`Leave and licence agreement, page ${p}`, { x: 60, y: 720, size: 18, font });
    for (let line = 0; line < 30; line++) {
      page.drawText(`Clause ${p}.${line + 1}: the licensee shall keep the premises in good repair.`, {
        x: 60,
        y: 680 - line * 18,
        size: 10,
        font,
      });
    }
  }
  const pdf = await doc.save();
  const upload = await api('POST', '/api/document-templates/file-upload', {
    token,
    body: { file_name: 'Lease.pdf', content_type: 'application/pdf', size: pdf.length },
  });
  const put = await fetch(upload.upload_url, {
    method: 'PUT',
    body: pdf,
    headers: { 'content-type': 'application/pdf' },
  });
  if (!put.ok) throw new Error(`upload failed: ${put.status}`);
  const files = await poll('the upload', async () => {
    const status = await api('POST', '/api/document-templates/file-upload/status', {
      token,
      body: { file_ref_id: upload.file_ref_id },
    });
    return status.status === 'UPLOADED' && status.fileInfos?.length ? status.fileInfos : null;
  });
  const config = await api('POST', '/api/document-templates', {
    token,
    body: { name: 'Lease', file_ref_ids: files.map((f) => f.file_ref_id), is_template: false },
  });
  const signer = `tenant-${Date.now()}@first-load.example`;
  await api('PUT', '/api/document-templates/documents/draft', {
    token,
    body: {
      configurable_document_id: config._id,
      name: 'Lease',
      settings: config.settings,
      fields: [
        {
          key: 'sig',
          type: 'SIGNATURE',
          page: 2,
          x: 60,
          y: 120,
          width: 180,
          height: 48,
          recipient_key: 'tenant',
        },
      ],
      document_users: [
        {
          key: 'tenant',
          email: signer,
          first_name: 'Vikram',
          last_name: 'Shah',
          user_type: 'SIGNER',
          color: '#1C7ED6',
        },
      ],
    },
  });
  await api('POST', '/api/company-documents/documents/send', {
    token,
    body: { configurable_document_id: config._id },
  });
  const row = await poll(
    'the signing mail',
    async () => (await outbox(`/api/outbox?search=${signer}`)).data[0],
  );
  const mail = await outbox(`/api/outbox/${row._id}`);
  const link = /https?:\/\/[^"'\s<>]+\/emp-documents\/preview\/[^"'\s<>]+/.exec(mail.html ?? mail.text)?.[0];
  if (!link) throw new Error('no signing link in the mail');
  return link.replace(/&amp;/g, '&');
}

/**
 * A/B runs of another build: BENCH_SERVER=<a built main.js> and BENCH_WEB=<a built web folder>
 * (`vite build --outDir`, precompressed like scripts/build.mjs does) replace apps/server/dist and
 * apps/web/dist.
 */
export function abBuild() {
  return {
    main: process.env.BENCH_SERVER,
    env: process.env.BENCH_WEB ? { WEB_DIST: process.env.BENCH_WEB } : {},
  };
}
