import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { AdoptMarkDialog } from './adopt-mark-dialog';
import { FieldPanel } from './field-panel';
import { pixelsShowMark } from './mark-image';
import { PNG, makeSignerField } from './signing-test-utils';

/* A blank signature is refused in the browser too, and the server's 422 shows beside the field. */

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

/** `count` RGBA pixels of one colour, with `marked` of them dark. */
function pixels(count: number, rgba: [number, number, number, number], marked = 0): Uint8ClampedArray {
  const out = new Uint8ClampedArray(count * 4);
  for (let i = 0; i < count; i++) out.set(i < marked ? [10, 10, 60, 255] : rgba, i * 4);
  return out;
}

/** The browser's canvas and image loading, as jsdom has neither: the picture reads as `data`. */
function fakeCanvas(data: Uint8ClampedArray) {
  class FakeImage {
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    naturalWidth = 10;
    naturalHeight = 4;
    width = 10;
    height = 4;
    set src(_value: string) {
      setTimeout(() => this.onload?.(), 0);
    }
  }
  vi.stubGlobal('Image', FakeImage);
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue({
    drawImage: () => undefined,
    getImageData: () => ({ data }),
  } as unknown as CanvasRenderingContext2D);
}

describe('pixelsShowMark (the rule the server applies)', () => {
  it.each([
    ['fully transparent', pixels(40, [0, 0, 0, 0]), false],
    ['all white', pixels(40, [255, 255, 255, 255]), false],
    ['all one dark colour', pixels(40, [10, 10, 60, 255]), false],
    ['white ink on transparent', pixels(40, [255, 255, 255, 0], 0), false],
    ['a dark stroke on transparent', pixels(40, [0, 0, 0, 0], 3), true],
  ])('%s: %s', (_name, data, expected) => {
    expect(pixelsShowMark(data)).toBe(expected);
  });
});

describe('signature fields', () => {
  it("shows the server's 422 message next to a signature field", () => {
    renderWithProviders(
      <FieldPanel
        field={makeSignerField({ type: 'SIGNATURE', key: 'sig1' })}
        value={PNG}
        error="The signature is blank: draw, type or upload a visible signature"
        onChange={() => undefined}
        onAdopt={() => undefined}
        onClose={() => undefined}
      />,
    );
    expect(screen.getByRole('alert').textContent).toBe(
      'The signature is blank: draw, type or upload a visible signature',
    );
  });

  it('refuses to adopt a blank signature with a clear message, and adopts a visible one', async () => {
    const onAdopt = vi.fn();
    const props = {
      opened: true,
      type: 'SIGNATURE' as const,
      defaultText: 'Ravi Kumar',
      saved: PNG,
      emptyCount: 1,
      onAdopt,
      onClose: () => undefined,
    };
    fakeCanvas(pixels(40, [255, 255, 255, 0]));
    renderWithProviders(<AdoptMarkDialog {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Adopt and sign' }));
    expect((await screen.findByRole('alert')).textContent).toContain('This signature is blank');
    expect(onAdopt).not.toHaveBeenCalled();
    cleanup();
    vi.restoreAllMocks();

    fakeCanvas(pixels(40, [0, 0, 0, 0], 5));
    renderWithProviders(<AdoptMarkDialog {...props} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Adopt and sign' }));
    await waitFor(() => expect(onAdopt).toHaveBeenCalledWith(PNG, false));
  });
});
