import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAdjustments, IconAlertTriangle } from '@tabler/icons-react';
import { COLOUR_LABELS, type ColourField, type ContrastWarning } from './branding-model';

/** The contrast warnings of the branding form, each with an "Adjust" action that sets the colour that reads. */
export function ContrastWarnings({
  warnings,
  onAdjust,
  disabled,
}: {
  warnings: ContrastWarning[];
  onAdjust: (field: ColourField, colour: string) => void;
  disabled: boolean;
}) {
  if (warnings.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="contrast-warnings">
      {warnings.map((warning) => (
        <Alert
          key={warning.field}
          color={warning.blocking ? 'red' : 'yellow'}
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title={`${COLOUR_LABELS[warning.field]}: ${warning.blocking ? 'text would not be readable' : 'low contrast'}`}
        >
          <Group justify="space-between" align="flex-end" gap="sm" wrap="wrap">
            <Text size="sm" style={{ flex: '1 1 240px' }}>
              {warning.message}
            </Text>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconAdjustments size={14} />}
              disabled={disabled}
              onClick={() => onAdjust(warning.field, warning.adjusted)}
              aria-label={`Adjust ${COLOUR_LABELS[warning.field].toLowerCase()} to ${warning.adjusted}`}
            >
              Adjust to {warning.adjusted}
            </Button>
          </Group>
        </Alert>
      ))}
    </Stack>
  );
}
