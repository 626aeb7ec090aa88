import type { ReactNode } from 'react';
import { Box, Center, Group } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import './form-preview.css';

export type Device = 'phone' | 'desktop';
const DESKTOP_WIDTH = 1024;
const PHONE_WIDTH = 375;

/** A desktop page drawn at its real width and scaled down to the space there is. */
export function DesktopFrame({ children }: { children: ReactNode }) {
  const { ref: outerRef, width } = useElementSize<HTMLDivElement>();
  const { ref: innerRef, height } = useElementSize<HTMLDivElement>();
  const scale = width > 0 ? Math.min(1, width / DESKTOP_WIDTH) : 1;
  return (
    <Box ref={outerRef} style={{ height: height * scale + 28 * scale, overflow: 'hidden' }}>
      <Box
        w={DESKTOP_WIDTH}
        style={{
          transform: `scale(${scale})`,
          transformOrigin: 'top left',
          border: '1px solid var(--mantine-color-gray-4)',
          borderRadius: 8,
          background: 'white',
        }}
      >
        <Group gap={6} px="sm" h={28} bg="gray.1" style={{ borderRadius: '8px 8px 0 0' }} aria-hidden>
          {['red', 'yellow', 'green'].map((c) => (
            <Box key={c} w={10} h={10} bg={`${c}.4`} style={{ borderRadius: 5 }} />
          ))}
        </Group>
        <Box ref={innerRef} p="xl" className="fb-preview">
          {children}
        </Box>
      </Box>
    </Box>
  );
}

export function PhoneFrame({ children }: { children: ReactNode }) {
  return (
    <Center>
      <Box
        w="100%"
        maw={PHONE_WIDTH}
        p="md"
        className="fb-preview"
        data-testid="phone-frame"
        style={{
          border: '10px solid var(--mantine-color-dark-7)',
          borderRadius: 32,
          height: 640,
          maxHeight: 'calc(100vh - 200px)',
          minHeight: 420,
          overflowY: 'auto',
          background: 'white',
        }}
      >
        {children}
      </Box>
    </Center>
  );
}
