import { Box, Group, Paper, Stack, Text } from '@mantine/core';
import { readableTextOn } from '@esigns/contracts/contrast';
import { DEFAULT_BRANDING } from '@esigns/contracts/branding-defaults';
import type { BrandingValues } from './branding-model';

const HEX = /^#[0-9a-fA-F]{6}$/;
const pick = (value: string, fallback: string) => (HEX.test(value.trim()) ? value.trim() : fallback);

/** A button as the app draws it in a brand colour: the colour, and the text that reads on it. */
function BrandButton({ colour, label, testId }: { colour: string; label: string; testId: string }) {
  return (
    <Box
      component="span"
      px="md"
      py={8}
      fz="sm"
      fw={600}
      style={{ background: colour, color: readableTextOn(colour), borderRadius: 'var(--mantine-radius-md)' }}
      data-testid={testId}
    >
      {label}
    </Box>
  );
}

/**
 * The app with the form's (unsaved) colours: a dialog with its header, the primary and secondary
 * buttons. Invalid colours show the defaults until they are fixed.
 */
export function AppPreview({ values }: { values: BrandingValues }) {
  const primary = pick(values.primary_color, DEFAULT_BRANDING.primary_color);
  const secondary = pick(values.secondary_color, DEFAULT_BRANDING.secondary_color);
  const header = pick(values.dialog_header_color, DEFAULT_BRANDING.dialog_header_color);
  const headerText = pick(values.dialog_header_text_color, DEFAULT_BRANDING.dialog_header_text_color);
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }} data-testid="branding-preview">
      <Box
        px="md"
        py="sm"
        style={{ background: header, color: headerText }}
        data-testid="preview-dialog-header"
      >
        <Text fw={600}>Dialog title</Text>
      </Box>
      <Stack gap="sm" p="md">
        <Text size="sm" c="dimmed">
          Dialogs and buttons across the app look like this.
        </Text>
        <Group gap="sm">
          <BrandButton colour={primary} label="Primary button" testId="preview-primary-button" />
          <BrandButton colour={secondary} label="Secondary" testId="preview-secondary-button" />
        </Group>
      </Stack>
    </Paper>
  );
}
