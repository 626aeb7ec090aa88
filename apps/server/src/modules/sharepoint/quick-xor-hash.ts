/*
 * Microsoft's QuickXorHash (the only content hash SharePoint and OneDrive for Business report,
 * `file.hashes.quickXorHash`): each byte is XORed into a 160-bit circular register at a bit
 * position that moves 11 bits per byte; the length (64-bit little-endian) is XORed into the last
 * 8 bytes at the end; base64. A copy whose name is taken compares it to tell its own earlier
 * upload (a rerun after a crash) from another file.
 */
const WIDTH_BYTES = 20;
const WIDTH_BITS = 160;
const SHIFT = 11;

export class QuickXorHash {
  private readonly register = new Uint8Array(WIDTH_BYTES);
  private length = 0n;
  private position = 0;

  update(bytes: Uint8Array): this {
    const reg = this.register;
    let position = this.position;
    for (let i = 0; i < bytes.length; i++) {
      const value = bytes[i]! << (position & 7);
      const at = position >> 3;
      reg[at] = reg[at]! ^ (value & 0xff);
      const next = at + 1 === WIDTH_BYTES ? 0 : at + 1;
      reg[next] = reg[next]! ^ (value >> 8);
      position += SHIFT;
      if (position >= WIDTH_BITS) position -= WIDTH_BITS;
    }
    this.position = position;
    this.length += BigInt(bytes.length);
    return this;
  }

  digest(): string {
    const out = Buffer.from(this.register);
    const length = Buffer.alloc(8);
    length.writeBigUInt64LE(this.length);
    for (let i = 0; i < 8; i++) out[WIDTH_BYTES - 8 + i] = out[WIDTH_BYTES - 8 + i]! ^ length[i]!;
    return out.toString('base64');
  }
}

export const quickXorHash = (bytes: Uint8Array): string => new QuickXorHash().update(bytes).digest();
