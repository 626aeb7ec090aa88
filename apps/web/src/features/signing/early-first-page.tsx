import { Text } from '@mantine/core';
import type { TESignRecord } from '@esigns/contracts/signing';
import { CAPTION_HEIGHT, MAX_ZOOM, PAGES_PADDING_START } from './signing-layout';

/** Until when the app keeps the early page over its own screens (static-pages/hand-over.ts). */
export const EARLY_PAGE_UNTIL =
  '[data-testid="page-image-1"][data-loaded="true"], [data-testid="page-canvas-1"][data-drawn="true"]';

const PHONE_PADDING = 8;
const SHADOW = '0 1px 4px rgba(0, 0, 0, 0.18)';

/**
 * The document's first page, as "Review and sign" pressed before the app has run shows it on the
 * landing the server drew (static-pages/drawn-landing.tsx): the signing view's frame (FirstPagePreview:
 * the title bar, the page where the view draws it) over the landing, with the server's image of the
 * page, which the browser fetched with the landing. The app keeps it on screen until its own view
 * shows the page (EARLY_PAGE_UNTIL). Inline styles: the signing view's style sheet is not on the
 * landing's page; the sizes follow signing-layout.ts as CSS.
 */
export function EarlyFirstPage({ record, image }: { record: TESignRecord; image: string }) {
  const first = record.pages[0];
  if (!first) return null;
  const widest = Math.max(1, ...record.pages.map((page) => page.width));
  const share = first.width / widest;
  return (
    <div
      data-testid="early-first-page"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 100,
        display: 'flex',
        flexDirection: 'column',
        background: 'var(--mantine-color-gray-1)',
      }}
    >
      <div
        style={{
          flex: 'none',
          display: 'flex',
          alignItems: 'center',
          padding: '8px 12px',
          minHeight: 56,
          background: 'var(--mantine-color-white)',
          borderBottom: '1px solid var(--mantine-color-gray-3)',
        }}
      >
        <Text fw={600} truncate style={{ flex: 1, minWidth: 0 }}>
          {record.document.name}
        </Text>
      </div>
      <div style={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        <div
          style={{
            position: 'relative',
            margin: `${PAGES_PADDING_START + CAPTION_HEIGHT}px auto 0`,
            width: `min(calc((100% - ${2 * PHONE_PADDING}px) * ${share}), ${first.width * MAX_ZOOM}px)`,
            aspectRatio: `${first.width} / ${first.height}`,
            background: 'var(--mantine-color-white)',
            boxShadow: SHADOW,
          }}
        >
          <img
            src={image}
            alt={`Page 1 of ${record.pages.length}`}
            data-testid="page-image-1"
            data-loaded="false"
            style={{ position: 'absolute', inset: 0, width: '100%', height: '100%' }}
          />
        </div>
      </div>
    </div>
  );
}
