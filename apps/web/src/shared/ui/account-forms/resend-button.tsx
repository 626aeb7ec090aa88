import { useState } from 'react';
import { Button, Stack, Text } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../api/api-error';
import { useCooldown } from './use-cooldown';

export type ResendButtonProps = {
  onResend: () => Promise<void>;
  label?: string;
  /** Shown (and announced) after a successful resend. */
  sentMessage?: string;
  disabled?: boolean;
  variant?: 'subtle' | 'light' | 'default';
  fullWidth?: boolean;
  /** A mail was just sent: wait out the cooldown before the first resend. */
  isJustSent?: boolean;
};

/** Sends a mail again, then waits 60 s before it can be sent once more. */
export function ResendButton({
  onResend,
  label = 'Resend code',
  sentMessage = 'We sent a new code. It can take a minute to arrive.',
  disabled,
  variant = 'subtle',
  fullWidth,
  isJustSent = false,
}: ResendButtonProps) {
  const cooldown = useCooldown(undefined, isJustSent);
  const [status, setStatus] = useState<{ tone: 'sent' | 'error'; text: string } | null>(null);
  const mutation = useMutation({
    mutationFn: onResend,
    onSuccess: () => {
      cooldown.start();
      setStatus({ tone: 'sent', text: sentMessage });
    },
    onError: (error) => {
      setStatus({
        tone: 'error',
        text: isApiError(error) ? error.message : 'Could not send the mail. Please try again.',
      });
    },
  });

  return (
    <Stack gap={4} align={fullWidth ? 'stretch' : 'center'}>
      <Button
        type="button"
        variant={variant}
        leftSection={<IconRefresh size={16} />}
        loading={mutation.isPending}
        disabled={disabled || cooldown.isCoolingDown}
        onClick={() => {
          setStatus(null);
          mutation.mutate();
        }}
        fullWidth={fullWidth}
      >
        {cooldown.isCoolingDown ? `${label} in ${cooldown.remaining} s` : label}
      </Button>
      <Text
        size="xs"
        ta="center"
        c={status?.tone === 'error' ? 'red.7' : 'dimmed'}
        role={status?.tone === 'error' ? 'alert' : 'status'}
      >
        {status?.text}
      </Text>
    </Stack>
  );
}

/** "Didn't get the code?" and the resend button under a code form. */
export function ResendPrompt(props: ResendButtonProps) {
  return (
    <Stack gap={2} align="center">
      <Text size="sm" c="dimmed">
        Didn&apos;t get the code?
      </Text>
      <ResendButton {...props} />
    </Stack>
  );
}
