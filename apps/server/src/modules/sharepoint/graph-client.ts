import { createHash } from 'node:crypto';
import { open } from 'node:fs/promises';
import { SHAREPOINT_SIMPLE_UPLOAD_MAX_BYTES } from '@esigns/contracts/sharepoint';

/*
 * Microsoft Graph over plain HTTPS (fetch): the client-credentials token of the company's Entra ID
 * app, the sites and libraries of the picker, and uploads (one PUT up to 4 MB, an upload session
 * above). Base URLs come from the operator's configuration (SHAREPOINT_LOGIN_URL,
 * SHAREPOINT_GRAPH_URL: the local test server in tests), never from a company.
 */

export type GraphUrls = { loginUrl: string; graphUrl: string };
export type GraphCredentials = { tenantId: string; clientId: string; clientSecret: string };

/** The scope of an app-only Graph token, whatever host serves Graph. */
const GRAPH_SCOPE = 'https://graph.microsoft.com/.default';
const REQUEST_TIMEOUT_MS = 60_000;
/** Upload session chunks: a multiple of 320 KiB, as Graph asks. */
export const UPLOAD_CHUNK_BYTES = 10 * 320 * 1024;
const USER_AGENT = 'e-Signs-SharePoint/1.0';

/** Graph (or the token endpoint) said no, or could not be reached (`status` 0). */
export class GraphError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'GraphError';
  }
}

const tokens = new Map<string, { token: string; expiresAt: number }>();
const tokenKey = (urls: GraphUrls, c: GraphCredentials) =>
  createHash('sha256').update(`${urls.loginUrl}|${c.tenantId}|${c.clientId}|${c.clientSecret}`).digest('hex');

const signalOf = (signal?: AbortSignal): AbortSignal =>
  signal
    ? AbortSignal.any([signal, AbortSignal.timeout(REQUEST_TIMEOUT_MS)])
    : AbortSignal.timeout(REQUEST_TIMEOUT_MS);

async function send(url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> {
  try {
    return await fetch(url, {
      ...init,
      headers: { 'user-agent': USER_AGENT, ...(init.headers as Record<string, string>) },
      signal: signalOf(signal),
      redirect: 'manual',
    });
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new GraphError(0, 'unreachable', `Microsoft could not be reached: ${reason}`);
  }
}

async function errorOf(res: Response, what: string): Promise<GraphError> {
  const text = await res.text().catch((err: unknown) => `(the answer could not be read: ${String(err)})`);
  let code = `http_${res.status}`;
  let message = text.slice(0, 300);
  try {
    const body = JSON.parse(text) as {
      error?: string | { code?: string; message?: string };
      error_description?: string;
    };
    if (typeof body.error === 'string') {
      code = body.error;
      message = (body.error_description ?? body.error).split('\r\n')[0] ?? body.error;
    } else if (body.error) {
      code = body.error.code ?? code;
      message = body.error.message ?? message;
    }
  } catch {
    // Not JSON: the start of the text is the message.
  }
  return new GraphError(res.status, code, `${what}: ${res.status} ${message}`.trim());
}

/** An app-only token (client-credentials flow), kept until a minute before it expires. */
export async function fetchToken(
  urls: GraphUrls,
  credentials: GraphCredentials,
  signal?: AbortSignal,
): Promise<string> {
  const key = tokenKey(urls, credentials);
  const cached = tokens.get(key);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const res = await send(
    `${urls.loginUrl}/${encodeURIComponent(credentials.tenantId)}/oauth2/v2.0/token`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        grant_type: 'client_credentials',
        client_id: credentials.clientId,
        client_secret: credentials.clientSecret,
        scope: GRAPH_SCOPE,
      }).toString(),
    },
    signal,
  );
  if (!res.ok) throw await errorOf(res, 'Microsoft refused the token request');
  const body = (await res.json()) as { access_token?: string; expires_in?: number };
  if (!body.access_token) throw new GraphError(502, 'no_token', 'Microsoft answered no access token');
  const lifetime = Math.max(0, (body.expires_in ?? 3600) - 60) * 1000;
  tokens.set(key, { token: body.access_token, expiresAt: Date.now() + lifetime });
  return body.access_token;
}

/** Forgets a cached token (the secret changed, or Graph said 401). */
export function forgetToken(urls: GraphUrls, credentials: GraphCredentials): void {
  tokens.delete(tokenKey(urls, credentials));
}

export type GraphSession = { urls: GraphUrls; token: string; signal?: AbortSignal };

async function graphJson<T>(s: GraphSession, method: string, path: string, body?: unknown): Promise<T> {
  const res = await send(
    `${s.urls.graphUrl}${path}`,
    {
      method,
      headers: {
        authorization: `Bearer ${s.token}`,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    },
    s.signal,
  );
  if (!res.ok) throw await errorOf(res, `Graph ${method} ${path.split('?')[0]}`);
  return (await res.json()) as T;
}

type GraphSite = { id: string; displayName?: string; name?: string; webUrl?: string };
type GraphDrive = { id: string; name?: string; webUrl?: string; driveType?: string };
export type NamedThing = { id: string; name: string; web_url: string | null };

const siteOf = (s: GraphSite): NamedThing => ({
  id: s.id,
  name: s.displayName || s.name || s.webUrl || s.id,
  web_url: s.webUrl ?? null,
});
const driveOf = (d: GraphDrive): NamedThing => ({
  id: d.id,
  name: d.name || d.id,
  web_url: d.webUrl ?? null,
});

export async function searchSites(s: GraphSession, search: string): Promise<NamedThing[]> {
  const q = encodeURIComponent(search.trim() || '*');
  const body = await graphJson<{ value?: GraphSite[] }>(s, 'GET', `/sites?search=${q}`);
  return (body.value ?? []).map(siteOf);
}

export async function getSite(s: GraphSession, siteId: string): Promise<NamedThing> {
  return siteOf(await graphJson<GraphSite>(s, 'GET', `/sites/${encodeURIComponent(siteId)}`));
}

export async function listDrives(s: GraphSession, siteId: string): Promise<NamedThing[]> {
  const body = await graphJson<{ value?: GraphDrive[] }>(
    s,
    'GET',
    `/sites/${encodeURIComponent(siteId)}/drives`,
  );
  return (body.value ?? []).filter((d) => !d.driveType || d.driveType === 'documentLibrary').map(driveOf);
}

export async function getDrive(s: GraphSession, driveId: string): Promise<NamedThing> {
  return driveOf(await graphJson<GraphDrive>(s, 'GET', `/drives/${encodeURIComponent(driveId)}`));
}

/** `/drives/{id}/root:/a/b c.pdf:` with each segment encoded. */
const itemPath = (driveId: string, path: string) =>
  `/drives/${encodeURIComponent(driveId)}/root:/${path
    .split('/')
    .filter(Boolean)
    .map(encodeURIComponent)
    .join('/')}:`;

type GraphItem = {
  id: string;
  name: string;
  size?: number;
  webUrl?: string;
  file?: { hashes?: { quickXorHash?: string } };
};

/** The item at a path, or null when there is none. */
async function itemAt(s: GraphSession, driveId: string, path: string): Promise<GraphItem | null> {
  try {
    return await graphJson<GraphItem>(s, 'GET', itemPath(driveId, path));
  } catch (err) {
    if (err instanceof GraphError && err.status === 404) return null;
    throw err;
  }
}

/** A file on local disk to upload: its size and QuickXorHash are known before the first byte goes. */
export type LocalFile = { path: string; size: number; quickXorHash: string };
export type PlacedFile = { name: string; path: string; size: number; web_url: string | null };

/** One try at one name: the item, or 'EXISTS' when the name is taken (conflictBehavior=fail). */
async function uploadAt(
  s: GraphSession,
  driveId: string,
  path: string,
  file: LocalFile,
): Promise<GraphItem | 'EXISTS'> {
  if (file.size <= SHAREPOINT_SIMPLE_UPLOAD_MAX_BYTES) {
    const handle = await open(file.path, 'r');
    const bytes = await handle.readFile().finally(() => handle.close());
    const res = await send(
      `${s.urls.graphUrl}${itemPath(driveId, path)}/content?@microsoft.graph.conflictBehavior=fail`,
      {
        method: 'PUT',
        headers: { authorization: `Bearer ${s.token}`, 'content-type': 'application/octet-stream' },
        body: bytes,
      },
      s.signal,
    );
    if (res.status === 409) {
      await res.body?.cancel();
      return 'EXISTS';
    }
    if (!res.ok) throw await errorOf(res, 'Graph upload');
    return (await res.json()) as GraphItem;
  }
  return uploadInSession(s, driveId, path, file);
}

async function uploadInSession(
  s: GraphSession,
  driveId: string,
  path: string,
  file: LocalFile,
): Promise<GraphItem | 'EXISTS'> {
  let session: { uploadUrl?: string };
  try {
    session = await graphJson<{ uploadUrl?: string }>(
      s,
      'POST',
      `${itemPath(driveId, path)}/createUploadSession`,
      { item: { '@microsoft.graph.conflictBehavior': 'fail' } },
    );
  } catch (err) {
    if (err instanceof GraphError && err.status === 409) return 'EXISTS';
    throw err;
  }
  const uploadUrl = session.uploadUrl;
  if (!uploadUrl) throw new GraphError(502, 'no_upload_url', 'Graph answered no upload URL');
  const handle = await open(file.path, 'r');
  let done = false;
  try {
    for (let start = 0; start < file.size; start += UPLOAD_CHUNK_BYTES) {
      const length = Math.min(UPLOAD_CHUNK_BYTES, file.size - start);
      const chunk = Buffer.alloc(length);
      await handle.read(chunk, 0, length, start);
      // The upload URL carries its own authorization: no bearer token goes with it.
      const res = await send(
        uploadUrl,
        {
          method: 'PUT',
          headers: {
            'content-length': String(length),
            'content-range': `bytes ${start}-${start + length - 1}/${file.size}`,
          },
          body: chunk,
        },
        s.signal,
      );
      if (res.status === 409) {
        await res.body?.cancel();
        return 'EXISTS';
      }
      if (res.status === 202) {
        await res.body?.cancel();
        continue;
      }
      if (!res.ok) throw await errorOf(res, 'Graph upload session');
      done = true;
      return (await res.json()) as GraphItem;
    }
    throw new GraphError(502, 'upload_unfinished', 'Graph did not finish the upload session');
  } finally {
    await handle.close();
    // A session left behind holds the name's bytes on Microsoft's side until it expires: cancel it.
    if (!done) {
      await send(uploadUrl, { method: 'DELETE' }).then(
        (res) => res.body?.cancel(),
        () => undefined,
      );
    }
  }
}

const withNumber = (name: string, n: number): string => {
  if (n === 1) return name;
  const dot = name.lastIndexOf('.');
  return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
};

/** Names tried before giving up on a crowded folder. */
const MAX_NAMES = 50;

/**
 * Puts a file into `folder` under `name`, never over another file: a taken name whose file has the
 * same size and QuickXorHash is this very file (an earlier run uploaded it, then died before
 * recording it) and is taken as done; any other file keeps its name and ours becomes `name (2)`...
 */
export async function placeFile(
  s: GraphSession,
  driveId: string,
  folder: string,
  name: string,
  file: LocalFile,
): Promise<PlacedFile> {
  for (let n = 1; n <= MAX_NAMES; n++) {
    const candidate = withNumber(name, n);
    const path = `${folder.replace(/\/+$/, '')}/${candidate}`;
    const uploaded = await uploadAt(s, driveId, path, file);
    const item = uploaded === 'EXISTS' ? await itemAt(s, driveId, path) : uploaded;
    if (uploaded === 'EXISTS') {
      const same = item && item.size === file.size && item.file?.hashes?.quickXorHash === file.quickXorHash;
      if (!same) continue;
    }
    if (!item) continue;
    return { name: item.name || candidate, path, size: item.size ?? file.size, web_url: item.webUrl ?? null };
  }
  throw new GraphError(409, 'too_many_names', `More than ${MAX_NAMES} files named like ${name} in ${folder}`);
}
