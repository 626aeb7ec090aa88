// What the sending benchmarks (bulk-send, workflow-start) set up the same way: a fresh PostgreSQL
// database for the built server, and a three-page template with one Tenant role (a signature and
// a "Monthly rent" text field) made through the API as a user would.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { PDFDocument } from 'pdf-lib';

/** Runs one statement as the PostgreSQL administrator (create or drop a database). */
export async function adminQuery(adminUrl, statement) {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 2000 });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** A new empty database `esigns_bench_{prefix}_{random}`: its URL and `drop()` (forced). */
export async function freshDatabase(adminUrl, prefix) {
  const name = `esigns_bench_${prefix}_${randomUUID().slice(0, 8)}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  await adminQuery(adminUrl, `create database ${name}`);
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

/** The template "Rental agreement" (3 pages, role Tenant: a signature and "Monthly rent"). */
export async function makeTemplate(api, token) {
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
