import { describe, expect, it } from 'vitest';
import {
  adjustBackgroundFor,
  adjustForContrast,
  brandingContrastIssues,
  contrastRatio,
  mailLinkColour,
  readableTextOn,
} from './contrast';

describe('contrast', () => {
  it('measures WCAG contrast ratios', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBe(21);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    expect(contrastRatio('#777777', '#ffffff')).toBe(4.47);
    expect(contrastRatio('#767676', '#fff')).toBe(4.54);
    expect(contrastRatio('orange', '#ffffff')).toBeNull();
  });

  it('picks the text that reads on a colour, always at least 4.5:1', () => {
    expect(readableTextOn('#0055aa')).toBe('#ffffff');
    expect(readableTextOn('#F27E0C')).toBe('#000000');
    for (let grey = 0; grey <= 255; grey += 5) {
      const hex = `#${grey.toString(16).padStart(2, '0').repeat(3)}`;
      expect(contrastRatio(readableTextOn(hex), hex)).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('adjusts a colour to the nearest one that reads, and keeps one that already does', () => {
    expect(adjustForContrast('#0b5394', '#ffffff')).toBe('#0b5394');
    const darker = adjustForContrast('#F27E0C', '#ffffff');
    expect(contrastRatio(darker, '#ffffff')).toBeGreaterThanOrEqual(4.5);
    // One step less dark does not read yet: it is the nearest.
    expect(darker).not.toBe('#000000');
    const lighter = adjustForContrast('#444444', '#222222');
    expect(contrastRatio(lighter, '#222222')).toBeGreaterThanOrEqual(4.5);
    expect(adjustBackgroundFor('#ffffff', '#F27E0C')).toBe(adjustForContrast('#F27E0C', '#ffffff'));
  });

  it('derives the mail link colour from the primary unless the company set one', () => {
    expect(mailLinkColour({ primary_color: '#0055aa', link_color: '' })).toBe('#0055aa');
    expect(contrastRatio(mailLinkColour({ primary_color: '#F27E0C' }), '#ffffff')).toBeGreaterThanOrEqual(
      4.5,
    );
    expect(mailLinkColour({ primary_color: '#F27E0C', link_color: '#5f3dc4' })).toBe('#5f3dc4');
  });

  it('names the branding pairs whose text does not read', () => {
    expect(
      brandingContrastIssues({
        dialog_header_color: '#1f2937',
        dialog_header_text_color: '#ffffff',
        link_color: '',
      }),
    ).toEqual([]);
    const issues = brandingContrastIssues({
      dialog_header_color: '#eeeeee',
      dialog_header_text_color: '#aaaaaa',
      link_color: '#ffff00',
    });
    expect(issues.map((issue) => issue.key)).toEqual(['dialog_header_text_color', 'link_color']);
    for (const issue of issues) expect(issue.ratio).toBeLessThan(4.5);
    expect(contrastRatio(issues[0]?.suggestion ?? '', '#eeeeee')).toBeGreaterThanOrEqual(4.5);
  });
});
