import { Group, Progress, Stack, Text, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { measurePassword } from './password-strength';

const COLORS = ['gray', 'red', 'orange', 'lime', 'teal'] as const;

/**
 * Strength bar and the rules a new password must meet, under the password input. The server also
 * refuses common passwords and ones containing the email's name: its message shows under the input.
 */
export function PasswordStrengthHint({ password, id }: { password: string; id?: string }) {
  const strength = measurePassword(password);
  return (
    <Stack gap={6} id={id} data-testid="password-strength">
      {password && (
        <Group gap="sm" wrap="nowrap">
          <Progress
            value={strength.score * 25}
            color={COLORS[strength.score]}
            size="sm"
            style={{ flex: 1 }}
            aria-hidden
          />
          <Text size="xs" c="dimmed" aria-live="polite" miw={110} ta="right">
            Strength: {strength.label}
          </Text>
        </Group>
      )}
      <Group gap="md" wrap="wrap">
        {strength.checks.map((check) => (
          <Group key={check.label} gap={4} wrap="nowrap">
            {check.isMet ? (
              <IconCheck size={14} color="var(--mantine-color-teal-7)" aria-hidden />
            ) : (
              <IconCircleDashed size={14} color="var(--mantine-color-gray-5)" aria-hidden />
            )}
            <Text size="xs" c={check.isMet ? 'teal.8' : 'dimmed'}>
              {check.label}
              <VisuallyHidden>{check.isMet ? ' (met)' : ' (not met yet)'}</VisuallyHidden>
            </Text>
          </Group>
        ))}
      </Group>
      {/* Checked by the server on submit (its common-password list is too big to ship here). */}
      <Text size="xs" c="dimmed">
        Common passwords, and passwords containing your email name, are refused.
      </Text>
    </Stack>
  );
}
