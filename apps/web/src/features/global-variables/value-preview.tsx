import { Badge, Group, Image, Text } from '@mantine/core';
import type { TGlobalVariable } from '@esigns/contracts/global-variables';
import type { TFieldOption } from '@esigns/contracts/nocode-fields';
import { formatCurrency } from '../../shared/format/currency';
import { formatDate, formatDateTime } from '../../shared/format/date';

/** What the preview needs of a variable. */
export type PreviewedVariable = Pick<TGlobalVariable, 'input_type' | 'settings' | 'value'> & {
  value_urls?: string[];
};

const optionLabel = (settings: Record<string, unknown>, value: string): string => {
  const options = (settings.options as TFieldOption[] | undefined) ?? [];
  const option = options.find((o) => o.value === value);
  return option?.label || option?.value || value;
};

const numberText = (value: number, decimals: unknown): string =>
  new Intl.NumberFormat('en-IN', {
    maximumFractionDigits: typeof decimals === 'number' ? decimals : 10,
  }).format(value);

/** The value as one line of text ('' when empty); images answer their file names. */
export function valueText({ input_type, settings, value }: PreviewedVariable): string {
  if (value === null || value === undefined || value === '') return '';
  switch (input_type) {
    case 'NUMBER':
      return typeof value === 'number' ? numberText(value, settings.decimals) : String(value);
    case 'CURRENCY':
      return formatCurrency(
        value as number,
        typeof settings.currency === 'string' ? settings.currency : 'INR',
      );
    case 'PERCENTAGE':
      return `${String(value)}%`;
    case 'DATE':
      return formatDate(value as string);
    case 'DATE_TIME':
      return formatDateTime(value as string);
    case 'YES_OR_NO':
      return value === true ? String(settings.yes_label ?? 'Yes') : String(settings.no_label ?? 'No');
    case 'SELECT':
      return optionLabel(settings, String(value));
    case 'MULTI_SELECT':
      return Array.isArray(value) ? value.map((v) => optionLabel(settings, String(v))).join(', ') : '';
    case 'IMAGE':
      return Array.isArray(value)
        ? value.map((file) => (file as { name?: string }).name ?? '').join(', ')
        : '';
    case 'LOCATION': {
      const place = value as { lat?: number; lng?: number; address?: string };
      const point = `${place.lat ?? ''}, ${place.lng ?? ''}`;
      return place.address ? `${place.address} (${point})` : point;
    }
    default:
      return typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value);
  }
}

/** A compact preview for lists: images as thumbnails, options as badges, the rest as text. */
export function ValuePreview({ variable, lines = 1 }: { variable: PreviewedVariable; lines?: number }) {
  const text = valueText(variable);
  if (!text) {
    return (
      <Text size="sm" c="dimmed">
        —
      </Text>
    );
  }
  if (variable.input_type === 'IMAGE' && variable.value_urls && variable.value_urls.length > 0) {
    return (
      <Group gap={6} wrap="nowrap">
        {variable.value_urls.map((url, index) => (
          <Image
            key={url}
            src={url}
            alt={valueText(variable).split(', ')[index] ?? 'Image'}
            h={lines > 1 ? 96 : 32}
            w="auto"
            fit="contain"
            radius="sm"
          />
        ))}
      </Group>
    );
  }
  if (variable.input_type === 'MULTI_SELECT' && Array.isArray(variable.value)) {
    return (
      <Group gap={4}>
        {variable.value.map((v) => (
          <Badge key={String(v)} size="sm" variant="light" color="gray">
            {optionLabel(variable.settings, String(v))}
          </Badge>
        ))}
      </Group>
    );
  }
  return (
    <Text size="sm" lineClamp={lines} style={{ whiteSpace: lines > 1 ? 'pre-wrap' : undefined }}>
      {text}
    </Text>
  );
}
