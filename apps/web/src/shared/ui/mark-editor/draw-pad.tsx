import { useEffect, useRef, useState, type RefObject } from 'react';
import { Alert, Box, Button, Group, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconArrowBackUp, IconEraser } from '@tabler/icons-react';
import SignaturePad from 'signature_pad';
import { trimCanvas } from './mark-render';

/** The live pad and its canvas. */
export type DrawHandle = { pad: SignaturePad; canvas: HTMLCanvasElement };

export type DrawPadProps = {
  /** Filled while the pad is mounted; the editor reads the drawing from it. */
  padRef: RefObject<DrawHandle | null>;
  penColor: string;
  height: number;
  label: string;
  /** Whether there is ink on the pad, after each stroke, undo and clear. */
  onInkChange: (hasInk: boolean) => void;
};

/** The drawing as a PNG cropped to the ink, or null when nothing is drawn. */
export function exportDrawing(handle: DrawHandle | null): string | null {
  if (!handle || handle.pad.isEmpty()) return null;
  return trimCanvas(handle.canvas).toDataURL('image/png');
}

/** A canvas as wide as its container to draw on (mouse, pen or finger), with undo and clear. */
export function DrawPad({ padRef, penColor, height, label, onInkChange }: DrawPadProps) {
  const { ref: frameRef, width } = useElementSize<HTMLDivElement>();
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const inkRef = useRef(onInkChange);

  useEffect(() => {
    inkRef.current = onInkChange;
  }, [onInkChange]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    let pad: SignaturePad;
    try {
      pad = new SignaturePad(canvas, { minWidth: 0.8, maxWidth: 2.6, throttle: 8 });
    } catch {
      queueMicrotask(() => setFailure('Drawing is not available in this browser. Type or upload instead.'));
      return;
    }
    const onEnd = () => inkRef.current(!pad.isEmpty());
    pad.addEventListener('endStroke', onEnd);
    const handle = { pad, canvas };
    padRef.current = handle;
    return () => {
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      if (padRef.current === handle) padRef.current = null;
    };
  }, [padRef]);

  useEffect(() => {
    const handle = padRef.current;
    if (handle) handle.pad.penColor = penColor;
  }, [padRef, penColor]);

  // Fit the drawing surface to the width (and the screen's pixel density), keeping the strokes.
  useEffect(() => {
    const canvas = canvasRef.current;
    const pad = padRef.current?.pad;
    if (!canvas || !pad || width <= 0) return;
    const ratio = Math.max(window.devicePixelRatio || 1, 1);
    const strokes = pad.toData();
    canvas.width = Math.floor(width * ratio);
    canvas.height = Math.floor(height * ratio);
    canvas.getContext('2d')?.scale(ratio, ratio);
    pad.clear();
    if (strokes.length) pad.fromData(strokes);
  }, [padRef, width, height]);

  const undo = () => {
    const pad = padRef.current?.pad;
    if (!pad) return;
    const strokes = pad.toData();
    strokes.pop();
    pad.fromData(strokes);
    onInkChange(strokes.length > 0);
  };
  const clear = () => {
    padRef.current?.pad.clear();
    onInkChange(false);
  };

  if (failure) {
    return (
      <Alert color="orange" variant="light">
        {failure}
      </Alert>
    );
  }
  return (
    <Box>
      <Box
        ref={frameRef}
        w="100%"
        h={height}
        style={{
          position: 'relative',
          border: '1px dashed var(--mantine-color-gray-4)',
          borderRadius: 'var(--mantine-radius-md)',
          background: 'var(--mantine-color-white)',
          overflow: 'hidden',
        }}
      >
        <canvas
          ref={canvasRef}
          aria-label={label}
          role="img"
          data-testid="draw-pad"
          style={{ width: '100%', height, display: 'block', touchAction: 'none', cursor: 'crosshair' }}
        />
        <Box
          aria-hidden
          style={{
            position: 'absolute',
            left: '8%',
            right: '8%',
            bottom: Math.round(height * 0.25),
            borderBottom: '1px solid var(--mantine-color-gray-3)',
            pointerEvents: 'none',
          }}
        />
      </Box>
      <Group justify="space-between" mt="xs" gap="xs">
        <Text size="xs" c="dimmed">
          Draw with your mouse, pen or finger.
        </Text>
        <Group gap="xs">
          <Button size="xs" variant="default" leftSection={<IconArrowBackUp size={14} />} onClick={undo}>
            Undo
          </Button>
          <Button size="xs" variant="default" leftSection={<IconEraser size={14} />} onClick={clear}>
            Clear
          </Button>
        </Group>
      </Group>
    </Box>
  );
}
