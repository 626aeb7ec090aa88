/*
 * A minimal ASN.1 DER toolkit for CMS: enough to build a SignedData and to read one back with the
 * exact byte ranges of its parts (signature checks need the signed attributes as they were encoded,
 * which a decode/re-encode round trip cannot guarantee).
 */

export const TAG = {
  INTEGER: 0x02,
  BIT_STRING: 0x03,
  OCTET_STRING: 0x04,
  NULL: 0x05,
  OID: 0x06,
  UTF8_STRING: 0x0c,
  PRINTABLE_STRING: 0x13,
  IA5_STRING: 0x16,
  UTC_TIME: 0x17,
  GENERALIZED_TIME: 0x18,
  BMP_STRING: 0x1e,
  SEQUENCE: 0x30,
  SET: 0x31,
} as const;

export class DerError extends Error {}

// ---- encoding ----

function encodeLength(length: number): Buffer {
  if (length < 0x80) return Buffer.from([length]);
  const bytes: number[] = [];
  for (let n = length; n > 0; n = Math.floor(n / 256)) bytes.unshift(n & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

export function tlv(tag: number, content: Buffer): Buffer {
  return Buffer.concat([Buffer.from([tag]), encodeLength(content.length), content]);
}

export function sequence(...items: Buffer[]): Buffer {
  return tlv(TAG.SEQUENCE, Buffer.concat(items));
}

/** A DER SET OF: elements sorted by their encodings (X.690 11.6). */
export function setOf(...items: Buffer[]): Buffer {
  return tlv(TAG.SET, Buffer.concat([...items].sort(Buffer.compare)));
}

export function contextConstructed(n: number, ...items: Buffer[]): Buffer {
  return tlv(0xa0 | n, Buffer.concat(items));
}

export function octetString(value: Buffer): Buffer {
  return tlv(TAG.OCTET_STRING, value);
}

export function derNull(): Buffer {
  return Buffer.from([TAG.NULL, 0]);
}

export function smallInteger(value: number): Buffer {
  return tlv(TAG.INTEGER, Buffer.from([value]));
}

export function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map((p) => Number(p));
  const [first = 0, second = 0, ...rest] = parts;
  const bytes: number[] = [first * 40 + second];
  for (const part of rest) {
    const chunk: number[] = [part & 0x7f];
    for (let n = Math.floor(part / 128); n > 0; n = Math.floor(n / 128)) chunk.unshift(0x80 | (n & 0x7f));
    bytes.push(...chunk);
  }
  return tlv(TAG.OID, Buffer.from(bytes));
}

export function algorithmIdentifier(algorithm: string, withNullParameters = false): Buffer {
  return withNullParameters ? sequence(oid(algorithm), derNull()) : sequence(oid(algorithm));
}

// ---- decoding ----

/** One decoded element; `start`/`end` delimit its whole encoding in the source buffer. */
export type DerNode = {
  tag: number;
  constructed: boolean;
  start: number;
  headerLength: number;
  end: number;
  /** Content bytes (without tag and length). */
  content: Buffer;
  children: DerNode[];
  /** The element exactly as encoded. */
  raw: Buffer;
};

const MAX_DEPTH = 64;

/** Reads the element at `offset` (definite or indefinite length); throws `DerError` on bad input. */
export function readDer(buffer: Buffer, offset = 0, depth = 0): DerNode {
  if (depth > MAX_DEPTH) throw new DerError('ASN.1 nesting too deep');
  if (offset + 2 > buffer.length) throw new DerError('ASN.1 element truncated');
  const tag = buffer[offset]!;
  if ((tag & 0x1f) === 0x1f) throw new DerError('multi-byte ASN.1 tags are not supported');
  const constructed = (tag & 0x20) !== 0;
  let pos = offset + 1;
  const first = buffer[pos++]!;
  let length: number | undefined;
  if (first < 0x80) length = first;
  else if (first === 0x80) length = undefined;
  else {
    const count = first & 0x7f;
    if (count > 4 || pos + count > buffer.length) throw new DerError('bad ASN.1 length');
    length = 0;
    for (let i = 0; i < count; i++) length = length * 256 + buffer[pos++]!;
  }
  const headerLength = pos - offset;
  const children: DerNode[] = [];
  let end: number;
  if (length === undefined) {
    if (!constructed) throw new DerError('indefinite length on a primitive ASN.1 element');
    let cursor = pos;
    for (;;) {
      if (cursor + 2 > buffer.length) throw new DerError('unterminated indefinite-length element');
      if (buffer[cursor] === 0 && buffer[cursor + 1] === 0) {
        end = cursor + 2;
        break;
      }
      const child = readDer(buffer, cursor, depth + 1);
      children.push(child);
      cursor = child.end;
    }
    return {
      tag,
      constructed,
      start: offset,
      headerLength,
      end,
      content: buffer.subarray(pos, end - 2),
      children,
      raw: buffer.subarray(offset, end),
    };
  }
  end = pos + length;
  if (end > buffer.length) throw new DerError('ASN.1 element longer than its container');
  if (constructed) {
    let cursor = pos;
    while (cursor < end) {
      const child = readDer(buffer, cursor, depth + 1);
      if (child.end > end) throw new DerError('ASN.1 child overruns its parent');
      children.push(child);
      cursor = child.end;
    }
  }
  return {
    tag,
    constructed,
    start: offset,
    headerLength,
    end,
    content: buffer.subarray(pos, end),
    children,
    raw: buffer.subarray(offset, end),
  };
}

export function child(node: DerNode, index: number, what: string): DerNode {
  const found = node.children[index];
  if (!found) throw new DerError(`ASN.1: ${what} missing`);
  return found;
}

export function decodeOid(node: DerNode): string {
  if (node.tag !== TAG.OID || node.content.length === 0)
    throw new DerError('ASN.1: object identifier expected');
  const ids: number[] = [];
  let value = 0;
  for (const byte of node.content) {
    value = value * 128 + (byte & 0x7f);
    if ((byte & 0x80) === 0) {
      ids.push(value);
      value = 0;
    }
  }
  const [head = 0, ...rest] = ids;
  const arc = Math.min(2, Math.floor(head / 40));
  return [arc, head - arc * 40, ...rest].join('.');
}

/** UTCTime or GeneralizedTime as a Date. */
export function decodeTime(node: DerNode): Date | null {
  const text = node.content.toString('latin1');
  const m =
    node.tag === TAG.UTC_TIME
      ? /^(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?Z$/.exec(text)
      : node.tag === TAG.GENERALIZED_TIME
        ? /^(\d{4})(\d{2})(\d{2})(\d{2})(\d{2})(\d{2})?(?:\.\d+)?Z$/.exec(text)
        : null;
  if (!m) return null;
  let year = Number(m[1]);
  if (node.tag === TAG.UTC_TIME) year += year < 50 ? 2000 : 1900;
  const date = new Date(
    Date.UTC(year, Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? '0')),
  );
  return Number.isNaN(date.getTime()) ? null : date;
}
