import { FIELD_FONTS } from '@esigns/contracts/documents';
import type { TFontInfo } from '@esigns/contracts/files';

type FieldFont = (typeof FIELD_FONTS)[number];

// ISO 15924 script codes each font can draw. The three standard PDF fonts carry only
// WinAnsi (Western European Latin); Noto Sans adds Greek and Cyrillic.
const DESCRIPTIONS: Record<FieldFont, Omit<TFontInfo, 'family'>> = {
  Helvetica: { label: 'Helvetica', scripts: ['Latn'] },
  'Times-Roman': { label: 'Times', scripts: ['Latn'] },
  Courier: { label: 'Courier', scripts: ['Latn'] },
  NotoSans: { label: 'Noto Sans', scripts: ['Latn', 'Grek', 'Cyrl'] },
  NotoSansDevanagari: { label: 'Noto Sans Devanagari', scripts: ['Deva', 'Latn'] },
};

/** The fonts a field's text may use (`FIELD_FONTS`), in that order, with what they can write. */
export function getFonts(): TFontInfo[] {
  return FIELD_FONTS.map((family) => ({ family, ...DESCRIPTIONS[family] }));
}
