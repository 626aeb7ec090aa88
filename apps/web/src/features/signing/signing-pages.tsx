import { useImperativeHandle, useMemo, useRef, useState, type Ref } from 'react';
import { Text } from '@mantine/core';
import type { TPageSize } from '@esigns/contracts/files';
import type { TSignerField } from '@esigns/contracts/signing';
import { PageStack, usePageStack, useWidthReport } from '../editor/page-stack';
import type { PdfDocumentHandle } from '../editor/pdf/pdf-document';
import { SignerFieldBox, type AutoValues } from './signer-field-box';
import type { FieldValues } from './signing-progress';
import { CAPTION_HEIGHT, PAGE_GAP, PAGES_PADDING_START, zoomFor } from './signing-layout';
import classes from './signing.module.css';

export type SigningPagesHandle = {
  /** Scrolls the field into the upper part of the view. */
  scrollToField: (key: string) => void;
};

export type SigningPagesProps = {
  handle: Ref<SigningPagesHandle>;
  pdf: PdfDocumentHandle | null;
  pages: TPageSize[];
  fields: TSignerField[];
  /** The signer's own values by key; other recipients' values come with their fields. */
  values: FieldValues;
  errors: Record<string, string>;
  activeKey: string | null;
  color: string;
  auto: AutoValues;
  onActivate: (key: string) => void;
  /** The server's image of page 1, shown until pdf.js has drawn it. */
  firstPageImage?: string | null;
};

/**
 * The document's pages one under the other, fitted to the width and virtualised (only the pages
 * in view, and one either side, are in the DOM and drawn), with the fields over them.
 */
export function SigningPages({
  handle,
  pdf,
  pages,
  fields,
  values,
  errors,
  activeKey,
  color,
  auto,
  onActivate,
  firstPageImage = null,
}: SigningPagesProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);

  useWidthReport(scroller, setWidth);

  const zoom = zoomFor(width, Math.max(1, ...pages.map((page) => page.width)));

  const fieldsByPage = useMemo(() => {
    const map = new Map<number, TSignerField[]>();
    for (const field of fields) map.set(field.page, [...(map.get(field.page) ?? []), field]);
    return map;
  }, [fields]);

  const stack = usePageStack(scroller, {
    pages,
    zoom,
    captionHeight: CAPTION_HEIGHT,
    gap: PAGE_GAP,
    paddingStart: PAGES_PADDING_START,
    paddingEnd: 24,
  });

  useImperativeHandle(
    handle,
    () => ({
      scrollToField: (key: string) => {
        const field = fields.find((candidate) => candidate.key === key);
        const element = scroller.current;
        if (!field || !element) return;
        const item = stack.virtualizer.measurementsCache[field.page - 1];
        if (!item) return;
        const fieldTop = item.start + CAPTION_HEIGHT + field.y * zoom;
        const top = Math.max(0, fieldTop - element.clientHeight * 0.3);
        if (typeof element.scrollTo === 'function') element.scrollTo({ top, behavior: 'smooth' });
        else element.scrollTop = top;
      },
    }),
    [fields, stack.virtualizer, zoom],
  );

  return (
    <div ref={scroller} className={classes.scroller} data-testid="signing-pages" tabIndex={-1}>
      <PageStack
        stack={stack}
        pdf={pdf}
        pageTestId="signing-page"
        firstPageImage={firstPageImage}
        classNames={{ surface: classes.pageSurface }}
        caption={(pageNumber) => (
          <Text size="xs" c="dimmed">
            Page {pageNumber} of {pages.length}
          </Text>
        )}
      >
        {(pageNumber) =>
          (fieldsByPage.get(pageNumber) ?? []).map((field) => (
            <SignerFieldBox
              key={field.key}
              field={field}
              zoom={zoom}
              value={field.mine ? (values[field.key] ?? field.value ?? '') : (field.value ?? '')}
              color={color}
              isActive={field.key === activeKey}
              error={errors[field.key] ?? null}
              auto={auto}
              onActivate={onActivate}
            />
          ))
        }
      </PageStack>
    </div>
  );
}
