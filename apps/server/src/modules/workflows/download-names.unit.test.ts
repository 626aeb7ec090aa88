import { describe, expect, it } from 'vitest';
import { extensionOf, safeFileName, stepNumber, UniqueNames } from './download-names';

describe('packet file names', () => {
  it('are safe on every OS', () => {
    const cases: [string, string][] = [
      ['Lease', 'Lease'],
      ['A/B\\C:D*E?F"G<H>I|J', 'A_B_C_D_E_F_G_H_I_J'],
      ['Tab\there\nnewline', 'Tab_here_newline'],
      ['ends with dots...', 'ends with dots'],
      ['  spaced   out  ', 'spaced out'],
      ['CON', '_CON'],
      ['lpt1.txt', '_lpt1.txt'],
      ['..', 'file'],
      ['', 'file'],
      ['राहुल शर्मा', 'राहुल शर्मा'],
      ['lone \uD800 surrogate', 'lone surrogate'],
    ];
    for (const [input, expected] of cases) expect(safeFileName(input), JSON.stringify(input)).toBe(expected);
    expect([...safeFileName('é'.repeat(300))]).toHaveLength(120);
  });

  it('are unique whatever the case, numbered in order', () => {
    const names = new UniqueNames();
    expect(names.take('01 - Lease', '.pdf')).toBe('01 - Lease.pdf');
    expect(names.take('01 - LEASE', '.pdf')).toBe('01 - LEASE (2).pdf');
    expect(names.take('01 - Lease', '.pdf')).toBe('01 - Lease (3).pdf');
    expect(stepNumber(3, 9)).toBe('03');
    expect(stepNumber(7, 120)).toBe('007');
    expect(extensionOf('Scan.JPG', 'image/jpeg')).toBe('.jpg');
    expect(extensionOf('scan', 'image/png')).toBe('.png');
    expect(extensionOf('scan', 'application/x-unknown')).toBe('');
  });
});
