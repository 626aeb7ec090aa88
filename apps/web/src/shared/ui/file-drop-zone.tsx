import { useId, useRef, useState, type DragEvent, type ReactNode } from 'react';
import { Box, Button, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconUpload } from '@tabler/icons-react';

export type FileDropZoneProps = {
  /** Called with the chosen or dropped files (never empty). */
  onFiles: (files: File[]) => void;
  /** The `accept` attribute of the hidden input, e.g. `.pdf,.docx`. */
  accept?: string;
  multiple?: boolean;
  disabled?: boolean;
  /** Main line, e.g. 'Drop your files here'. */
  title?: ReactNode;
  /** Second line: the types and limits. */
  hint?: ReactNode;
  /** Label of the browse button. */
  buttonLabel?: string;
  /** Accessible name of the hidden file input (tests and screen readers). */
  inputLabel?: string;
  icon?: ReactNode;
  /** Smaller padding, for dialogs. */
  isCompact?: boolean;
};

/**
 * An accessible drop zone: a dashed area that takes dropped files, with a real button that opens
 * the browser's file chooser through a hidden `<input type="file">` (keyboard and screen readers
 * use the button; the drop area is a convenience for pointer users).
 */
export function FileDropZone({
  onFiles,
  accept,
  multiple = true,
  disabled = false,
  title = 'Drop files here',
  hint,
  buttonLabel = 'Browse files',
  inputLabel = 'Choose files',
  icon = <IconUpload size={26} />,
  isCompact = false,
}: FileDropZoneProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [isOver, setOver] = useState(false);
  const hintId = useId();

  const take = (list: FileList | null) => {
    const files = list ? Array.from(list) : [];
    if (files.length === 0 || disabled) return;
    onFiles(multiple ? files : files.slice(0, 1));
  };

  const onDragOver = (event: DragEvent<HTMLDivElement>) => {
    if (disabled) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setOver(true);
  };
  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  };

  return (
    <Box
      data-testid="file-drop-zone"
      data-over={isOver || undefined}
      onDragOver={onDragOver}
      onDragEnter={onDragOver}
      onDragLeave={() => setOver(false)}
      onDrop={onDrop}
      py={isCompact ? 'lg' : 40}
      px="md"
      style={{
        border: `2px dashed ${isOver ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-gray-4)'}`,
        borderRadius: 'var(--mantine-radius-md)',
        background: isOver ? 'var(--mantine-primary-color-light)' : 'var(--mantine-color-gray-0)',
        opacity: disabled ? 0.6 : 1,
        transition: 'background 120ms, border-color 120ms',
      }}
    >
      <Stack align="center" gap="xs" ta="center">
        {!isCompact && (
          <ThemeIcon size={52} radius="xl" variant="light">
            {icon}
          </ThemeIcon>
        )}
        <Text fw={600}>{title}</Text>
        {hint && (
          <Text size="sm" c="dimmed" id={hintId} maw={520}>
            {hint}
          </Text>
        )}
        <Button
          variant="light"
          mt={4}
          disabled={disabled}
          onClick={() => inputRef.current?.click()}
          aria-describedby={hint ? hintId : undefined}
        >
          {buttonLabel}
        </Button>
        <input
          ref={inputRef}
          type="file"
          hidden
          multiple={multiple}
          accept={accept}
          aria-label={inputLabel}
          disabled={disabled}
          onChange={(event) => {
            take(event.currentTarget.files);
            // The same file can be chosen again after it was removed.
            event.currentTarget.value = '';
          }}
        />
      </Stack>
    </Box>
  );
}
