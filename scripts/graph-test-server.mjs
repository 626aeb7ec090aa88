#!/usr/bin/env node
// A local Microsoft identity platform + Graph test server: the subset the sharepoint module calls
// (pointed here with SHAREPOINT_LOGIN_URL = <url> and SHAREPOINT_GRAPH_URL = <url>/v1.0). It keeps
// the files it is given in memory. Nothing here reaches the internet.
//
// API tests import it:
//   const graph = await startGraphTestServer({ tenant, clientId, clientSecret });
//   -> { url, loginUrl, graphUrl, port, close, files() , failNext(n, status?), put(driveId, path, bytes), requests }
// The journeys run it as a webServer:
//   node scripts/graph-test-server.mjs --port N --tenant T --client-id C --client-secret S
//
// Covered: POST /{tenant}/oauth2/v2.0/token (client_credentials; AADSTS errors as Entra ID gives
// them), GET /v1.0/sites?search=, /v1.0/sites/{id}, /v1.0/sites/{id}/drives, /v1.0/drives/{id},
// GET /v1.0/drives/{id}/root:/{path}: (the item, with size and file.hashes.quickXorHash),
// PUT /v1.0/drives/{id}/root:/{path}:/content (conflictBehavior fail -> 409 nameAlreadyExists;
// parent folders made as Graph does), POST .../root:/{path}:/createUploadSession, PUT/DELETE of
// the session's upload URL (Content-Range chunks; 202 until the last).
// Control: GET /health, GET /__control/files, POST /__control/fail?n=&status= (the next n
// uploads answer that status), POST /__control/reset.
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

/** QuickXorHash, bit by bit (an independent writing of the algorithm the module implements). */
export function quickXorHashOf(bytes) {
  const bits = new Uint8Array(160);
  let position = 0;
  for (const byte of bytes) {
    for (let b = 0; b < 8; b++) if ((byte >> b) & 1) bits[(position + b) % 160] ^= 1;
    position = (position + 11) % 160;
  }
  const out = Buffer.alloc(20);
  for (let i = 0; i < 160; i++) if (bits[i]) out[i >> 3] |= 1 << (i & 7);
  const length = Buffer.alloc(8);
  length.writeBigUInt64LE(BigInt(bytes.length));
  for (let i = 0; i < 8; i++) out[12 + i] ^= length[i];
  return out.toString('base64');
}

const SITES = [
  {
    id: 'contoso.sharepoint.com,site-legal,web-legal',
    displayName: 'Legal',
    webUrl: 'https://contoso.sharepoint.com/sites/legal',
  },
  {
    id: 'contoso.sharepoint.com,site-hr,web-hr',
    displayName: 'Human Resources',
    webUrl: 'https://contoso.sharepoint.com/sites/hr',
  },
];
const DRIVES = {
  'contoso.sharepoint.com,site-legal,web-legal': [
    {
      id: 'b!legal-documents',
      name: 'Documents',
      driveType: 'documentLibrary',
      webUrl: 'https://contoso.sharepoint.com/sites/legal/Shared%20Documents',
    },
    {
      id: 'b!legal-contracts',
      name: 'Signed contracts',
      driveType: 'documentLibrary',
      webUrl: 'https://contoso.sharepoint.com/sites/legal/Signed%20contracts',
    },
  ],
  'contoso.sharepoint.com,site-hr,web-hr': [
    {
      id: 'b!hr-documents',
      name: 'Documents',
      driveType: 'documentLibrary',
      webUrl: 'https://contoso.sharepoint.com/sites/hr/Shared%20Documents',
    },
  ],
};
const ALL_DRIVES = Object.values(DRIVES).flat();

const json = (res, status, body) => {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
};
const graphError = (res, status, code, message) => json(res, status, { error: { code, message } });

async function readBody(req) {
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  return Buffer.concat(chunks);
}

export async function startGraphTestServer(options = {}) {
  const app = {
    tenant: options.tenant ?? 'contoso.onmicrosoft.com',
    clientId: options.clientId ?? '11111111-2222-3333-4444-555555555555',
    clientSecret: options.clientSecret ?? 'test-secret',
  };
  const tokens = new Set();
  /** `${driveId}:${lowercased path}` -> item (with its bytes). */
  const items = new Map();
  const sessions = new Map();
  const requests = [];
  let failing = { n: 0, status: 503 };
  let base = '';

  const keyOf = (driveId, path) => `${driveId}:${path.toLowerCase()}`;
  const itemView = (item) => ({
    id: item.id,
    name: item.name,
    size: item.bytes.length,
    webUrl: item.webUrl,
    file: { mimeType: 'application/octet-stream', hashes: { quickXorHash: item.hash } },
    parentReference: {
      driveId: item.driveId,
      path: `/drive/root:${item.path.slice(0, item.path.lastIndexOf('/'))}`,
    },
  });
  const store = (driveId, path, bytes) => {
    const drive = ALL_DRIVES.find((d) => d.id === driveId);
    const name = path.slice(path.lastIndexOf('/') + 1);
    const item = {
      id: `item-${randomBytes(6).toString('hex')}`,
      driveId,
      path,
      name,
      bytes,
      hash: quickXorHashOf(bytes),
      webUrl: `${drive?.webUrl ?? 'https://contoso.sharepoint.com'}${path.split('/').map(encodeURIComponent).join('/')}`,
    };
    items.set(keyOf(driveId, path), item);
    return item;
  };
  const shouldFail = () => {
    if (failing.n <= 0) return 0;
    failing.n -= 1;
    return failing.status;
  };

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url, 'http://local');
      const path = decodeURIComponent(url.pathname);
      requests.push(`${req.method} ${path}`);
      if (path === '/health') return json(res, 200, { ok: true });
      if (path === '/__control/files') {
        return json(
          res,
          200,
          [...items.values()].map((i) => ({ drive_id: i.driveId, path: i.path, size: i.bytes.length })),
        );
      }
      if (path === '/__control/fail' && req.method === 'POST') {
        failing = {
          n: Number(url.searchParams.get('n') ?? 1),
          status: Number(url.searchParams.get('status') ?? 503),
        };
        return json(res, 200, failing);
      }
      if (path === '/__control/reset' && req.method === 'POST') {
        items.clear();
        failing = { n: 0, status: 503 };
        return json(res, 200, { ok: true });
      }

      const token = /^\/([^/]+)\/oauth2\/v2\.0\/token$/.exec(path);
      if (token && req.method === 'POST') {
        const form = new URLSearchParams((await readBody(req)).toString('utf8'));
        if (token[1] !== app.tenant) {
          return json(res, 400, {
            error: 'invalid_request',
            error_description: `AADSTS90002: Tenant '${token[1]}' not found. Check to make sure you have the correct tenant ID.`,
          });
        }
        if (form.get('grant_type') !== 'client_credentials') {
          return json(res, 400, {
            error: 'unsupported_grant_type',
            error_description: 'AADSTS70003: unsupported grant type',
          });
        }
        if (form.get('client_id') !== app.clientId) {
          return json(res, 400, {
            error: 'unauthorized_client',
            error_description: `AADSTS700016: Application with identifier '${form.get('client_id')}' was not found in the directory.`,
          });
        }
        if (form.get('client_secret') !== app.clientSecret) {
          return json(res, 401, {
            error: 'invalid_client',
            error_description: 'AADSTS7000215: Invalid client secret provided.',
          });
        }
        const accessToken = randomBytes(24).toString('hex');
        tokens.add(accessToken);
        return json(res, 200, { token_type: 'Bearer', expires_in: 3599, access_token: accessToken });
      }

      const upload = /^\/upload\/([a-z0-9]+)$/.exec(path);
      if (upload) {
        const session = sessions.get(upload[1]);
        if (!session) return graphError(res, 404, 'itemNotFound', 'The upload session was not found');
        if (req.method === 'DELETE') {
          sessions.delete(upload[1]);
          res.writeHead(204).end();
          return;
        }
        const failure = shouldFail();
        if (failure) return graphError(res, failure, 'serviceNotAvailable', 'Try again later');
        const range = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(req.headers['content-range'] ?? '');
        const body = await readBody(req);
        if (
          !range ||
          Number(range[1]) !== session.received ||
          Number(range[2]) - Number(range[1]) + 1 !== body.length
        ) {
          return graphError(res, 416, 'invalidRange', `Expected the range from ${session.received}`);
        }
        session.chunks.push(body);
        session.received += body.length;
        session.puts += 1;
        if (session.received < Number(range[3])) {
          return json(res, 202, { nextExpectedRanges: [`${session.received}-`] });
        }
        sessions.delete(upload[1]);
        if (items.has(keyOf(session.driveId, session.path))) {
          return graphError(res, 409, 'nameAlreadyExists', 'The specified item name already exists.');
        }
        const item = store(session.driveId, session.path, Buffer.concat(session.chunks));
        item.chunks = session.puts;
        return json(res, 201, itemView(item));
      }

      if (!path.startsWith('/v1.0/')) return graphError(res, 404, 'notFound', 'Not found');
      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      if (!bearer || !tokens.has(bearer)) {
        return graphError(res, 401, 'InvalidAuthenticationToken', 'Access token is empty or invalid.');
      }
      const rest = path.slice('/v1.0'.length);
      if (rest === '/sites' && req.method === 'GET') {
        const q = (url.searchParams.get('search') ?? '*').toLowerCase();
        return json(res, 200, {
          value: SITES.filter((s) => q === '*' || s.displayName.toLowerCase().includes(q)),
        });
      }
      const site = /^\/sites\/([^/]+)(\/drives)?$/.exec(rest);
      if (site && req.method === 'GET') {
        const found = SITES.find((s) => s.id === site[1]);
        if (!found) return graphError(res, 404, 'itemNotFound', 'Requested site could not be found');
        return json(res, 200, site[2] ? { value: DRIVES[found.id] } : found);
      }
      const drive = /^\/drives\/([^/]+)(?:\/root:(\/.*?):(\/content|\/createUploadSession)?)?$/.exec(rest);
      if (!drive) return graphError(res, 404, 'notFound', `No route ${req.method} ${rest}`);
      const driveRow = ALL_DRIVES.find((d) => d.id === drive[1]);
      if (!driveRow) return graphError(res, 404, 'itemNotFound', 'The drive could not be found');
      if (!drive[2]) return json(res, 200, driveRow);
      const itemPath = drive[2];
      const existing = items.get(keyOf(driveRow.id, itemPath));
      if (!drive[3] && req.method === 'GET') {
        return existing
          ? json(res, 200, itemView(existing))
          : graphError(res, 404, 'itemNotFound', 'The resource could not be found.');
      }
      if (drive[3] === '/content' && req.method === 'PUT') {
        const body = await readBody(req);
        const failure = shouldFail();
        if (failure) return graphError(res, failure, 'serviceNotAvailable', 'Try again later');
        if (body.length > 4 * 1024 * 1024)
          return graphError(res, 413, 'requestTooLarge', 'Use an upload session above 4 MB');
        if (existing && url.searchParams.get('@microsoft.graph.conflictBehavior') === 'fail') {
          return graphError(res, 409, 'nameAlreadyExists', 'The specified item name already exists.');
        }
        return json(res, 201, itemView(store(driveRow.id, itemPath, body)));
      }
      if (drive[3] === '/createUploadSession' && req.method === 'POST') {
        await readBody(req);
        const failure = shouldFail();
        if (failure) return graphError(res, failure, 'serviceNotAvailable', 'Try again later');
        if (existing)
          return graphError(res, 409, 'nameAlreadyExists', 'The specified item name already exists.');
        const id = randomBytes(8).toString('hex');
        sessions.set(id, { driveId: driveRow.id, path: itemPath, chunks: [], received: 0, puts: 0 });
        return json(res, 200, {
          uploadUrl: `${base}/upload/${id}`,
          expirationDateTime: new Date(Date.now() + 3600_000).toISOString(),
        });
      }
      return graphError(res, 405, 'methodNotAllowed', `${req.method} ${rest}`);
    } catch (err) {
      json(res, 500, { error: { code: 'testServerError', message: String(err) } });
    }
  });
  await new Promise((resolve) => server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve));
  const port = server.address().port;
  base = `http://${options.host ?? '127.0.0.1'}:${port}`;
  return {
    url: base,
    loginUrl: base,
    graphUrl: `${base}/v1.0`,
    port,
    app,
    requests,
    /** The stored files: drive id, path, size, hash, bytes and (upload sessions) the chunks it took. */
    files: () =>
      [...items.values()].map((i) => ({
        driveId: i.driveId,
        path: i.path,
        size: i.bytes.length,
        hash: i.hash,
        bytes: i.bytes,
        chunks: i.chunks ?? 1,
      })),
    /** The next n uploads (PUTs, session creations and chunks) answer `status`. */
    failNext: (n, status = 503) => {
      failing = { n, status };
    },
    /** Puts a file there directly (another user's file with the same name). */
    put: (driveId, path, bytes) => store(driveId, path, Buffer.from(bytes)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '12112' },
      host: { type: 'string', default: '127.0.0.1' },
      tenant: { type: 'string' },
      'client-id': { type: 'string' },
      'client-secret': { type: 'string' },
    },
  });
  const server = await startGraphTestServer({
    port: Number(values.port),
    host: values.host,
    ...(values.tenant ? { tenant: values.tenant } : {}),
    ...(values['client-id'] ? { clientId: values['client-id'] } : {}),
    ...(values['client-secret'] ? { clientSecret: values['client-secret'] } : {}),
  });
  console.log(
    `Graph test server on ${server.url} (tenant ${server.app.tenant}, client ${server.app.clientId})`,
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
