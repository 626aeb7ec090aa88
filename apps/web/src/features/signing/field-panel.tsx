import { useState } from 'react';
import {
  Box,
  Button,
  Checkbox,
  CloseButton,
  FileButton,
  Group,
  Image,
  NativeSelect,
  Radio,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconEraser, IconPencil, IconUpload } from '@tabler/icons-react';
import type { TSignerField } from '@esigns/contracts/signing';
import { DateField } from '../../shared/ui/date-field';
import { fieldTitle } from '../editor/field-catalogue';
import { FIELD_ICONS } from '../editor/field-icons';
import { isMarkField } from './field-rules';
import { imageFileToDataUrl } from './mark-image';

export type FieldPanelProps = {
  field: TSignerField;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
  /** Opens the adopt dialog for a signature or initials field. */
  onAdopt: () => void;
  onClose: () => void;
};

/**
 * The input of the field being filled, under the document: large enough for a phone whatever the
 * page's zoom. Signatures and initials show what was applied, with change and clear.
 */
export function FieldPanel({ field, value, error, onChange, onAdopt, onClose }: FieldPanelProps) {
  const Icon = FIELD_ICONS[field.type];
  const title = fieldTitle(field);
  const inputId = `signer-input-${field.key}`;
  return (
    <Stack gap={6} data-testid="field-panel">
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
          <Icon size={16} />
          <Text size="sm" fw={600} truncate>
            {title}
            {field.required ? ' (required)' : ' (optional)'}
          </Text>
        </Group>
        <CloseButton size="sm" aria-label="Close field" onClick={onClose} />
      </Group>
      <FieldInput
        field={field}
        value={value}
        error={error}
        inputId={inputId}
        title={title}
        onChange={onChange}
        onAdopt={onAdopt}
      />
    </Stack>
  );
}

function FieldInput({
  field,
  value,
  error,
  inputId,
  title,
  onChange,
  onAdopt,
}: Omit<FieldPanelProps, 'onClose'> & { inputId: string; title: string }) {
  const [problem, setProblem] = useState<string | null>(null);
  if (isMarkField(field)) {
    return (
      <Stack gap={4}>
        <Group gap="sm" wrap="nowrap">
          {value ? (
            <Box
              style={{
                flex: 1,
                minWidth: 0,
                height: 52,
                border: '1px solid var(--mantine-color-gray-3)',
                borderRadius: 6,
              }}
              p={4}
            >
              <Image src={value} alt={`Your ${title.toLowerCase()}`} h="100%" fit="contain" />
            </Box>
          ) : (
            <Text size="sm" c="dimmed" style={{ flex: 1 }}>
              Not signed yet.
            </Text>
          )}
          <Button variant="light" leftSection={<IconPencil size={16} />} onClick={onAdopt}>
            {value ? 'Change' : 'Sign'}
          </Button>
          {value && (
            <Button variant="default" leftSection={<IconEraser size={16} />} onClick={() => onChange('')}>
              Clear
            </Button>
          )}
        </Group>
        {/* The server's answer for this field (e.g. a blank or unreadable signature: 422). */}
        {error && (
          <Text size="xs" c="red.7" role="alert">
            {error}
          </Text>
        )}
      </Stack>
    );
  }
  switch (field.type) {
    case 'CHECKBOX':
      return (
        <Checkbox
          id={inputId}
          size="md"
          label={field.label || 'Tick to confirm'}
          checked={value === 'true'}
          onChange={(event) => onChange(event.currentTarget.checked ? 'true' : 'false')}
          error={error}
        />
      );
    case 'RADIO':
      return (
        <Radio.Group
          value={value || null}
          onChange={onChange}
          error={error}
          aria-label={title}
          name={inputId}
        >
          <Group gap="md" mt={4}>
            {field.options.map((option) => (
              <Radio key={option} value={option} label={option} size="md" />
            ))}
          </Group>
        </Radio.Group>
      );
    case 'DROPDOWN':
      return (
        <NativeSelect
          id={inputId}
          aria-label={title}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          data={[
            { value: '', label: 'Choose…' },
            ...field.options.map((option) => ({ value: option, label: option })),
          ]}
          error={error}
          size="md"
        />
      );
    case 'IMAGE':
      return (
        <Stack gap={4}>
          <Group gap="sm">
            {value && <Image src={value} alt="Chosen picture" h={52} w="auto" fit="contain" />}
            <FileButton
              accept="image/png,image/jpeg"
              onChange={(file) => {
                if (!file) return;
                imageFileToDataUrl(file).then(
                  (dataUrl) => {
                    setProblem(null);
                    onChange(dataUrl);
                  },
                  (reason: unknown) =>
                    setProblem(reason instanceof Error ? reason.message : 'This picture could not be used.'),
                );
              }}
            >
              {(props) => (
                <Button {...props} variant="light" leftSection={<IconUpload size={16} />}>
                  {value ? 'Choose another picture' : 'Choose a picture'}
                </Button>
              )}
            </FileButton>
          </Group>
          {(problem ?? error) && (
            <Text size="xs" c="red.7" role="alert">
              {problem ?? error}
            </Text>
          )}
        </Stack>
      );
    case 'DATE':
      return (
        <DateField
          id={inputId}
          aria-label={title}
          placeholder={field.placeholder || undefined}
          value={value}
          onChange={onChange}
          error={error}
          size="md"
          data-autofocus
        />
      );
    default:
      return (
        <TextInput
          id={inputId}
          aria-label={title}
          inputMode={field.type === 'NUMBER' ? 'decimal' : undefined}
          placeholder={field.placeholder || undefined}
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          error={error}
          size="md"
          autoFocus
          maxLength={field.validation.max_length ?? 5000}
          data-autofocus
        />
      );
  }
}
