import { useEffect, useRef, useState, type CSSProperties } from 'react';
import { Group, Loader, Pagination, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
  type KeyboardCoordinateGetter,
} from '@dnd-kit/core';
import { useQuery } from '@tanstack/react-query';
import type { TFieldType } from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';
import { DOCUMENT_LIST_KEYS, fetchPreview } from '../document-lists/document-lists-api';
import { PageCanvas } from '../editor/page-canvas';
import { usePdfDocument } from '../editor/pdf/use-pdf-document';
import {
  LockedFieldBox,
  MovableFieldBox,
  PageSurface,
  PaletteChip,
  type DragData,
} from './correct-page-parts';
import { recipientDisplayName } from './correct-recipients';
import {
  ADDABLE_FIELDS,
  dropField,
  fieldSize,
  fieldTypeLabel,
  isFieldLocked,
  moveField,
  removeField,
  type CorrectForm,
  type PlaceResult,
} from './correct-state';
import classes from './correct-pages.module.css';

/** Widest a page is drawn, in CSS pixels. */
const MAX_WIDTH = 820;
/** One arrow key moves a field this many screen pixels while it is picked up (Shift: five times more). */
const KEY_STEP_PX = 4;

/** Arrow keys move a picked-up field a few pixels (the default moves 25). */
const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const step = event.shiftKey ? KEY_STEP_PX * 5 : KEY_STEP_PX;
  const { x, y } = currentCoordinates;
  switch (event.code) {
    case 'ArrowRight':
      return { x: x + step, y };
    case 'ArrowLeft':
      return { x: x - step, y };
    case 'ArrowDown':
      return { x, y: y + step };
    case 'ArrowUp':
      return { x, y: y - step };
    default:
      return undefined;
  }
};

/**
 * The document's PDF, through the preview of one of its recipients (`GET
 * /documents/{id}/preview/{user_id}` carries a signed file address; nothing is logged). pdf.js
 * loads with this screen only.
 */
function useDocumentPdf(documentId: string, recipientId: string | undefined) {
  const preview = useQuery({
    queryKey: DOCUMENT_LIST_KEYS.preview(documentId, recipientId ?? ''),
    queryFn: ({ signal }) => fetchPreview(documentId, recipientId ?? '', signal),
    enabled: Boolean(recipientId),
    staleTime: 60_000,
    retry: false,
  });
  const pdf = usePdfDocument(preview.data?.file?.url ?? null);
  const isFailed = preview.isError || pdf.status === 'error' || !recipientId;
  return { pdf: pdf.doc, isFailed, isLoading: !isFailed && pdf.status === 'loading' };
}

type Props = {
  documentId: string;
  form: CorrectForm;
  pages: TPageSize[];
  /** The page shown (1-based), shared with the "Add field" row. */
  page: number;
  onPage: (page: number) => void;
  /** Who new fields go to (a pending signer or approver), null when nobody can get one. */
  recipientKey: string | null;
  onChange: (form: CorrectForm) => void;
  /** Adds a field of `type` in the first free spot of the page shown (`placeField`). */
  onAdd: (type: TFieldType) => void;
  onProblem: (message: string | null) => void;
};

/**
 * The document's pages, one at a time, with every field over them in its recipient's colour.
 * Pending recipients' fields move by dragging (or with the keyboard: Space, arrows, Space) and
 * go with Delete; finished recipients' fields are locked. Field types are dragged from the
 * palette onto the page for the recipient chosen, or clicked to go in the first free spot.
 */
export function CorrectPages({
  documentId,
  form,
  pages,
  page,
  onPage,
  recipientKey,
  onChange,
  onAdd,
  onProblem,
}: Props) {
  const { ref, width } = useElementSize();
  const firstSent = form.recipients.find((r) => r._id)?._id;
  const { pdf, isFailed, isLoading } = useDocumentPdf(documentId, firstSent);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );
  const surface = useRef<HTMLDivElement>(null);
  const pointer = useRef<{ x: number; y: number } | null>(null);
  /** The palette item being dragged, and where in it the pointer took it (to centre the ghost). */
  const [dragging, setDragging] = useState<{ type: TFieldType; grabX: number; grabY: number } | null>(null);

  // While a palette item is dragged, follow the pointer itself: the drop goes where it is.
  useEffect(() => {
    if (!dragging) return;
    const onMove = (event: PointerEvent) => {
      pointer.current = { x: event.clientX, y: event.clientY };
    };
    window.addEventListener('pointermove', onMove);
    return () => window.removeEventListener('pointermove', onMove);
  }, [dragging]);

  const size = pages[page - 1];
  const zoom = size ? Math.min(width || MAX_WIDTH, MAX_WIDTH) / size.width : 1;
  const indexOf = new Map(form.recipients.map((r, i) => [r.key, i]));
  const nameOf = (key: string) => {
    const i = indexOf.get(key);
    return i === undefined ? 'nobody' : recipientDisplayName(form.recipients[i]!, i);
  };
  const colorOf = (key: string) => {
    const i = indexOf.get(key);
    return i === undefined ? '#868E96' : form.recipients[i]!.color;
  };
  const chosenColor = recipientKey ? colorOf(recipientKey) : undefined;
  const onPageFields = form.fields.filter((f) => f.page === page);
  const describe = (id: string | number) => {
    const key = String(id).replace(/^field:/, '');
    const field = form.fields.find((f) => f.key === key);
    return field ? `${fieldTypeLabel(field.type)} field of ${nameOf(field.recipient_key)}` : 'New field';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up the ${describe(active.id)}.`,
    onDragOver: () => undefined,
    onDragMove: () => undefined,
    onDragEnd: ({ active }) => `Dropped the ${describe(active.id)}.`,
    onDragCancel: ({ active }) => `The ${describe(active.id)} went back where it was.`,
  };

  const apply = (result: PlaceResult) => {
    onProblem(result.error);
    if (result.form) onChange(result.form);
  };

  const onDragStart = ({ active, activatorEvent }: DragStartEvent) => {
    const data = active.data.current as DragData | undefined;
    if (data?.kind !== 'palette') return;
    const start = activatorEvent as PointerEvent;
    const chip = active.rect.current.initial;
    pointer.current = { x: start.clientX, y: start.clientY };
    setDragging({
      type: data.type,
      grabX: start.clientX - (chip?.left ?? start.clientX),
      grabY: start.clientY - (chip?.top ?? start.clientY),
    });
  };

  const onDragEnd = ({ active, delta }: DragEndEvent) => {
    const data = active.data.current as DragData | undefined;
    setDragging(null);
    if (!data) return;
    if (data.kind === 'field') {
      const field = form.fields.find((f) => f.key === data.key);
      if (!field || (delta.x === 0 && delta.y === 0)) return;
      apply(
        moveField(form, pages, field.key, {
          page: field.page,
          x: field.x + delta.x / zoom,
          y: field.y + delta.y / zoom,
        }),
      );
      return;
    }
    const box = surface.current?.getBoundingClientRect();
    const at = pointer.current;
    pointer.current = null;
    if (!box || !at || !recipientKey) return;
    if (at.x < box.left || at.x > box.right || at.y < box.top || at.y > box.bottom) return;
    // The new field is centred under the pointer, as the drag showed it.
    const { width: w, height: h } = fieldSize(data.type);
    apply(
      dropField(form, pages, {
        type: data.type,
        recipientKey,
        page,
        x: (at.x - box.left) / zoom - w / 2,
        y: (at.y - box.top) / zoom - h / 2,
      }),
    );
  };

  const ghost = dragging ? { ...dragging, ...fieldSize(dragging.type) } : null;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={pointerWithin}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragging(null)}
      accessibility={{
        announcements,
        screenReaderInstructions: {
          draggable:
            'To move this field, press Space or Enter, then the arrow keys (Shift for bigger steps), and Space or Enter to drop it; Escape puts it back. Delete removes it.',
        },
      }}
    >
      <Group align="flex-start" gap="md" wrap="nowrap">
        <Stack gap={6} w={170} style={{ flex: 'none' }}>
          <Text size="sm" fw={500}>
            Drag onto the page
          </Text>
          <div className={classes.palette} role="group" aria-label="Field types">
            {ADDABLE_FIELDS.map((f) => (
              <PaletteChip
                key={f.type}
                type={f.type}
                color={chosenColor}
                isDisabled={!recipientKey}
                onAdd={onAdd}
              />
            ))}
          </div>
          <Text size="xs" c="dimmed">
            {recipientKey
              ? `New fields go to ${nameOf(recipientKey)}. A click puts one in the first free spot.`
              : 'Add a signer or approver who has not finished to give them fields.'}
          </Text>
        </Stack>
        <Stack gap="xs" className={classes.viewer} ref={ref}>
          <Group justify="space-between" gap="xs">
            <Text size="sm" c="dimmed">
              Page {page} of {pages.length}
            </Text>
            {pages.length > 1 && (
              <Pagination
                size="sm"
                total={pages.length}
                value={page}
                onChange={onPage}
                getControlProps={(control) => ({
                  'aria-label': control === 'previous' ? 'Previous page' : 'Next page',
                })}
                getItemProps={(n) => ({ 'aria-label': `Page ${n}` })}
              />
            )}
          </Group>
          {size && (
            <PageSurface page={page} size={size} zoom={zoom}>
              <div ref={surface} style={{ position: 'absolute', inset: 0 }}>
                {pdf ? (
                  <PageCanvas pdf={pdf} pageNumber={page} zoom={zoom} />
                ) : (
                  <div className={classes.blank}>
                    {isLoading ? (
                      <Loader size="sm" color="gray" />
                    ) : isFailed ? (
                      'The page picture could not be loaded; the fields are where they are on the page.'
                    ) : null}
                  </div>
                )}
                {onPageFields.map((field) =>
                  isFieldLocked(form, field) ? (
                    <LockedFieldBox
                      key={field.key}
                      field={field}
                      zoom={zoom}
                      color={colorOf(field.recipient_key)}
                      ownerName={nameOf(field.recipient_key)}
                    />
                  ) : (
                    <MovableFieldBox
                      key={field.key}
                      field={field}
                      zoom={zoom}
                      color={colorOf(field.recipient_key)}
                      ownerName={nameOf(field.recipient_key)}
                      onRemove={() => onChange(removeField(form, field.key))}
                    />
                  ),
                )}
              </div>
            </PageSurface>
          )}
          <Text size="xs" c="dimmed">
            Dashed fields with a lock belong to recipients who have finished: they stay where they are.
          </Text>
        </Stack>
      </Group>
      <DragOverlay dropAnimation={null}>
        {ghost ? (
          <div
            className={classes.ghost}
            style={
              {
                left: ghost.grabX - (ghost.width * zoom) / 2,
                top: ghost.grabY - (ghost.height * zoom) / 2,
                width: ghost.width * zoom,
                height: ghost.height * zoom,
                '--field-color': chosenColor ?? '#868E96',
              } as CSSProperties
            }
          >
            {ghost.width * zoom > 50 && fieldTypeLabel(ghost.type)}
          </div>
        ) : null}
      </DragOverlay>
    </DndContext>
  );
}
