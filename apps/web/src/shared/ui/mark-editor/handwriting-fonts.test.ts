import { afterEach, describe, expect, it, vi } from 'vitest';

type Added = { family: string; source: string; descriptors: FontFaceDescriptors };

/** A FontFaceSet and FontFace of our own: jsdom has neither. */
function installFakeFonts() {
  const added: Added[] = [];
  const loads: { font: string; text: string }[] = [];
  class FakeFontFace {
    constructor(
      public family: string,
      public source: string,
      public descriptors: FontFaceDescriptors,
    ) {}
  }
  vi.stubGlobal('FontFace', FakeFontFace);
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: {
      add: (face: FakeFontFace) => added.push(face),
      load: (font: string, text: string) => {
        loads.push({ font, text });
        return font.includes('Great Vibes') ? Promise.reject(new Error('offline')) : Promise.resolve([]);
      },
    },
  });
  return { added, loads };
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('handwriting fonts', () => {
  it('registers the shipped faces once, subset by script, and loads each family for the typed text', async () => {
    const fake = installFakeFonts();
    const { loadHandwritingFonts, HANDWRITING_FAMILIES } = await import('./handwriting-fonts');
    await loadHandwritingFonts('अदिति Rao');
    await loadHandwritingFonts('Aditi Rao');

    // Seven files: Latin and Latin Extended of each font, and Kalam's Devanagari.
    expect(fake.added).toHaveLength(7);
    expect(new Set(fake.added.map((face) => face.family))).toEqual(
      new Set(Object.values(HANDWRITING_FAMILIES)),
    );
    for (const face of fake.added) {
      expect(face.source).toMatch(/^url\(.+\.woff2\) format\('woff2'\)$/);
      expect(face.descriptors.unicodeRange).toBeTruthy();
    }
    const devanagari = fake.added.filter((face) => face.descriptors.unicodeRange?.includes('U+0900-097F'));
    expect(devanagari.map((face) => face.family)).toEqual([HANDWRITING_FAMILIES.handwriting]);
    expect(fake.loads.slice(0, 3)).toEqual(
      Object.values(HANDWRITING_FAMILIES).map((family) => ({
        font: `400 32px '${family}'`,
        text: 'अदिति Rao',
      })),
    );
  });

  it('resolves when a font cannot load, so typing still works with the device fonts', async () => {
    installFakeFonts();
    const { loadHandwritingFonts } = await import('./handwriting-fonts');
    await expect(loadHandwritingFonts('')).resolves.toBeUndefined();
  });

  it('names each shipped font first in its style, with a device font behind it', async () => {
    installFakeFonts();
    const { TYPE_FONTS } = await import('./mark-render');
    const { HANDWRITING_FAMILIES } = await import('./handwriting-fonts');
    for (const id of ['brush', 'script', 'handwriting'] as const) {
      const style = TYPE_FONTS.find((font) => font.id === id);
      expect(style?.family.startsWith(`'${HANDWRITING_FAMILIES[id]}', `)).toBe(true);
      expect(style?.family.endsWith('cursive')).toBe(true);
    }
  });
});
