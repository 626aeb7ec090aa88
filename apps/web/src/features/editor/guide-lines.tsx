import type { Guide } from './geometry';

/** Snapping guides, drawn in page coordinates scaled by `zoom`. */
export function GuideLines({ guides, zoom }: { guides: Guide[]; zoom: number }) {
  return (
    <>
      {guides.map((g, i) => (
        <div
          key={`${g.orientation}-${g.position}-${i}`}
          data-testid="snap-guide"
          aria-hidden
          style={{
            position: 'absolute',
            pointerEvents: 'none',
            zIndex: 5,
            background: '#E8590C',
            ...(g.orientation === 'vertical'
              ? {
                  left: g.position * zoom - 0.5,
                  top: g.from * zoom - 8,
                  width: 1,
                  height: (g.to - g.from) * zoom + 16,
                }
              : {
                  top: g.position * zoom - 0.5,
                  left: g.from * zoom - 8,
                  height: 1,
                  width: (g.to - g.from) * zoom + 16,
                }),
          }}
        />
      ))}
    </>
  );
}
