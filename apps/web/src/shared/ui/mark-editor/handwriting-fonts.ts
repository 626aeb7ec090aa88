import { useEffect } from 'react';
import dancingLatinExt from '@fontsource/dancing-script/files/dancing-script-latin-ext-400-normal.woff2?url';
import dancingLatin from '@fontsource/dancing-script/files/dancing-script-latin-400-normal.woff2?url';
import greatVibesLatinExt from '@fontsource/great-vibes/files/great-vibes-latin-ext-400-normal.woff2?url';
import greatVibesLatin from '@fontsource/great-vibes/files/great-vibes-latin-400-normal.woff2?url';
import kalamDevanagari from '@fontsource/kalam/files/kalam-devanagari-400-normal.woff2?url';
import kalamLatinExt from '@fontsource/kalam/files/kalam-latin-ext-400-normal.woff2?url';
import kalamLatin from '@fontsource/kalam/files/kalam-latin-400-normal.woff2?url';

/**
 * The handwriting fonts of typed signatures, shipped with the app (SIL Open Font Licence, from
 * Fontsource): Dancing Script ("Brush"), Great Vibes ("Script") and Kalam ("Handwriting", which
 * also writes Devanagari). Subset by script: the browser fetches only the files whose
 * `unicode-range` the typed text uses, and only when the signature editor asks. Family names of
 * our own, so a font of the same name installed on the device never stands in for them.
 * The PNG drawn with them is what the sealed PDF stamps: the signer and the PDF see the same.
 */
export const HANDWRITING_FAMILIES = {
  brush: 'eSigns Dancing Script',
  script: 'eSigns Great Vibes',
  handwriting: 'eSigns Kalam',
} as const;

const LATIN =
  'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD';
const LATIN_EXT =
  'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF';
const DEVANAGARI =
  'U+0900-097F,U+1CD0-1CF9,U+200C-200D,U+20A8,U+20B9,U+20F0,U+25CC,U+A830-A839,U+A8E0-A8FF,U+11B00-11B09';

const FACES: { family: string; url: string; unicodeRange: string }[] = [
  { family: HANDWRITING_FAMILIES.brush, url: dancingLatin, unicodeRange: LATIN },
  { family: HANDWRITING_FAMILIES.brush, url: dancingLatinExt, unicodeRange: LATIN_EXT },
  { family: HANDWRITING_FAMILIES.script, url: greatVibesLatin, unicodeRange: LATIN },
  { family: HANDWRITING_FAMILIES.script, url: greatVibesLatinExt, unicodeRange: LATIN_EXT },
  { family: HANDWRITING_FAMILIES.handwriting, url: kalamLatin, unicodeRange: LATIN },
  { family: HANDWRITING_FAMILIES.handwriting, url: kalamLatinExt, unicodeRange: LATIN_EXT },
  { family: HANDWRITING_FAMILIES.handwriting, url: kalamDevanagari, unicodeRange: DEVANAGARI },
];

let registered = false;

/** Adds the faces to the page once (nothing is fetched until text needs them). */
function register(): boolean {
  if (typeof document === 'undefined' || !document.fonts || typeof FontFace === 'undefined') return false;
  if (!registered) {
    for (const face of FACES) {
      document.fonts.add(
        new FontFace(face.family, `url(${face.url}) format('woff2')`, {
          unicodeRange: face.unicodeRange,
          display: 'swap',
        }),
      );
    }
    registered = true;
  }
  return true;
}

/**
 * Loads the handwriting fonts for `text` (the files of the scripts it uses). Resolves either way:
 * without the fonts (offline, an old browser) the styles fall back to the device's cursive fonts.
 */
export async function loadHandwritingFonts(text: string): Promise<void> {
  if (!register()) return;
  const sample = text.trim() || 'Signature';
  await Promise.all(
    Object.values(HANDWRITING_FAMILIES).map((family) =>
      document.fonts.load(`400 32px '${family}'`, sample).then(
        () => undefined,
        () => undefined,
      ),
    ),
  );
}

/** Starts loading the fonts the typed text needs, so the style cards show them. */
export function usePreloadHandwritingFonts(text: string): void {
  useEffect(() => {
    void loadHandwritingFonts(text);
  }, [text]);
}
