/** How the signing view lays out its pages (signing-pages.tsx), shared with the first page's preview. */

export const CAPTION_HEIGHT = 24;
export const PAGE_GAP = 16;
/** Space above the first page's caption. */
export const PAGES_PADDING_START = 8;
/** Largest zoom on wide screens (CSS pixels per point): a letter page about 1000 px wide at most. */
export const MAX_ZOOM = 1.6;

/** The horizontal space around the pages: narrow on phones, roomier on wide screens. */
export const paddingFor = (width: number) => (width < 600 ? 8 : 24);

/** CSS pixels per point for pages whose widest is `widest` points in a scroller `width` px wide. */
export const zoomFor = (width: number, widest: number) =>
  width > 0 ? Math.min(MAX_ZOOM, Math.max(0.2, (width - 2 * paddingFor(width)) / Math.max(1, widest))) : 1;
