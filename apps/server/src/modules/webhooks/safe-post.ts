import { lookup as dnsLookup } from 'node:dns/promises';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';

// Posting to a URL a company typed must not lead into the instance's own network (SSRF): the
// host is resolved once, every address it answers must be a public unicast one (unless the
// operator allows private targets), and the connection goes to an address that was checked (the
// request's `lookup` answers the checked addresses: no second lookup that a rebinding DNS server
// could answer differently). Only http and https, no credentials in the URL, redirects are not
// followed (a 3xx is an answer like any other).

/** Bytes of an answer read at most; beyond, the connection is dropped (only the start is kept). */
const READ_LIMIT_BYTES = 64 * 1024;

const IPV4_COMPATIBLE = ipaddr.parse('::');

/**
 * Whether an address is a public unicast one: not private, loopback, link-local, unique-local,
 * multicast, unspecified, broadcast, carrier-grade NAT, reserved or documentation, nor an IPv6
 * form embedding an IPv4 address (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`, NAT64, 6to4,
 * Teredo), whatever the IPv4 address inside.
 */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return isPublicAddress(v6.toIPv4Address().toString());
  if (v6.match(IPV4_COMPATIBLE as ipaddr.IPv6, 96)) return false;
  return v6.range() === 'unicast';
}

/** A URL refused before any connection: `reason` is said to the user (a 422 under `url`, the delivery's error). */
export class UnsafeTargetError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'UnsafeTargetError';
  }
}

export type TargetOptions = {
  /** The operator's WEBHOOKS_ALLOW_PRIVATE: any address is allowed. */
  allowPrivate: boolean;
  /** Tests: the resolver (default: every address of the name, `dns.lookup`). */
  resolve?: (host: string) => Promise<string[]>;
  /** Tests: which addresses count as public (default `isPublicAddress`). */
  isAllowedAddress?: (address: string) => boolean;
};

export type CheckedTarget = { url: URL; host: string; addresses: string[] };

/** The URL's form alone (no lookup): http(s), a host, no credentials. Throws `UnsafeTargetError`. */
export function parseTargetUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UnsafeTargetError('Not a valid URL (e.g. https://example.com/webhooks)');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new UnsafeTargetError('Only http and https URLs can receive webhooks');
  }
  if (url.username || url.password) {
    throw new UnsafeTargetError(
      'A URL with a user name or password is not allowed: authenticate by the signature',
    );
  }
  if (!url.hostname) throw new UnsafeTargetError('The URL has no host');
  return url;
}

const defaultResolve = async (host: string): Promise<string[]> =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

/**
 * Parses the URL, resolves its host (all addresses) and refuses it when one of them is not public
 * (one is enough: a connection could go to either). Throws `UnsafeTargetError` with the reason.
 */
export async function checkTarget(raw: string, options: TargetOptions): Promise<CheckedTarget> {
  const url = parseTargetUrl(raw);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = await (options.resolve ?? defaultResolve)(host);
    } catch {
      throw new UnsafeTargetError(`The host ${host} could not be resolved`);
    }
    if (addresses.length === 0) throw new UnsafeTargetError(`The host ${host} could not be resolved`);
  }
  if (!options.allowPrivate) {
    const allowed = options.isAllowedAddress ?? isPublicAddress;
    const inside = addresses.find((a) => !allowed(a));
    if (inside !== undefined) {
      throw new UnsafeTargetError(
        `${host} resolves to ${inside}, a private, loopback, link-local or reserved address: ` +
          'webhook targets must be on the public internet',
      );
    }
  }
  return { url, host, addresses };
}

export type SafePostOptions = TargetOptions & {
  /** The whole exchange (connection, request, answer) within this (default 10 s). */
  timeoutMs?: number;
  /** The start of the answer kept (default 2,048 bytes). */
  keepBytes?: number;
  signal?: AbortSignal;
};

export type SafePostResult = {
  /** The answer's status; null when there was none (refused target, connection error, timeout). */
  status: number | null;
  /** The first `keepBytes` of the answer (UTF-8), null without one. */
  body: string | null;
  durationMs: number;
  /** Why there is no answer; null when there is one (whatever its status). */
  error: string | null;
  /** Whether the target was refused before any connection (private address, bad URL). */
  refused: boolean;
};

/** Keep-alive agents (one per kind of rule: a socket is only reused for targets checked the same way). */
const agents = new Map<string, http.Agent>();
function agentFor(protocol: string, allowPrivate: boolean): http.Agent {
  const key = `${protocol}${allowPrivate}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 64, maxFreeSockets: 16, timeout: 30_000 };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

/** A `lookup` for `http.request` that answers only the addresses already checked. */
function checkedLookup(addresses: string[]): LookupFunction {
  const entries = addresses.map((address) => ({ address, family: isIP(address) }));
  return ((_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
    if (options?.all) callback(null, entries);
    else callback(null, entries[0]!.address, entries[0]!.family);
  }) as unknown as LookupFunction;
}

/**
 * POSTs `body` to `url` with `headers`, safely (see the top of this file): never throws for the
 * target's faults, answers what happened. Used by webhook deliveries and by automation pipelines'
 * "call a webhook" action.
 */
export async function postSafely(
  url: string,
  body: string,
  headers: Record<string, string>,
  options: SafePostOptions,
): Promise<SafePostResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  let target: CheckedTarget;
  try {
    target = await checkTarget(url, options);
  } catch (err) {
    const error = err instanceof UnsafeTargetError ? err.message : String(err);
    return { status: null, body: null, durationMs: elapsed(), error, refused: true };
  }
  const timeoutMs = options.timeoutMs ?? 10_000;
  // The deadline aborts after the I/O already waiting is read (setImmediate runs after the poll
  // phase): on a busy event loop an answer that came in time is not lost to a late timer.
  const deadline = new AbortController();
  const timer = setTimeout(() => setImmediate(() => deadline.abort()), timeoutMs);
  const signal = AbortSignal.any([deadline.signal, ...(options.signal ? [options.signal] : [])]);
  try {
    const answer = await send(target, body, headers, signal, options.keepBytes ?? 2048, options.allowPrivate);
    return { ...answer, durationMs: elapsed(), error: null, refused: false };
  } catch (err) {
    const timedOut = deadline.signal.aborted;
    const error = timedOut
      ? `No answer within ${timeoutMs / 1000} s`
      : err instanceof Error
        ? err.message
        : String(err);
    return { status: null, body: null, durationMs: elapsed(), error, refused: false };
  } finally {
    clearTimeout(timer);
  }
}

function send(
  target: CheckedTarget,
  body: string,
  headers: Record<string, string>,
  signal: AbortSignal,
  keepBytes: number,
  allowPrivate: boolean,
): Promise<{ status: number; body: string }> {
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      target.url,
      {
        method: 'POST',
        headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) },
        agent: agentFor(target.url.protocol, allowPrivate),
        lookup: checkedLookup(target.addresses),
        signal,
      },
      (response) => {
        const kept: Buffer[] = [];
        let keptBytes = 0;
        let readBytes = 0;
        const finish = () =>
          resolve({
            status: response.statusCode ?? 0,
            body: Buffer.concat(kept).subarray(0, keepBytes).toString('utf8'),
          });
        response.on('data', (chunk: Buffer) => {
          readBytes += chunk.length;
          if (keptBytes < keepBytes) {
            kept.push(chunk);
            keptBytes += chunk.length;
          }
          if (readBytes > READ_LIMIT_BYTES) {
            // Enough: the rest of a large answer is not read (the socket is not reused).
            response.destroy();
            finish();
          }
        });
        response.on('end', finish);
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}
