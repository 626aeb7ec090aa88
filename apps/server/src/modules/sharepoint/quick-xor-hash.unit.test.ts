import { describe, expect, it } from 'vitest';
import { QuickXorHash, quickXorHash } from './quick-xor-hash';

// Published vectors (input base64 -> hash), as other OneDrive clients test them.
const VECTORS: [string, string][] = [
  ['', 'AAAAAAAAAAAAAAAAAAAAAAAAAAA='],
  ['Sg==', 'SgAAAAAAAAAAAAAAAQAAAAAAAAA='],
  ['tbQ=', 'taAFAAAAAAAAAAAAAgAAAAAAAAA='],
  ['0pZP', '0rDEEwAAAAAAAAAAAwAAAAAAAAA='],
  ['jRRDVA==', 'jaDAEKgAAAAAAAAABAAAAAAAAAA='],
  ['eAV52qE=', 'eChAHrQRCgAAAAAABQAAAAAAAAA='],
  ['luBZlaT6', 'lgBHFipBCn0AAAAABgAAAAAAAAA='],
  ['qaApEj66lw==', 'qQBFCiTgA11cAgAABwAAAAAAAAA='],
  ['/aNzzCFPS/A=', '/RjFHJgRgicsAR4ACAAAAAAAAAA='],
];

describe('quickXorHash', () => {
  it.each(VECTORS)('hashes %s as published', (input, expected) => {
    expect(quickXorHash(Buffer.from(input, 'base64'))).toBe(expected);
  });

  it('gives the same hash fed in pieces as in one go (positions wrap past 160 bits)', () => {
    const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => (i * 37 + 11) & 255));
    const pieces = new QuickXorHash().update(bytes.subarray(0, 7)).update(bytes.subarray(7, 500));
    expect(pieces.update(bytes.subarray(500)).digest()).toBe(quickXorHash(bytes));
    expect(quickXorHash(bytes)).not.toBe(quickXorHash(Buffer.concat([bytes, Buffer.from([0])])));
  });
});
