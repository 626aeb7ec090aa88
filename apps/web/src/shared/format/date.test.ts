import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../session/session-store';
import {
  DEFAULT_DATE_FORMAT,
  formatDate,
  formatDateTime,
  getDefaultDateFormat,
  setDefaultDateFormat,
} from './date';

const jan5 = new Date(2024, 0, 5, 13, 4, 9);

afterEach(() => {
  sessionStore.clear();
  setDefaultDateFormat(null);
});

describe('formatDate', () => {
  it('defaults to MM-DD-YYYY', () => {
    expect(formatDate(jan5)).toBe('01-05-2024');
  });

  it('accepts an explicit format', () => {
    expect(formatDate(jan5, 'YYYY/MM/DD')).toBe('2024/01/05');
  });

  it("follows the user's document_settings.application_settings.date", () => {
    sessionStore.setState({
      user: { _id: 'u', document_settings: { application_settings: { date: 'DD/MM/YYYY' } } },
    });
    expect(formatDate(jan5)).toBe('05/01/2024');
    expect(formatDateTime(jan5)).toBe('05/01/2024 13:04:09');
  });

  it('accepts epoch numbers and ISO strings', () => {
    expect(formatDate(jan5.getTime())).toBe('01-05-2024');
    expect(formatDate('2024-02-29T12:00:00')).toBe('02-29-2024');
  });

  it.each([null, undefined, '', 'not a date', Number.NaN, Number.POSITIVE_INFINITY, new Date('nope')])(
    'gives an empty string for %s',
    (value) => {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    },
  );
});

describe('formatDateTime', () => {
  it('adds HH:mm:ss in 24-hour time', () => {
    expect(formatDateTime(jan5)).toBe('01-05-2024 13:04:09');
    expect(formatDateTime(new Date(2024, 11, 31, 0, 0, 0))).toBe('12-31-2024 00:00:00');
  });
});

describe('setDefaultDateFormat', () => {
  it('is used by formatDate and formatDateTime when no format is passed', () => {
    setDefaultDateFormat('DD MMM YYYY');
    expect(getDefaultDateFormat()).toBe('DD MMM YYYY');
    expect(formatDate(jan5)).toBe('05 Jan 2024');
    expect(formatDateTime(jan5)).toBe('05 Jan 2024 13:04:09');
  });

  it('loses to an explicit format', () => {
    setDefaultDateFormat('DD-MM-YYYY');
    expect(formatDate(jan5, 'YYYY/MM/DD')).toBe('2024/01/05');
  });

  it("wins over the session user's document_settings (it is the newer, saved choice)", () => {
    sessionStore.setState({
      user: { _id: 'u', document_settings: { application_settings: { date: 'DD/MM/YYYY' } } },
    });
    setDefaultDateFormat('YYYY-MM-DD');
    expect(formatDate(jan5)).toBe('2024-01-05');
  });

  it.each([null, undefined, '', '   '])(
    'falls back to the session or the default when set to %j',
    (value) => {
      setDefaultDateFormat('YYYY-MM-DD');
      setDefaultDateFormat(value);
      expect(getDefaultDateFormat()).toBe(DEFAULT_DATE_FORMAT);
      sessionStore.setState({
        user: { _id: 'u', document_settings: { application_settings: { date: 'DD/MM/YYYY' } } },
      });
      expect(getDefaultDateFormat()).toBe('DD/MM/YYYY');
    },
  );

  it('trims the format', () => {
    setDefaultDateFormat('  MM/DD/YYYY ');
    expect(formatDate(jan5)).toBe('01/05/2024');
  });
});
