import { DateInput, type DateInputProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { userDateFormat } from '../format/date';

dayjs.extend(customParseFormat);

const ISO_DAY = 'YYYY-MM-DD';

/** Text typed in `format` (or as `YYYY-MM-DD`) as a `YYYY-MM-DD` day; null when it is not a date. */
export function parseDateText(text: string, format: string): string | null {
  const trimmed = text.trim();
  for (const pattern of [format, ISO_DAY]) {
    const parsed = dayjs(trimmed, pattern, true);
    if (parsed.isValid()) return parsed.format(ISO_DAY);
  }
  return null;
}

export type DateFieldProps = Omit<
  DateInputProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'dateParser' | 'minDate' | 'maxDate'
> & {
  /** `YYYY-MM-DD`, '' when empty. */
  value: string;
  onChange: (value: string) => void;
  /** Earliest and latest days that can be picked (`YYYY-MM-DD`). */
  min?: string | undefined;
  max?: string | undefined;
};

/**
 * The app's date picker (ARCHITECTURE.md "Dates"): shows and reads dates in the user's date format
 * (application settings, default MM-DD-YYYY), its value stays a `YYYY-MM-DD` day.
 */
export function DateField({ value, onChange, min, max, placeholder, clearable, ...rest }: DateFieldProps) {
  const format = userDateFormat();
  return (
    <DateInput
      {...rest}
      value={value || null}
      onChange={(next) => onChange(next ? dayjs(next).format(ISO_DAY) : '')}
      valueFormat={format}
      dateParser={(text) => parseDateText(text, format)}
      placeholder={placeholder ?? format}
      clearable={clearable ?? true}
      {...(min ? { minDate: min } : {})}
      {...(max ? { maxDate: max } : {})}
    />
  );
}
