import { lookup } from 'node:dns/promises';
import { BlockList, connect, isIP } from 'node:net';
import type SMTPTransport from 'nodemailer/lib/smtp-transport';

// A company's SMTP host must not lead into the instance's own network (SSRF): an admin could
// otherwise point the "try these settings" call at an internal address and learn from its answer
// what listens there, or have mails posted to an internal service. Hosts are checked when the
// settings are saved AND on every connection (DNS can change after the save): the connection goes
// to the very address that was checked (no second lookup an attacker's DNS could answer
// differently). The operator allows private hosts with SMTP_ALLOW_PRIVATE_HOSTS=1 (a mail relay
// on the same network, the tests' local SMTP servers).

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this" network
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** The IPv4 address inside an IPv4-mapped or -compatible IPv6 one (`::ffff:127.0.0.1`, `::ffff:7f00:1`). */
function embeddedIpv4(address: string): string | null {
  const dotted = /^::(?:ffff:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (dotted?.[1]) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex?.[1] || !hex[2]) return null;
  const high = parseInt(hex[1], 16);
  const low = parseInt(hex[2], 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** Whether an IP address is private, loopback, link-local or otherwise not on the public internet. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return refused.check(address, 'ipv4');
  if (family !== 6) return true;
  const v4 = embeddedIpv4(address);
  return v4 ? refused.check(v4, 'ipv4') : refused.check(address, 'ipv6');
}

/** Refused because the host leads into a private network (the 422's reason, the mail's reason). */
export class PrivateHostError extends Error {
  /** The mail job fails such a mail at once: retrying cannot change the operator's rule. */
  readonly permanent = true;
  constructor(host: string, address: string) {
    super(
      `${host} resolves to ${address}, a private, loopback or link-local address: ` +
        'company SMTP servers must be reachable on the internet (the operator can allow private hosts with SMTP_ALLOW_PRIVATE_HOSTS=1)',
    );
    this.name = 'PrivateHostError';
  }
}

/** The host's addresses, all of them public, else `PrivateHostError`. DNS failures are thrown as they are. */
export async function publicAddressesOf(host: string, refuse = isPrivateAddress): Promise<string[]> {
  const found = isIP(host)
    ? [host]
    : (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  // One private address is enough: a name answering with a public and a private one could be
  // connected to either.
  const inside = found.find(refuse);
  if (inside !== undefined) throw new PrivateHostError(host, inside);
  return found;
}

/**
 * At save: a host that resolves to a private address is refused (`PrivateHostError`). A host
 * that does not resolve passes here: trying enabled settings reports it under `host`, and
 * disabled ones are checked again when they are used.
 */
export async function checkHostAtSave(host: string, allowPrivate: boolean): Promise<void> {
  if (allowPrivate) return;
  try {
    await publicAddressesOf(host);
  } catch (err) {
    if (err instanceof PrivateHostError) throw err;
  }
}

type GetSocket = NonNullable<SMTPTransport.Options['getSocket']>;

/**
 * nodemailer's `getSocket` for a company's server: resolves the host, refuses a private address,
 * and opens the TCP connection to the address it checked (TLS, when asked, is then started over
 * it by nodemailer with the host's name). Null when private hosts are allowed (nodemailer
 * connects as usual). `refuse` is for tests (which have only local servers to connect to).
 */
export function guardedSocket(allowPrivate: boolean, refuse = isPrivateAddress): GetSocket | null {
  if (allowPrivate) return null;
  return (options, callback) => {
    const host = String(options.host ?? '');
    const port = Number(options.port ?? 25);
    const timeoutMs = Number(options.connectionTimeout ?? 15_000);
    publicAddressesOf(host, refuse).then(
      (addresses) => openSocket(addresses[0] ?? host, port, timeoutMs, callback),
      (err: unknown) => callback(err instanceof Error ? err : new Error(String(err)), undefined),
    );
  };
}

function openSocket(
  address: string,
  port: number,
  timeoutMs: number,
  callback: Parameters<GetSocket>[1],
): void {
  let settled = false;
  const done = (err: Error | null) => {
    if (settled) return;
    settled = true;
    socket.setTimeout(0);
    if (err) {
      socket.destroy();
      callback(err, undefined);
    } else callback(null, { connection: socket });
  };
  const socket = connect({ host: address, port }, () => done(null));
  socket.setTimeout(timeoutMs, () =>
    done(new Error(`No connection to ${address}:${port} within ${timeoutMs / 1000} s`)),
  );
  socket.once('error', (err) => done(err));
}
