import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Loader, Text } from '@mantine/core';
import type { TESignRecord } from '@esigns/contracts/signing';
import { markFirstPageShown, useFirstPageImage } from './first-page-image';
import type { SignerAccess } from './signing-api';
import { CAPTION_HEIGHT, PAGES_PADDING_START, zoomFor } from './signing-layout';
import classes from './signing.module.css';

/**
 * What the signing view shows while its own code loads: the same frame with the document's first
 * page, the server's image of it placed where the view will draw it (signing-layout.ts), so that
 * the recipient reads the document at once and nothing moves when the view takes over.
 */
export function FirstPagePreview({ record, access }: { record: TESignRecord; access: SignerAccess }) {
  const image = useFirstPageImage(access, record);
  const scroller = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState(0);
  const [loaded, setLoaded] = useState(false);
  const [failed, setFailed] = useState(false);
  // Once the image is painted (the frame after its load) the view's code may be asked for.
  useEffect(() => {
    if (!loaded && !failed) return;
    let timer = 0;
    const frame = window.requestAnimationFrame(() => {
      timer = window.setTimeout(() => markFirstPageShown(access.documentId, record), 0);
    });
    return () => {
      window.cancelAnimationFrame(frame);
      window.clearTimeout(timer);
    };
  }, [loaded, failed, access.documentId, record]);
  // Measured before the first paint: the page shows at its final size straight away.
  useLayoutEffect(() => setMeasured(scroller.current?.clientWidth ?? 0), []);
  const width = measured || window.innerWidth;

  const first = record.pages[0];
  const zoom = zoomFor(width, Math.max(1, ...record.pages.map((page) => page.width)));
  return (
    <div className={classes.frame} data-testid="signing-preview">
      <div className={classes.header}>
        <Text fw={600} truncate className={classes.headerTitle}>
          {record.document.name}
        </Text>
      </div>
      <div ref={scroller} className={classes.scroller}>
        {first && (
          <div
            className={classes.previewPage}
            style={{
              marginTop: PAGES_PADDING_START + CAPTION_HEIGHT,
              width: first.width * zoom,
              height: first.height * zoom,
            }}
          >
            {image ? (
              <img
                src={image}
                alt={`Page 1 of ${record.pages.length}`}
                data-testid="page-image-1"
                data-loaded={loaded}
                onLoad={() => setLoaded(true)}
                onError={() => setFailed(true)}
              />
            ) : (
              <Loader size="sm" color="gray" />
            )}
          </div>
        )}
      </div>
    </div>
  );
}
