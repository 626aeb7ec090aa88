import { afterEach, describe, expect, it } from 'vitest';
import { sessionStore } from '../session/session-store';
import { formatDate, formatDateTime } from './date';

const jan5 = new Date(2024, 0, 5, 13, 4, 9);

afterEach(() => sessionStore.clear());

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
