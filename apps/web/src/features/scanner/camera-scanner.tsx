import { useEffect } from 'react';
import { Alert, AspectRatio, Box, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconCamera, IconCameraOff, IconVideoOff } from '@tabler/icons-react';
import { takeCameraResume, useCamera } from './use-camera';

/**
 * The camera card: Start / Stop, the live picture while on, and what went wrong when it cannot
 * start (refused, no camera, no secure address). `autoStart` starts it on arrival (after the page
 * was loaded again for the camera); so does a card drawn again in place of one whose camera was on.
 */
export function CameraScanner({
  onCode,
  autoStart,
  context,
}: {
  /** A code read: false when it cannot be taken now (it is read again from the next frames). */
  onCode: (text: string) => boolean;
  autoStart: boolean;
  /** What a scan does now (mode, entity, fields): a change reads the code in view again. */
  context: string;
}) {
  const { videoRef, state, start, stop } = useCamera(onCode, context);
  const active = state.status === 'on' || state.status === 'starting';

  useEffect(() => {
    if (takeCameraResume() || autoStart) void start();
  }, [autoStart, start]);

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600}>Camera</Text>
          {active ? (
            <Button variant="default" size="xs" leftSection={<IconCameraOff size={14} />} onClick={stop}>
              Stop camera
            </Button>
          ) : (
            <Button size="xs" leftSection={<IconCamera size={14} />} onClick={() => void start()}>
              Start camera
            </Button>
          )}
        </Group>
        <AspectRatio ratio={4 / 3} maw={520} w="100%" mx="auto">
          <Box
            bg="dark.8"
            style={{ borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', position: 'relative' }}
          >
            <video
              ref={videoRef}
              muted
              playsInline
              aria-label="Camera picture"
              style={{
                width: '100%',
                height: '100%',
                objectFit: 'cover',
                display: active ? 'block' : 'none',
              }}
            />
            {!active && (
              <Stack align="center" justify="center" h="100%" gap={4} c="gray.4">
                <IconVideoOff size={36} stroke={1.4} aria-hidden />
                <Text size="sm">Camera off</Text>
              </Stack>
            )}
            {state.status === 'starting' && (
              <Loader
                size="sm"
                color="gray.2"
                style={{ position: 'absolute', top: 12, right: 12 }}
                aria-label="Starting the camera"
              />
            )}
          </Box>
        </AspectRatio>
        {state.status === 'on' && (
          <Text size="sm" c="dimmed">
            Hold the code in front of the camera.
          </Text>
        )}
        {state.status === 'failed' && (
          <Alert
            color="orange"
            title="The camera is not available"
            data-testid="camera-problem"
            data-problem={state.problem}
          >
            {state.message}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
