import { createHash, randomBytes } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { AppError } from '../http/app-error';
import { arrayBufferOf, checkTimestampToken, OID } from './cms';

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
  let answer: pkijs.TimeStampResp;
  try {
    answer = pkijs.TimeStampResp.fromBER(arrayBufferOf(body));
  } catch {
    throw new Error('not a timestamp response');
  }
  const status = answer.status.status;
  if ((status !== 0 && status !== 1) || !answer.timeStampToken) {
    throw new Error(
      `refused (status ${status}${answer.status.statusStrings?.[0] ? `: ${answer.status.statusStrings[0].valueBlock.value}` : ''})`,
    );
  }
  const token = Buffer.from(answer.timeStampToken.toSchema().toBER());
  const check = checkTimestampToken(token, data);
  if (!check.valid) throw new Error(check.problem ?? 'invalid token');
  const signedData = new pkijs.SignedData({ schema: answer.timeStampToken.content });
  const tstInfo = pkijs.TSTInfo.fromBER(signedData.encapContentInfo.eContent!.getValue());
  if (!tstInfo.nonce || !Buffer.from(tstInfo.nonce.valueBlock.valueHexView).equals(nonce)) {
    throw new Error('the token does not answer our request (nonce)');
  }
  return token;
}
