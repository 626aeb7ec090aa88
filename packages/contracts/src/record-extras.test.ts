import { describe, expect, it } from 'vitest';
import { ZFormField, type TFormFieldOf } from './nocode-fields';
import { isKeptFileType, recordFileProblem, recordFileType } from './record-extras';

const field = (input: Record<string, unknown>) =>
  ZFormField.parse({ key: 'f', label: 'F', ...input }) as TFormFieldOf<'FILE' | 'IMAGE'>;

describe('record files', () => {
  it('declares the type the extension names, else a kept browser type, else octet-stream', () => {
    expect(recordFileType({ name: 'sheet.csv', type: 'application/vnd.ms-excel' })).toBe('text/csv');
    expect(recordFileType({ name: 'scan', type: 'image/png' })).toBe('image/png');
    expect(recordFileType({ name: 'page', type: 'text/html' })).toBe('application/octet-stream');
    expect(recordFileType({ name: 'Photo.JPG', type: '' })).toBe('image/jpeg');
  });

  it('never keeps pages or scripts', () => {
    expect(isKeptFileType('text/html')).toBe(false);
    expect(isKeptFileType('image/svg+xml')).toBe(false);
    expect(isKeptFileType('application/pdf')).toBe(true);
    expect(isKeptFileType('application/octet-stream')).toBe(true);
  });

  it("checks a file against the field's rules, keyed", () => {
    const image = field({ type: 'IMAGE', max_size_mb: 1 });
    const ok = { name: 'a.png', mime_type: 'image/png', size: 100 };
    expect(recordFileProblem(image, ok)).toBeNull();
    expect(recordFileProblem(image, { ...ok, size: 2 * 1024 * 1024 })?.key).toBe('size');
    expect(recordFileProblem(image, { ...ok, size: 0 })?.key).toBe('size');
    expect(
      recordFileProblem(image, { name: 'a.pdf', mime_type: 'application/pdf', size: 1 })?.message,
    ).toMatch(/not an image/);
    expect(recordFileProblem(image, { ...ok, name: 'a.pdf' })?.key).toBe('mime_type');
    const pdfOnly = field({ type: 'FILE', allowed_file_types: ['.pdf'] });
    expect(
      recordFileProblem(pdfOnly, { name: 'x.pdf', mime_type: 'application/octet-stream', size: 5 }),
    ).toBeNull();
    expect(
      recordFileProblem(pdfOnly, { name: 'x.docx', mime_type: 'application/octet-stream', size: 5 })?.key,
    ).toBe('mime_type');
    const any = field({ type: 'FILE' });
    expect(recordFileProblem(any, { name: 'notes.csv', mime_type: 'text/plain', size: 5 })).toBeNull();
    expect(recordFileProblem(any, { name: 'x.html', mime_type: 'text/html', size: 5 })?.key).toBe(
      'mime_type',
    );
  });
});
