import { useState } from 'react';
import {
  Alert,
  Button,
  Checkbox,
  Code,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { IconCheck, IconCopy, IconDownload, IconAlertTriangle } from '@tabler/icons-react';

export const RECOVERY_CODES_FILE = 'recovery-codes.txt';

/** The text file of recovery codes: one per line under a short explanation. */
export function recoveryCodesText(codes: readonly string[], appName: string, email?: string): string {
  return [
    `${appName} recovery codes${email ? ` for ${email}` : ''}`,
    'Each code signs you in once when you cannot use your second factor.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function download(text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

export type RecoveryCodesPanelProps = {
  codes: readonly string[];
  appName: string;
  email?: string;
  /** Called when the user confirms they saved the codes; the codes are then gone from the screen. */
  onDone: () => void;
};

/** The ten recovery codes, shown once: copy, download as .txt, and confirm before leaving. */
export function RecoveryCodesPanel({ codes, appName, email, onDone }: RecoveryCodesPanelProps) {
  const [isSaved, setIsSaved] = useState(false);
  const text = recoveryCodesText(codes, appName, email);
  return (
    <Stack gap="md" data-testid="recovery-codes">
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="Save your recovery codes"
      >
        Keep these codes somewhere safe. Each one signs you in once if you lose access to your second factor.
        They are shown only now.
      </Alert>
      <Paper withBorder p="md" radius="md" bg="gray.0">
        <SimpleGrid
          cols={{ base: 2, xs: 2, sm: 2 }}
          spacing="xs"
          component="ol"
          style={{ margin: 0, padding: 0 }}
        >
          {codes.map((code) => (
            <Code
              key={code}
              component="li"
              fz="md"
              ta="center"
              py={6}
              style={{ listStyle: 'none', letterSpacing: '0.08em' }}
            >
              {code}
            </Code>
          ))}
        </SimpleGrid>
      </Paper>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')} timeout={2000}>
          {({ copied, copy }) => (
            <Button
              variant="light"
              color={copied ? 'teal' : undefined}
              leftSection={copied ? <IconCheck size={16} /> : <IconCopy size={16} />}
              onClick={copy}
            >
              {copied ? 'Copied' : 'Copy codes'}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          leftSection={<IconDownload size={16} />}
          onClick={() => download(text, RECOVERY_CODES_FILE)}
        >
          Download .txt
        </Button>
      </Group>
      <Checkbox
        label="I saved these codes somewhere safe"
        checked={isSaved}
        onChange={(event) => setIsSaved(event.currentTarget.checked)}
      />
      <Group justify="flex-end">
        <Button onClick={onDone} disabled={!isSaved}>
          Done
        </Button>
      </Group>
      <Text size="xs" c="dimmed">
        Lost them? Make new ones here at any time: the old codes then stop working.
      </Text>
    </Stack>
  );
}
