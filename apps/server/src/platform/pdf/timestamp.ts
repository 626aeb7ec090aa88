import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { AppError } from '../http/app-error';
import { arrayBufferOf, checkTimestampToken, OID, parseDer, rememberToken } from './cms';

/** `errorCode` of the AppError thrown when no timestamp authority gave a token (the seal is retried). */
export const TIMESTAMP_UNAVAILABLE = 'TIMESTAMP_UNAVAILABLE';

/** Asks RFC 3161 timestamp authorities for a token over some bytes. */
export type Timestamper = {
  /** A TimeStampToken (DER ContentInfo) whose imprint is the SHA-256 of `data`; throws AppError 503 else. */
  stamp(data: Buffer): Promise<Buffer>;
  /** Upper bound of a token's size, for the space reserved in the PDF. */
  readonly reserve: number;
};

export type TimestamperOptions = {
  /** TSA_URLS: tried in order until one answers with a valid token. */
  urls: string[];
  /** Per authority (default 10 s). */
  timeoutMs?: number;
};

export const isTimestampUnavailable = (err: unknown): boolean =>
  err instanceof AppError && err.errorCode === TIMESTAMP_UNAVAILABLE;

/**
 * RFC 3161 over HTTP (`application/timestamp-query`): SHA-256 imprint, a random nonce, certReq so
 * the token carries the authority's certificate. Each URL gets `timeoutMs`; the first valid token
 * wins (its status granted, its imprint and nonce ours, its signature valid). When none answers:
 * AppError SERVICE_UNAVAILABLE with errorCode TIMESTAMP_UNAVAILABLE, naming each authority's problem.
 */
export function createTimestamper(options: TimestamperOptions): Timestamper {
  const urls = options.urls.filter((u) => u.length > 0);
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    reserve: 12_288,
    async stamp(data: Buffer): Promise<Buffer> {
      const problems: string[] = [];
      for (const url of urls) {
        try {
          return await requestToken(url, data, timeoutMs);
        } catch (err) {
          problems.push(`${new URL(url).host}: ${err instanceof Error ? err.message : 'failed'}`);
        }
      }
      throw new AppError('SERVICE_UNAVAILABLE', {
        errorCode: TIMESTAMP_UNAVAILABLE,
        message:
          `No timestamp authority answered (${problems.join('; ') || 'none configured'}); sealing is retried`.slice(
            0,
            480,
          ),
      });
    },
  };
}

async function requestToken(url: string, data: Buffer, timeoutMs: number): Promise<Buffer> {
  const digest = createHash('sha256').update(data).digest();
  const nonce = randomBytes(8);
  nonce[0] = (nonce[0]! & 0x7f) | 0x01; // a positive INTEGER, minimal encoding
  const request = new pkijs.TimeStampReq({
    version: 1,
    messageImprint: new pkijs.MessageImprint({
      hashAlgorithm: new pkijs.AlgorithmIdentifier({ algorithmId: OID.sha256 }),
      hashedMessage: new asn1js.OctetString({ valueHex: arrayBufferOf(digest) }),
    }),
    nonce: new asn1js.Integer({ valueHex: arrayBufferOf(nonce) }),
    certReq: true,
  });
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/timestamp-query' },
    body: Buffer.from(request.toSchema().toBER()),
    signal: AbortSignal.timeout(timeoutMs),
  }).catch((err: unknown) => {
    const cause =
      err instanceof Error && err.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : 'unreachable';
    throw new Error(cause);
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const { status, statusText, token } = readTimestampResponse(body);
  if ((status !== 0 && status !== 1) || !token) {
    throw new Error(`refused (status ${status}${statusText ? `: ${statusText}` : ''})`);
  }
  // One parse and check of the token (its signature, imprint and nonce), on the parsed response.
  const check = checkTimestampToken(token, data);
  if (!check.valid) throw new Error(check.problem ?? 'invalid token');
  if (!check.nonce?.equals(nonce)) throw new Error('the token does not answer our request (nonce)');
  const bytes = Buffer.from(token.valueBeforeDecodeView);
  // The seal's DSS takes these certificates without parsing the token again.
  rememberToken(bytes, check.certificates);
  return bytes;
}

/**
 * TimeStampResp { status PKIStatusInfo { status INTEGER, statusString?, failInfo? }, timeStampToken? }
 * read with asn1js alone: the token's bytes are handed to `checkTimestampToken`, which parses them
 * once (pkijs's TimeStampResp parsed the whole token a second time, and its schema checks were
 * most of a timestamp's cost on our side).
 */
function readTimestampResponse(body: Buffer): {
  status: number;
  statusText: string | null;
  token: asn1js.Sequence | null;
} {
  let outer: asn1js.AsnType;
  try {
    outer = parseDer(body);
  } catch {
    throw new Error('not a timestamp response');
  }
  const [statusInfo, token] = outer instanceof asn1js.Sequence ? outer.valueBlock.value : [];
  const [status, text] = statusInfo instanceof asn1js.Sequence ? statusInfo.valueBlock.value : [];
  if (!(status instanceof asn1js.Integer)) throw new Error('not a timestamp response');
  const strings = text instanceof asn1js.Sequence ? text.valueBlock.value[0] : undefined;
  return {
    status: status.valueBlock.valueDec,
    statusText: strings instanceof asn1js.Utf8String ? strings.valueBlock.value : null,
    token: token instanceof asn1js.Sequence ? token : null,
  };
}
