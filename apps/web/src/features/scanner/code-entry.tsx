import { useRef, useState } from 'react';
import { Button, FileButton, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowRight, IconPhoto } from '@tabler/icons-react';

const STILL_BUSY = 'The last scan is still on its way.';

/**
 * The two other sources: a typed or pasted code (a USB barcode scanner types it and presses
 * Enter here), and a photo of a code read in the browser (ZXing, loaded on first use).
 * `onCode` answers false when it cannot take a code now (a scan is on its way): a typed code then
 * stays in the box, and a photo's code is said to be not taken; the same photo can be chosen again.
 */
export function CodeEntry({ onCode, busy }: { onCode: (text: string) => boolean; busy: boolean }) {
  const [code, setCode] = useState('');
  const [reading, setReading] = useState(false);
  const [photoProblem, setPhotoProblem] = useState<string | null>(null);
  const resetPhoto = useRef<() => void>(null);

  const submit = () => {
    const text = code.trim();
    if (!text) return;
    if (onCode(text)) setCode('');
  };

  const readPhoto = async (file: File | null) => {
    if (!file) return;
    setPhotoProblem(null);
    setReading(true);
    try {
      const { scanImage } = await import('./zxing-decoder');
      const text = await scanImage(file);
      if (!text) setPhotoProblem(`No code could be read in ${file.name}. Try a sharper, closer picture.`);
      else if (!onCode(text)) setPhotoProblem(`${STILL_BUSY} Choose ${file.name} again in a moment.`);
    } catch {
      setPhotoProblem(`${file.name} could not be read as a picture.`);
    } finally {
      setReading(false);
      // Choosing the same file again is a new choice (the input keeps no file).
      resetPhoto.current?.();
    }
  };

  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="sm">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
        >
          <Group align="flex-end" gap="xs" wrap="nowrap">
            <TextInput
              label="Type or paste a code"
              description="A barcode scanner plugged into this device types here."
              placeholder="Code or link"
              value={code}
              onChange={(event) => setCode(event.currentTarget.value)}
              autoFocus
              autoComplete="off"
              style={{ flex: 1, minWidth: 0 }}
            />
            <Button
              type="submit"
              loading={busy}
              leftSection={<IconArrowRight size={16} />}
              disabled={!code.trim()}
            >
              Go
            </Button>
          </Group>
        </form>
        <Group gap="sm" wrap="wrap">
          <FileButton
            onChange={(file) => void readPhoto(file)}
            resetRef={resetPhoto}
            accept="image/*"
            inputProps={{ 'aria-label': 'Photo of a code' }}
          >
            {(props) => (
              <Button {...props} variant="default" loading={reading} leftSection={<IconPhoto size={16} />}>
                Scan a photo
              </Button>
            )}
          </FileButton>
          <Text size="xs" c="dimmed">
            A picture of a QR code or barcode
          </Text>
        </Group>
        {photoProblem && (
          <Text size="sm" c="red" role="alert">
            {photoProblem}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
