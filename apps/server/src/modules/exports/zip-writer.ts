import type { Writable } from 'node:stream';
import { finished } from 'node:stream/promises';
import zlib from 'node:zlib';

/*
 * A zip archive written entry after entry into a stream, in constant memory: the workbook's
 * package. Small parts are added whole; a sheet is streamed: its text is encoded into a few
 * reused buffers (no buffer allocated per write, so no garbage waiting for a full collection), the
 * CRC is zlib's native one, the deflating runs on libuv's thread pool (level 1), and its output
 * goes to the stream as it comes, waiting when the stream is behind. Sizes and CRC of a streamed
 * entry follow its data (a data descriptor); ZIP64 records are written when sizes or offsets pass
 * 4 GiB (as yazl did before: a 24-byte descriptor and the central directory's extra field).
 */

const LOCAL_HEADER = 0x04034b50;
const DATA_DESCRIPTOR = 0x08074b50;
const CENTRAL_HEADER = 0x02014b50;
const END_OF_CENTRAL_DIRECTORY = 0x06054b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const MAX32 = 0xffffffff;
/** Bit 3: sizes and CRC in a data descriptor; bit 11: names are UTF-8. */
const FLAG_DESCRIPTOR = 0x0008;
const FLAG_UTF8 = 0x0800;
const DEFLATE = 8;
const VERSION = 20;
const VERSION_ZIP64 = 45;
/** Made by: UNIX (3), spec 4.5; files readable by all (0644). */
const MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_MODE = 0o100644 << 16;

/** Bytes of one reused text buffer of a streamed entry. */
const TEXT_BUFFER_BYTES = 256 * 1024;
/** Reused text buffers per streamed entry: one filled while the others are deflated. */
const TEXT_BUFFERS = 3;
/** Characters of a long text written at once into an empty buffer. */
const PIECE_CHARS = Math.floor(TEXT_BUFFER_BYTES / 3);

type Entry = {
  name: Buffer;
  flags: number;
  crc: number;
  compressed: number;
  size: number;
  offset: number;
};

/** MS-DOS time and date of a moment (local fields as UTC, 2-second steps). */
function dosTime(at: Date): { time: number; date: number } {
  return {
    time: (at.getUTCHours() << 11) | (at.getUTCMinutes() << 5) | (at.getUTCSeconds() >> 1),
    date: ((at.getUTCFullYear() - 1980) << 9) | ((at.getUTCMonth() + 1) << 5) | at.getUTCDate(),
  };
}

function writeUInt64(buffer: Buffer, value: number, at: number): void {
  buffer.writeUInt32LE(value % 0x1_0000_0000, at);
  buffer.writeUInt32LE(Math.floor(value / 0x1_0000_0000), at + 4);
}

/** The data descriptor after a streamed entry: CRC and sizes (8-byte sizes past 4 GiB). */
function dataDescriptor(entry: Entry): Buffer {
  const zip64 = entry.size >= MAX32 || entry.compressed >= MAX32;
  const descriptor = Buffer.alloc(zip64 ? 24 : 16);
  descriptor.writeUInt32LE(DATA_DESCRIPTOR, 0);
  descriptor.writeUInt32LE(entry.crc, 4);
  if (zip64) {
    writeUInt64(descriptor, entry.compressed, 8);
    writeUInt64(descriptor, entry.size, 16);
  } else {
    descriptor.writeUInt32LE(entry.compressed, 8);
    descriptor.writeUInt32LE(entry.size, 12);
  }
  return descriptor;
}

/** The text of one streamed entry: `write` returns a promise only when it has to wait. */
export type ZipTextEntry = {
  write: (text: string) => Promise<void> | undefined;
  end: () => Promise<void>;
};

export class ZipWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;
  private readonly stamp = dosTime(new Date());
  private failure: Error | null = null;

  constructor(
    private readonly out: Writable,
    private readonly level = 1,
  ) {
    out.on('error', (err: Error) => {
      this.failure ??= err;
    });
    out.on('close', () => {
      this.failure ??= new Error('The zip output was closed');
    });
  }

  /** Writes to the output, waiting while it is behind (or failing once it is closed). */
  private async put(bytes: Buffer): Promise<void> {
    this.check();
    this.offset += bytes.length;
    if (!this.out.write(bytes)) await this.drained();
  }

  private check(): void {
    if (this.failure) throw this.failure;
  }

  private async drained(): Promise<void> {
    await new Promise<void>((resolve) => {
      const done = () => {
        this.out.off('drain', done);
        this.out.off('close', done);
        resolve();
      };
      this.out.on('drain', done);
      this.out.on('close', done);
    });
    this.check();
  }

  private localHeader(entry: Entry, known: boolean): Buffer {
    const header = Buffer.alloc(30 + entry.name.length);
    header.writeUInt32LE(LOCAL_HEADER, 0);
    header.writeUInt16LE(VERSION, 4);
    header.writeUInt16LE(entry.flags, 6);
    header.writeUInt16LE(DEFLATE, 8);
    header.writeUInt16LE(this.stamp.time, 10);
    header.writeUInt16LE(this.stamp.date, 12);
    if (known) {
      header.writeUInt32LE(entry.crc, 14);
      header.writeUInt32LE(entry.compressed, 18);
      header.writeUInt32LE(entry.size, 22);
    }
    header.writeUInt16LE(entry.name.length, 26);
    entry.name.copy(header, 30);
    return header;
  }

  /** A small part, deflated at once (its sizes in its header). */
  async addFile(name: string, data: Buffer | string): Promise<void> {
    const bytes = typeof data === 'string' ? Buffer.from(data) : data;
    const deflated = zlib.deflateRawSync(bytes, { level: this.level });
    const entry: Entry = {
      name: Buffer.from(name),
      flags: FLAG_UTF8,
      crc: zlib.crc32(bytes),
      compressed: deflated.length,
      size: bytes.length,
      offset: this.offset,
    };
    if (entry.size >= MAX32 || entry.compressed >= MAX32) throw new Error('Part too large for addFile');
    this.entries.push(entry);
    await this.put(this.localHeader(entry, true));
    await this.put(deflated);
  }

  /** A streamed entry (a sheet): text in, deflated out; `end` before the next entry. */
  async openText(name: string): Promise<ZipTextEntry> {
    const entry: Entry = {
      name: Buffer.from(name),
      flags: FLAG_UTF8 | FLAG_DESCRIPTOR,
      crc: 0,
      compressed: 0,
      size: 0,
      offset: this.offset,
    };
    this.entries.push(entry);
    await this.put(this.localHeader(entry, false));
    const deflate = zlib.createDeflateRaw({ level: this.level, chunkSize: 64 * 1024 });
    const free = Array.from({ length: TEXT_BUFFERS }, () => Buffer.allocUnsafe(TEXT_BUFFER_BYTES));
    const waiting: (() => void)[] = [];
    let failed: Error | null = null;
    const fail = (err: Error) => {
      failed ??= err;
      for (const wake of waiting.splice(0)) wake();
      deflate.destroy();
    };
    deflate.on('error', fail);
    const pumped = this.pump(deflate, entry).catch(fail);
    let buffer = free.pop()!;
    let used = 0;

    /** Hands the filled buffer to the deflater and takes a free one (waiting for it when none is). */
    const flush = async (): Promise<void> => {
      const full = buffer;
      const bytes = full.subarray(0, used);
      entry.crc = zlib.crc32(bytes, entry.crc);
      entry.size += used;
      used = 0;
      deflate.write(bytes, () => {
        free.push(full);
        waiting.shift()?.();
      });
      while (free.length === 0 && !failed) await new Promise<void>((resolve) => waiting.push(resolve));
      if (failed) throw failed;
      buffer = free.pop()!;
    };
    /** Text that does not fit the buffer's room: in pieces that each fit an empty buffer. */
    const append = async (text: string): Promise<void> => {
      for (let at = 0; at < text.length;) {
        let end = Math.min(text.length, at + PIECE_CHARS);
        // A surrogate pair is never split.
        const last = text.charCodeAt(end - 1);
        if (end < text.length && last >= 0xd800 && last <= 0xdbff) end -= 1;
        const piece = at === 0 && end === text.length ? text : text.slice(at, end);
        if (used + piece.length * 3 > TEXT_BUFFER_BYTES) await flush();
        used += buffer.write(piece, used);
        at = end;
      }
    };
    return {
      write: (text) => {
        if (failed) return Promise.reject(failed);
        // UTF-8 takes at most 3 bytes per UTF-16 unit.
        if (used + text.length * 3 > TEXT_BUFFER_BYTES) return append(text);
        used += buffer.write(text, used);
        return undefined;
      },
      end: async () => {
        if (used > 0 && !failed) await flush();
        deflate.end();
        await pumped;
        if (failed) throw failed;
        await this.put(dataDescriptor(entry));
      },
    };
  }

  /** Copies the deflater's output to the zip's output (waiting on it); resolves at its end. */
  private async pump(deflate: zlib.DeflateRaw, entry: Entry): Promise<void> {
    for await (const chunk of deflate as AsyncIterable<Buffer>) {
      entry.compressed += chunk.length;
      await this.put(chunk);
    }
  }

  /** The central directory and its end: the archive is complete, the output ended. */
  async finish(): Promise<void> {
    const start = this.offset;
    for (const entry of this.entries) await this.put(this.centralHeader(entry));
    const size = this.offset - start;
    const zip64 = start >= MAX32 || size >= MAX32 || this.entries.length >= 0xffff;
    if (zip64) await this.put(this.zip64End(start, size));
    const end = Buffer.alloc(22);
    end.writeUInt32LE(END_OF_CENTRAL_DIRECTORY, 0);
    end.writeUInt16LE(Math.min(this.entries.length, 0xffff), 8);
    end.writeUInt16LE(Math.min(this.entries.length, 0xffff), 10);
    end.writeUInt32LE(Math.min(size, MAX32), 12);
    end.writeUInt32LE(Math.min(start, MAX32), 16);
    await this.put(end);
    this.out.end();
    await finished(this.out);
  }

  private centralHeader(entry: Entry): Buffer {
    const zip64 = entry.size >= MAX32 || entry.compressed >= MAX32 || entry.offset >= MAX32;
    const extra = zip64 ? 28 : 0;
    const header = Buffer.alloc(46 + entry.name.length + extra);
    header.writeUInt32LE(CENTRAL_HEADER, 0);
    header.writeUInt16LE(MADE_BY, 4);
    header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION, 6);
    header.writeUInt16LE(entry.flags, 8);
    header.writeUInt16LE(DEFLATE, 10);
    header.writeUInt16LE(this.stamp.time, 12);
    header.writeUInt16LE(this.stamp.date, 14);
    header.writeUInt32LE(entry.crc, 16);
    header.writeUInt32LE(zip64 ? MAX32 : entry.compressed, 20);
    header.writeUInt32LE(zip64 ? MAX32 : entry.size, 24);
    header.writeUInt16LE(entry.name.length, 28);
    header.writeUInt16LE(extra, 30);
    header.writeUInt32LE(FILE_MODE >>> 0, 38);
    header.writeUInt32LE(zip64 ? MAX32 : entry.offset, 42);
    entry.name.copy(header, 46);
    if (zip64) {
      const at = 46 + entry.name.length;
      header.writeUInt16LE(0x0001, at);
      header.writeUInt16LE(24, at + 2);
      writeUInt64(header, entry.size, at + 4);
      writeUInt64(header, entry.compressed, at + 12);
      writeUInt64(header, entry.offset, at + 20);
    }
    return header;
  }

  /** The ZIP64 end of central directory record and its locator. */
  private zip64End(start: number, size: number): Buffer {
    const record = Buffer.alloc(56 + 20);
    record.writeUInt32LE(ZIP64_END, 0);
    writeUInt64(record, 44, 4);
    record.writeUInt16LE(MADE_BY, 12);
    record.writeUInt16LE(VERSION_ZIP64, 14);
    writeUInt64(record, this.entries.length, 24);
    writeUInt64(record, this.entries.length, 32);
    writeUInt64(record, size, 40);
    writeUInt64(record, start, 48);
    record.writeUInt32LE(ZIP64_LOCATOR, 56);
    writeUInt64(record, this.offset, 64);
    record.writeUInt32LE(1, 72);
    return record;
  }
}
