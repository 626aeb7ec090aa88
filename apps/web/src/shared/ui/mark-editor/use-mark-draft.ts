import { useRef, useState } from 'react';
import { exportDrawing, type DrawHandle } from './draw-pad';
import { loadHandwritingFonts } from './handwriting-fonts';
import { PEN_COLORS, TYPE_FONTS, renderTypedMark, type PenColor, type TypeFontId } from './mark-render';
import { MARK_WORDS, type MarkKind } from './mark-words';
import { useMarkUpload, type WhiteBackground } from './upload-panel';

export type MarkTab = 'saved' | 'draw' | 'type' | 'upload';

/** The editor's state: the tab, the drawing, the typed text and font, the picture picked. */
export function useMarkDraft(
  kind: MarkKind,
  defaultText: string,
  saved: string | null,
  whiteBackground: WhiteBackground,
) {
  const words = MARK_WORDS[kind];
  const padRef = useRef<DrawHandle | null>(null);
  const [tab, setTab] = useState<MarkTab>(saved ? 'saved' : 'draw');
  const [color, setColor] = useState<PenColor>(PEN_COLORS[0].value);
  const [hasInk, setHasInk] = useState(false);
  const [text, setText] = useState(defaultText);
  const [fontId, setFontId] = useState<TypeFontId>(TYPE_FONTS[0].id);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useMarkUpload(whiteBackground, setProblem);

  /** The picture of the open tab as a PNG data URL; throws what is missing. */
  const build = async (): Promise<string> => {
    if (tab === 'saved' && saved) return saved;
    if (tab === 'draw') {
      const drawing = exportDrawing(padRef.current);
      if (!drawing) throw new Error(`Draw your ${words.noun} first`);
      return drawing;
    }
    if (tab === 'type') {
      if (!text.trim()) throw new Error(`Type your ${words.typed} first`);
      // The canvas draws with whatever font is there: wait for the one the cards showed.
      await loadHandwritingFonts(text);
      return renderTypedMark(text, fontId, color);
    }
    if (!upload.upload) throw new Error(`Choose a picture of your ${words.noun} first`);
    return upload.upload.dataUrl;
  };

  const isReady = {
    saved: Boolean(saved),
    draw: hasInk,
    type: text.trim().length > 0,
    upload: upload.upload !== null,
  }[tab];

  const openTab = (next: MarkTab) => {
    setTab(next);
    setProblem(null);
  };

  return {
    tab,
    openTab,
    padRef,
    setHasInk,
    color,
    setColor,
    text,
    setText,
    fontId,
    setFontId,
    problem,
    setProblem,
    upload,
    build,
    isReady,
  };
}
