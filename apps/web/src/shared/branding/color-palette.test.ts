import { describe, expect, it } from 'vitest';
import { BASE_SHADE, generatePalette, luminance, parseHex } from './color-palette';

describe('generatePalette', () => {
  it('gives ten hex shades with the colour itself at shade 6', () => {
    const palette = generatePalette('#F27E0C');
    expect(palette).toHaveLength(10);
    for (const shade of palette) expect(shade).toMatch(/^#[0-9a-f]{6}$/);
    expect(palette[BASE_SHADE]).toBe('#f27e0c');
  });

  it('goes from light to dark', () => {
    const palette = generatePalette('#EF2333');
    const values = palette.map(luminance);
    for (let i = 1; i < values.length; i += 1) expect(values[i]).toBeLessThan(values[i - 1] ?? 1);
    expect(values[0]).toBeGreaterThan(0.8);
  });

  it('accepts short hex and no hash, and falls back to grey for garbage', () => {
    expect(generatePalette('f80')[BASE_SHADE]).toBe('#ff8800');
    expect(generatePalette('not a colour')[BASE_SHADE]).toBe('#868e96');
  });
});

describe('parseHex', () => {
  it('parses 3 and 6 digits', () => {
    expect(parseHex('#fff')).toEqual([255, 255, 255]);
    expect(parseHex('#F27E0C')).toEqual([242, 126, 12]);
    expect(parseHex('#12345')).toBeNull();
  });
});
