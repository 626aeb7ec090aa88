import { useState } from 'react';
import { ActionIcon, FileButton, Button, Group, Image, Paper, Stack, Text } from '@mantine/core';
import { IconPhotoUp, IconX } from '@tabler/icons-react';
import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import { errorText } from '../../shared/ui/page-kit';
import { uploadVariableImage } from './global-variables-api';

export type ImageValueInputProps = {
  value: unknown;
  onChange: (value: TFileRef[]) => void;
  /** Links of the stored files by `file_ref_id` (from the variable's `value_urls`). */
  initialUrls: Record<string, string>;
  maxFiles: number;
  error?: string | undefined;
};

const filesOf = (value: unknown): TFileRef[] =>
  Array.isArray(value) ? (value as TFileRef[]).filter((file) => typeof file?.file_ref_id === 'string') : [];

/**
 * IMAGE values: pictures uploaded at once (`POST /document-assets/`: PNG, JPEG, WebP or GIF, told
 * by their bytes, 10 MB at most) and kept as file references; shown as thumbnails.
 */
export function ImageValueInput({ value, onChange, initialUrls, maxFiles, error }: ImageValueInputProps) {
  const [urls, setUrls] = useState<Record<string, string>>(initialUrls);
  const [isUploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const files = filesOf(value);

  const upload = async (file: File | null) => {
    if (!file) return;
    setUploadError(null);
    setUploading(true);
    try {
      const uploaded = await uploadVariableImage(file);
      setUrls((current) => ({ ...current, [uploaded.file.file_ref_id]: uploaded.url }));
      onChange(maxFiles > 1 ? [...files, uploaded.file].slice(-maxFiles) : [uploaded.file]);
    } catch (err) {
      setUploadError(errorText(err));
    } finally {
      setUploading(false);
    }
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        Value
        <Text span c="red">
          {' '}
          *
        </Text>
      </Text>
      <Group gap="sm">
        {files.map((file) => (
          <Paper key={file.file_ref_id} withBorder p={4} radius="sm" pos="relative">
            {urls[file.file_ref_id] ? (
              <Image src={urls[file.file_ref_id]} alt={file.name} h={80} w="auto" fit="contain" />
            ) : (
              <Text size="xs" p="xs">
                {file.name}
              </Text>
            )}
            <ActionIcon
              size="xs"
              variant="filled"
              color="gray"
              pos="absolute"
              top={2}
              right={2}
              aria-label={`Remove ${file.name}`}
              onClick={() => onChange(files.filter((f) => f.file_ref_id !== file.file_ref_id))}
            >
              <IconX size={12} />
            </ActionIcon>
          </Paper>
        ))}
        <FileButton onChange={(file) => void upload(file)} accept="image/png,image/jpeg,image/webp,image/gif">
          {(props) => (
            <Button {...props} variant="light" leftSection={<IconPhotoUp size={16} />} loading={isUploading}>
              {files.length > 0 && maxFiles === 1 ? 'Replace image' : 'Upload image'}
            </Button>
          )}
        </FileButton>
      </Group>
      {(uploadError ?? error) && (
        <Text size="xs" c="red" role="alert">
          {uploadError ?? error}
        </Text>
      )}
    </Stack>
  );
}
