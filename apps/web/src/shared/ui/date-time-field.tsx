import { DateTimePicker, TimePicker, type DateTimePickerProps, type TimePickerProps } from '@mantine/dates';
import dayjs from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { userDateFormat } from '../format/date';

dayjs.extend(customParseFormat);

/** A wall-clock date and time as the app keeps it: `YYYY-MM-DDTHH:mm` (a `datetime-local` value). */
const LOCAL = 'YYYY-MM-DDTHH:mm';
const PICKER = 'YYYY-MM-DD HH:mm:ss';

/** The picker's text format: the user's date format, then `HH:mm` (ARCHITECTURE.md "Dates"). */
export const dateTimeFormat = (): string => `${userDateFormat()} HH:mm`;

export type DateTimeFieldProps = Omit<
  DateTimePickerProps,
  'value' | 'defaultValue' | 'onChange' | 'valueFormat' | 'type'
> & {
  /** `YYYY-MM-DDTHH:mm` on the browser's wall clock, '' when empty. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * The app's date-and-time picker: shows the user's date format and `HH:mm`; its value stays a
 * `YYYY-MM-DDTHH:mm` wall-clock time, as a native `datetime-local` input kept it.
 */
export function DateTimeField({ value, onChange, placeholder, clearable, ...rest }: DateTimeFieldProps) {
  const format = dateTimeFormat();
  const parsed = value ? dayjs(value, LOCAL, true) : null;
  return (
    <DateTimePicker
      {...rest}
      value={parsed?.isValid() ? parsed.format(PICKER) : null}
      onChange={(next) => onChange(next ? dayjs(next).format(LOCAL) : '')}
      valueFormat={format}
      placeholder={placeholder ?? format}
      clearable={clearable ?? true}
    />
  );
}

export type TimeFieldProps = Omit<TimePickerProps, 'value' | 'defaultValue' | 'onChange' | 'format'> & {
  /** `HH:mm`, '' when empty. */
  value: string;
  onChange: (value: string) => void;
};

/** A time of day (`HH:mm`, 24-hour like the date-times of the app), whatever the browser's locale. */
export function TimeField({ value, onChange, ...rest }: TimeFieldProps) {
  return (
    <TimePicker
      {...rest}
      format="24h"
      value={value}
      onChange={(next) => onChange(next ? next.slice(0, 5) : '')}
      clearable
    />
  );
}
