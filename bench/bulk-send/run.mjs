// Bulk send of 1,000 rows through the built server (`npm start` as it runs: embedded PGlite,
// local storage, jobs in the API process): from the upload of the sheet until every document
// exists and every mail is queued (the bulk send is DONE; documents and their mails are written
// in one transaction per row). Target: 20 s; prints the time and the ratio target / time
// (>= 1 means met). `BENCH_ROWS` changes the number of rows, `DATABASE_URL` runs it on PostgreSQL.
import { PDFDocument } from 'pdf-lib';
import { signUpOwner, startBuiltServer } from '../support/built-server.mjs';

const ROWS = Number(process.env.BENCH_ROWS ?? 1000);
const TARGET_SECONDS = 20;
const PORT = Number(process.env.BENCH_PORT ?? 3211);

const server = await startBuiltServer({
  port: PORT,
  name: 'bulk',
  nodeArgs: (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
});
const { api } = server;

async function makeTemplate(token) {
  const doc = await PDFDocument.create();
  for (let i = 0; i < 3; i++) doc.addPage([612, 792]).drawText(`Page ${i + 1}`, { x: 40, y: 740, size: 14 });
  const pdf = Buffer.from(await doc.save());
  const upload = await api('POST', '/api/document-templates/file-upload', {
    token,
    body: { file_name: 'Rental agreement.pdf', content_type: 'application/pdf', size: pdf.length },
  });
  const put = await fetch(upload.upload_url, {
    method: 'PUT',
    body: pdf,
    headers: { 'content-type': 'application/pdf' },
  });
  if (!put.ok) throw new Error(`upload failed: ${put.status}`);
  const status = await api('POST', '/api/document-templates/file-upload/status', {
    token,
    body: { file_ref_id: upload.file_ref_id },
  });
  const template = await api('POST', '/api/document-templates', {
    token,
    body: { name: 'Rental agreement', file_ref_ids: [status.fileInfos[0].file_ref_id], is_template: true },
  });
  await api('PUT', '/api/document-templates/documents/draft', {
    token,
    body: {
      configurable_document_id: template._id,
      name: template.name,
      settings: template.settings,
      document_users: [{ key: 'tenant', role_name: 'Tenant', user_type: 'SIGNER' }],
      fields: [
        {
          key: 'sig',
          type: 'SIGNATURE',
          page: 3,
          x: 60,
          y: 600,
          width: 180,
          height: 50,
          recipient_key: 'tenant',
        },
        {
          key: 'rent',
          type: 'TEXT',
          page: 1,
          x: 60,
          y: 100,
          width: 120,
          height: 20,
          recipient_key: 'tenant',
          label: 'Monthly rent',
        },
      ],
    },
  });
  return template;
}

try {
  const token = await signUpOwner(server);
  const template = await makeTemplate(token);
  const lines = ['Tenant Email,Tenant First Name,Tenant Last Name,Monthly rent'];
  for (let i = 0; i < ROWS; i++) lines.push(`row${i}@bench.example.com,Tenant,Number ${i},${20000 + i}`);
  const form = new FormData();
  form.append('file', new Blob([lines.join('\n')], { type: 'text/csv' }), 'tenants.csv');

  const started = performance.now();
  const { bulk_send_id: id } = await api('POST', `/api/document-templates/${template._id}/bulk-send`, {
    token,
    body: form,
  });
  let progress;
  for (;;) {
    progress = await api('GET', `/api/bulk-sends/${id}`, { token });
    if (progress.status === 'DONE' || progress.status === 'FAILED') break;
    await new Promise((r) => setTimeout(r, 100));
  }
  const seconds = (performance.now() - started) / 1000;
  const mails = await server.outbox('/api/outbox?search=bench.example.com&limit=1');
  if (progress.status !== 'DONE' || progress.sent !== ROWS || mails.total !== ROWS) {
    throw new Error(
      `incomplete: ${JSON.stringify({ ...progress, errors: progress.errors.slice(0, 3) })}, ${mails.total} mails`,
    );
  }
  const ratio = TARGET_SECONDS / seconds;
  console.log(`rows                     : ${ROWS} documents sent, ${mails.total} mails queued`);
  console.log(
    `time                     : ${seconds.toFixed(1)} s (${(ROWS / seconds).toFixed(0)} documents/s)`,
  );
  console.log(
    `ratio                    : ${ratio.toFixed(2)} (target ${TARGET_SECONDS} s, ratio >= 1) ${ratio >= 1 ? 'MET' : 'NOT MET'}`,
  );
} finally {
  await server.stop();
}
