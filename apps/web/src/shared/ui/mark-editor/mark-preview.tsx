import { Box, Image } from '@mantine/core';

/** A checkerboard that shows which parts of a picture are transparent. */
export const TRANSPARENT_BACKGROUND =
  'repeating-conic-gradient(var(--mantine-color-gray-1) 0 25%, var(--mantine-color-white) 0 50%) 0 0 / 16px 16px';

export type MarkPreviewProps = {
  src: string;
  alt: string;
  /** Tallest the picture may show, in pixels. */
  maxHeight?: number;
  padding?: 'sm' | 'md';
  testId?: string;
};

/** A signature or initials picture, centred on a checkerboard that shows its transparency. */
export function MarkPreview({ src, alt, maxHeight = 160, padding = 'sm', testId }: MarkPreviewProps) {
  return (
    <Box
      p={padding}
      style={{
        borderRadius: 'var(--mantine-radius-md)',
        border: '1px solid var(--mantine-color-gray-3)',
        background: TRANSPARENT_BACKGROUND,
      }}
    >
      <Image
        src={src}
        alt={alt}
        fit="contain"
        mah={maxHeight}
        maw="100%"
        w="auto"
        mx="auto"
        data-testid={testId}
      />
    </Box>
  );
}
