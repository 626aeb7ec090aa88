import { useState } from 'react';
import { Button, FileButton, Group, Stack, Switch, Text } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';
import { MARK_UPLOAD_TYPES, checkImageFile, loadImageFile } from '../image-files';
import { MarkPreview } from './mark-preview';
import { imageToMarkPng } from './mark-render';
import { reasonText } from './mark-words';

export type MarkUpload = { image: HTMLImageElement; dataUrl: string; removeWhite: boolean; name: string };

/**
 * Whether a picked picture's white background becomes transparent at first: for JPEGs only (they
 * have no transparency of their own), or for every picture. The user can change it either way.
 */
export type WhiteBackground = 'jpeg' | 'always';

/** The picked picture, made a transparent PNG; failures go to `onProblem`. */
export function useMarkUpload(whiteBackground: WhiteBackground, onProblem: (message: string | null) => void) {
  const [upload, setUpload] = useState<MarkUpload | null>(null);

  const convert = (image: HTMLImageElement, removeWhite: boolean, name: string) => {
    try {
      setUpload({ image, removeWhite, name, dataUrl: imageToMarkPng(image, removeWhite) });
      onProblem(null);
    } catch (reason) {
      onProblem(reasonText(reason, 'This image could not be used.'));
    }
  };

  const pick = (file: File | null) => {
    if (!file) return;
    const wrong = checkImageFile(file, MARK_UPLOAD_TYPES);
    if (wrong) {
      onProblem(wrong);
      return;
    }
    const removeWhite = whiteBackground === 'always' || file.type === 'image/jpeg';
    loadImageFile(file).then(
      (image) => convert(image, removeWhite, file.name),
      (reason: unknown) => onProblem(reasonText(reason, 'This image could not be read.')),
    );
  };

  const setRemoveWhite = (removeWhite: boolean) => upload && convert(upload.image, removeWhite, upload.name);

  return { upload, pick, setRemoveWhite };
}

export type UploadPanelProps = {
  noun: string;
  upload: MarkUpload | null;
  onPick: (file: File | null) => void;
  onRemoveWhiteChange: (removeWhite: boolean) => void;
};

/** A picture of the signature chosen from the device, previewed on a checkerboard. */
export function UploadPanel({ noun, upload, onPick, onRemoveWhiteChange }: UploadPanelProps) {
  return (
    <Stack gap="sm">
      <Text size="sm" c="dimmed">
        A PNG or JPEG picture of your {noun}, ideally dark ink on white or a transparent background.
      </Text>
      <Group>
        <FileButton onChange={onPick} accept={MARK_UPLOAD_TYPES.join(',')}>
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconUpload size={16} />}>
              {upload ? 'Choose another picture' : 'Choose a picture'}
            </Button>
          )}
        </FileButton>
        {upload && (
          <Text size="sm" c="dimmed" truncate maw={220}>
            {upload.name}
          </Text>
        )}
      </Group>
      {upload && (
        <>
          <MarkPreview src={upload.dataUrl} alt={`Uploaded ${noun} preview`} />
          <Switch
            label="Make the white background transparent"
            checked={upload.removeWhite}
            onChange={(event) => onRemoveWhiteChange(event.currentTarget.checked)}
          />
        </>
      )}
    </Stack>
  );
}
