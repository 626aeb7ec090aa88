import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { Alert, Box, Button, Center, Group, Loader, Modal, Slider, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconAlertCircle, IconZoomIn } from '@tabler/icons-react';
import { MAX_ZOOM, MIN_ZOOM, clampCrop, imageRect, scaleCrop, type CropState } from './crop-math';
import { context2d, loadImageFile } from '../../shared/ui/image-files';

/** Side of the exported square picture, in pixels. */
export const AVATAR_SIDE = 320;
const MAX_VIEW_SIDE = 320;
const KEY_STEP = 10;
const START: CropState = { zoom: MIN_ZOOM, x: 0, y: 0 };

type Loaded = { file: File; image: HTMLImageElement };

/** Draws the crop on a square canvas of `side` CSS pixels (and `ratio` device pixels each). */
function drawCrop(
  canvas: HTMLCanvasElement,
  image: HTMLImageElement,
  crop: CropState,
  side: number,
  ratio: number,
  withGuide: boolean,
) {
  const context = context2d(canvas);
  context.setTransform(ratio, 0, 0, ratio, 0, 0);
  context.clearRect(0, 0, side, side);
  const size = { width: image.naturalWidth, height: image.naturalHeight };
  const rect = imageRect(crop, size, side);
  context.drawImage(image, rect.x, rect.y, rect.width, rect.height);
  if (!withGuide) return;
  // The avatar shows as a circle: dim the corners that will not be seen there.
  context.save();
  context.beginPath();
  context.rect(0, 0, side, side);
  context.arc(side / 2, side / 2, side / 2, 0, Math.PI * 2, true);
  context.fillStyle = 'rgba(0, 0, 0, 0.35)';
  context.fill('evenodd');
  context.restore();
}

/** The square crop as a PNG data URL of AVATAR_SIDE pixels. */
export function exportCrop(image: HTMLImageElement, crop: CropState, viewSide: number): string {
  const canvas = document.createElement('canvas');
  canvas.width = AVATAR_SIDE;
  canvas.height = AVATAR_SIDE;
  drawCrop(canvas, image, scaleCrop(crop, viewSide, AVATAR_SIDE), AVATAR_SIDE, 1, false);
  return canvas.toDataURL('image/png');
}

export type AvatarCropperProps = {
  /** The picked image; the dialog is open while it is set. */
  file: File | null;
  onClose: () => void;
  onCropped: (dataUrl: string) => void;
  isSaving?: boolean;
};

/** Crops a picked image to a square: drag (or arrow keys) to move, slider to zoom. */
export function AvatarCropper({ file, onClose, onCropped, isSaving = false }: AvatarCropperProps) {
  const { ref: frameRef, width: frameWidth } = useElementSize<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const dragRef = useRef<{ pointerId: number; startX: number; startY: number; crop: CropState } | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [failed, setFailed] = useState<{ file: File; message: string } | null>(null);
  const [crop, setCrop] = useState<CropState>(START);
  const side = Math.max(160, Math.min(MAX_VIEW_SIDE, Math.floor(frameWidth) || MAX_VIEW_SIDE));
  const image = loaded && loaded.file === file ? loaded.image : null;
  const error = failed && failed.file === file ? failed.message : null;

  useEffect(() => {
    if (!file) return;
    let isCurrent = true;
    loadImageFile(file).then(
      (decoded) => {
        if (!isCurrent) return;
        setCrop(START);
        setLoaded({ file, image: decoded });
      },
      (reason: unknown) => {
        if (isCurrent)
          setFailed({ file, message: reason instanceof Error ? reason.message : String(reason) });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [file]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas || !image) return;
    const ratio = window.devicePixelRatio || 1;
    canvas.width = Math.round(side * ratio);
    canvas.height = Math.round(side * ratio);
    try {
      drawCrop(canvas, image, crop, side, ratio, true);
    } catch {
      // No 2D context: the export reports it when the user saves.
    }
  }, [image, crop, side]);

  const size = image ? { width: image.naturalWidth, height: image.naturalHeight } : null;
  const update = (next: CropState) => {
    if (size) setCrop(clampCrop(next, size, side));
  };

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    dragRef.current = { pointerId: event.pointerId, startX: event.clientX, startY: event.clientY, crop };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const drag = dragRef.current;
    if (!drag || drag.pointerId !== event.pointerId) return;
    update({
      ...drag.crop,
      x: drag.crop.x + event.clientX - drag.startX,
      y: drag.crop.y + event.clientY - drag.startY,
    });
  };
  const endDrag = () => {
    dragRef.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLCanvasElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      update({ ...crop, x: crop.x + move[0], y: crop.y + move[1] });
    } else if (event.key === '+' || event.key === '=') {
      update({ ...crop, zoom: crop.zoom + 0.1 });
    } else if (event.key === '-') {
      update({ ...crop, zoom: crop.zoom - 0.1 });
    }
  };

  const [exportError, setExportError] = useState<string | null>(null);
  const save = () => {
    if (!image) return;
    try {
      setExportError(null);
      onCropped(exportCrop(image, crop, side));
    } catch (reason) {
      setExportError(reason instanceof Error ? reason.message : 'The picture could not be made.');
    }
  };

  return (
    <Modal opened={file !== null} onClose={onClose} title="Crop your picture" centered size="md">
      <Stack gap="md">
        {error || exportError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
            {error ?? exportError}
          </Alert>
        ) : null}
        <Box ref={frameRef} w="100%">
          <Center>
            {image ? (
              <canvas
                ref={canvasRef}
                width={side}
                height={side}
                tabIndex={0}
                role="img"
                aria-label="Picture crop. Drag or use the arrow keys to move it; plus and minus zoom."
                data-testid="avatar-crop-canvas"
                style={{
                  width: side,
                  height: side,
                  cursor: 'grab',
                  touchAction: 'none',
                  borderRadius: 'var(--mantine-radius-md)',
                  background:
                    'repeating-conic-gradient(var(--mantine-color-gray-2) 0 25%, transparent 0 50%) 0 0 / 16px 16px',
                }}
                onPointerDown={onPointerDown}
                onPointerMove={onPointerMove}
                onPointerUp={endDrag}
                onPointerCancel={endDrag}
                onKeyDown={onKeyDown}
              />
            ) : (
              !error && (
                <Center h={side} w={side}>
                  <Loader aria-label="Opening the picture" />
                </Center>
              )
            )}
          </Center>
        </Box>
        <Text size="xs" c="dimmed" ta="center">
          Drag the picture to place it; the corners outside the circle are kept but hidden in most places.
        </Text>
        <Group gap="sm" wrap="nowrap" align="center">
          <IconZoomIn size={18} aria-hidden />
          <Slider
            style={{ flex: 1 }}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.01}
            value={crop.zoom}
            onChange={(zoom) => update({ ...crop, zoom })}
            label={(value) => `${Math.round(value * 100)}%`}
            thumbLabel="Zoom"
            disabled={!image}
          />
        </Group>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={isSaving}>
            Cancel
          </Button>
          <Button onClick={save} loading={isSaving} disabled={!image}>
            Save picture
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
