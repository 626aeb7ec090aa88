import type { ReactNode } from 'react';
import { Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useOnlineStatus } from './use-online-status';
import './offline-screen.css';

export const OFFLINE_HEADING = 'Check Your Internet Connection';
export const OFFLINE_MESSAGE = "Please make sure you're connected to the internet and try again.";
/** The pulse repeats every 2000 ms (spec 1 §2). */
export const OFFLINE_PULSE_MS = 2000;

/** The full-screen message shown while the browser is offline. */
export function OfflineScreen() {
  return (
    <div
      className="esigns-offline-screen"
      data-testid="offline-screen"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby="offline-heading"
    >
      <Stack align="center" gap="md" maw={440}>
        <ThemeIcon
          className="esigns-offline-pulse"
          data-testid="offline-pulse"
          style={{ animationDuration: `${OFFLINE_PULSE_MS}ms` }}
          size={96}
          radius={96}
          variant="light"
        >
          <IconWifiOff size={48} stroke={1.6} color="var(--mantine-primary-color-filled)" />
        </ThemeIcon>
        <Title order={2} id="offline-heading">
          {OFFLINE_HEADING}
        </Title>
        <Text c="dimmed" size="lg">
          {OFFLINE_MESSAGE}
        </Text>
      </Stack>
    </div>
  );
}

/**
 * While offline the message replaces the app. The app stays mounted underneath (inert and
 * hidden) so that a half-filled form is still there when the connection returns.
 */
export function OfflineGate({ children }: { children: ReactNode }) {
  const isOnline = useOnlineStatus();
  return (
    <>
      <div
        inert={!isOnline}
        aria-hidden={!isOnline || undefined}
        style={isOnline ? undefined : { visibility: 'hidden' }}
      >
        {children}
      </div>
      {!isOnline && <OfflineScreen />}
    </>
  );
}
