import { describe, expect, it } from 'vitest';
import { DEFAULT_BRANDING } from '@esigns/contracts/branding-defaults';
import { contrastRatio } from '@esigns/contracts/contrast';
import { brandingChanges, colourErrors, contrastWarnings, fullHex, valuesOf } from './branding-model';
import { checkLogoFile } from './company-logo-card';

const readable = {
  primary_color: '#0055aa',
  secondary_color: '#7048e8',
  dialog_header_color: '#1f2937',
  dialog_header_text_color: '#ffffff',
  link_color: '',
};

describe('branding form model', () => {
  it('starts from the saved branding, short colours made full', () => {
    expect(fullHex('#EEE')).toBe('#eeeeee');
    expect(valuesOf(DEFAULT_BRANDING)).toEqual({
      primary_color: '#F27E0C',
      secondary_color: '#EF2333',
      dialog_header_color: '#eeeeee',
      dialog_header_text_color: '#6c6c6c',
      link_color: '',
    });
  });

  it('sends only the colours that changed', () => {
    const values = { ...valuesOf(DEFAULT_BRANDING), primary_color: '#f27e0c', link_color: '#0b5394' };
    expect(brandingChanges(values, DEFAULT_BRANDING)).toEqual({ link_color: '#0b5394' });
  });

  it('checks every colour is #rrggbb, the link colour may be empty', () => {
    expect(colourErrors(readable)).toEqual({});
    expect(colourErrors({ ...readable, primary_color: 'orange', link_color: '#12' })).toEqual({
      primary_color: 'Use a colour like #1a2b3c',
      link_color: 'Use a colour like #1a2b3c, or leave it empty',
    });
  });

  it('warns of nothing when every text reads', () => {
    expect(contrastWarnings(readable)).toEqual([]);
  });

  it('warns when white text does not read on the primary, offering a darker primary that keeps it', () => {
    const [warning] = contrastWarnings({ ...readable, primary_color: '#F27E0C' });
    expect(warning).toMatchObject({ field: 'primary_color', blocking: false });
    expect(warning?.message).toMatch(/^White text is 2\.\d\d:1 on the primary colour/);
    expect(contrastRatio('#ffffff', warning?.adjusted ?? '')).toBeGreaterThanOrEqual(4.5);
  });

  it('blocks dialog header text and mail links that do not read, with the colour that does', () => {
    const warnings = contrastWarnings({
      ...readable,
      dialog_header_color: '#eeeeee',
      dialog_header_text_color: '#aaaaaa',
      link_color: '#ffff00',
    });
    expect(warnings.map((w) => [w.field, w.blocking])).toEqual([
      ['dialog_header_text_color', true],
      ['link_color', true],
    ]);
    expect(contrastRatio(warnings[0]?.adjusted ?? '', '#eeeeee')).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(warnings[1]?.adjusted ?? '', '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // A colour that is not valid yet gives a field error, not a warning.
    expect(contrastWarnings({ ...readable, dialog_header_text_color: '#aa' })).toEqual([]);
  });

  it('refuses logo files that are not small PNG, JPEG or WebP images', () => {
    expect(checkLogoFile({ type: 'image/png', size: 2000 })).toBeNull();
    expect(checkLogoFile({ type: 'image/gif', size: 2000 })).toBe('Choose a PNG, JPEG or WebP image');
    expect(checkLogoFile({ type: 'image/webp', size: 2 * 1024 * 1024 })).toBe(
      'The logo must be at most 1 MB',
    );
  });
});
