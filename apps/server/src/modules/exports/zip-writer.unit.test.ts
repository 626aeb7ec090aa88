import { PassThrough } from 'node:stream';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { ZipWriter } from './zip-writer';

/*
 * The workbook's zip writer read back with yauzl (which checks every entry's CRC and sizes against
 * its data): small parts, a streamed entry of many writes, a text longer than a buffer (split
 * between pieces without cutting a surrogate pair), and an output closed early.
 */

async function zipOf(write: (zip: ZipWriter) => Promise<void>): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await write(new ZipWriter(out));
  return Buffer.concat(chunks);
}

async function entriesOf(bytes: Buffer): Promise<Map<string, string>> {
  const zip = await yauzl.fromBufferPromise(bytes, {
    lazyEntries: true,
    autoClose: false,
    validateEntrySizes: true,
  });
  const found = new Map<string, string>();
  for await (const entry of zip.eachEntry()) {
    const stream = await zip.openReadStreamPromise(entry);
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    found.set(entry.fileName, Buffer.concat(parts).toString('utf8'));
  }
  zip.close();
  return found;
}

describe('ZipWriter', () => {
  it('writes parts and streamed text that read back whole, CRC and sizes checked', async () => {
    const rows = Array.from({ length: 20_000 }, (_, n) => `<row r="${n}">Ünïcödé ✓ ${n}</row>`);
    const long = `${'😀'.repeat(50_000)}a${'é'.repeat(100_000)}`;
    const bytes = await zipOf(async (zip) => {
      await zip.addFile('[Content_Types].xml', '<Types/>');
      const sheet = await zip.openText('xl/worksheets/sheet1.xml');
      for (const row of rows) await sheet.write(row);
      await sheet.write(long);
      await sheet.write('<end/>');
      await sheet.end();
      const second = await zip.openText('xl/worksheets/sheet2.xml');
      await second.end();
      await zip.finish();
    });
    const entries = await entriesOf(bytes);
    expect([...entries.keys()]).toEqual([
      '[Content_Types].xml',
      'xl/worksheets/sheet1.xml',
      'xl/worksheets/sheet2.xml',
    ]);
    expect(entries.get('[Content_Types].xml')).toBe('<Types/>');
    expect(entries.get('xl/worksheets/sheet1.xml')).toBe(`${rows.join('')}${long}<end/>`);
    expect(entries.get('xl/worksheets/sheet2.xml')).toBe('');
  });

  it('fails the writes once the output is closed', async () => {
    const out = new PassThrough({ highWaterMark: 1024 });
    const zip = new ZipWriter(out);
    const sheet = await zip.openText('sheet.xml');
    out.destroy();
    const writing = (async () => {
      for (let n = 0; n < 100_000; n += 1) await sheet.write(`<row>${n} ${Math.random()}</row>`);
      await sheet.end();
    })();
    await expect(writing).rejects.toThrow();
  });
});
