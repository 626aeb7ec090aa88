import { describe, expect, it } from 'vitest';
import { MAX_ZOOM, clampCrop, coverScale, imageRect, scaleCrop } from './crop-math';
import { groupSecret } from './totp-enrolment';
import { recoveryCodesText } from './recovery-codes-panel';

const landscape = { width: 800, height: 400 };

describe('crop maths', () => {
  it('covers the square with the shorter side', () => {
    expect(coverScale(landscape, 200)).toBe(0.5);
    expect(coverScale({ width: 100, height: 300 }, 300)).toBe(3);
  });

  it('centres the image at zoom 1 with no offset', () => {
    expect(imageRect({ zoom: 1, x: 0, y: 0 }, landscape, 200)).toEqual({
      x: -100,
      y: 0,
      width: 400,
      height: 200,
    });
  });

  it('never lets the image uncover the square', () => {
    // At zoom 1 the landscape image can move 100 px sideways and not at all vertically.
    expect(clampCrop({ zoom: 1, x: 500, y: -40 }, landscape, 200)).toEqual({ zoom: 1, x: 100, y: 0 });
    expect(clampCrop({ zoom: 2, x: -1000, y: 1000 }, landscape, 200)).toEqual({ zoom: 2, x: -300, y: 100 });
    expect(clampCrop({ zoom: 99, x: 0, y: 0 }, landscape, 200).zoom).toBe(MAX_ZOOM);
    expect(clampCrop({ zoom: 0.2, x: 0, y: 0 }, landscape, 200).zoom).toBe(1);
  });

  it('exports what the view shows at another size', () => {
    const view = { zoom: 2, x: -50, y: 20 };
    const big = scaleCrop(view, 200, 400);
    expect(big).toEqual({ zoom: 2, x: -100, y: 40 });
    const small = imageRect(view, landscape, 200);
    const large = imageRect(big, landscape, 400);
    expect(large.x).toBeCloseTo(small.x * 2);
    expect(large.width).toBeCloseTo(small.width * 2);
  });
});

describe('two-step helpers', () => {
  it('groups the key in fours', () => {
    expect(groupSecret('JBSWY3DPEHPK3PXP')).toBe('JBSW Y3DP EHPK 3PXP');
    expect(groupSecret('ABCDE')).toBe('ABCD E');
  });

  it('writes the recovery codes one per line', () => {
    const text = recoveryCodesText(['AAAA-1111', 'BBBB-2222'], 'e-Signs', 'ada@example.com');
    expect(text.split('\n')).toEqual([
      'e-Signs recovery codes for ada@example.com',
      'Each code signs you in once when you cannot use your second factor.',
      '',
      'AAAA-1111',
      'BBBB-2222',
      '',
    ]);
  });
});
