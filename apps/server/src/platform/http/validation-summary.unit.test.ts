import { describe, expect, it } from 'vitest';
import { validationSummary } from './validation-summary';

const detail = (path: (string | number)[], message: string) => ({
  key: path.join('.') || 'body',
  path,
  message,
});

describe('validationSummary', () => {
  it('names a list item by its label, name or email, and a key in words', () => {
    const body = { name: 'Site visit', fields: [{ label: 'Visitor' }, { label: 'Budget', options: [] }] };
    expect(validationSummary([detail(['fields', 1, 'options'], 'Add at least one option')], body)).toBe(
      'Field "Budget", options: Add at least one option',
    );
    const recipients = {
      recipients: [{ email: 'a@example.com' }, { email: 'ravi@example.com', first_name: '' }],
    };
    expect(validationSummary([detail(['recipients', 1, 'first_name'], 'Required')], recipients)).toBe(
      'Recipient "ravi@example.com", first name: Required',
    );
  });

  it('counts from 1 when the item has no name, and says only the message for the whole body', () => {
    expect(validationSummary([detail(['entities', 0], 'Unknown entity')], { entities: ['x'] })).toBe(
      'Entity 1: Unknown entity',
    );
    expect(validationSummary([detail(['addresses', 2, 'zip'], 'Too long')], {})).toBe(
      'Address 3, zip: Too long',
    );
    expect(validationSummary([detail([], 'Expected an object')], 'nonsense')).toBe('Expected an object');
    expect(validationSummary([], {})).toBe('Validation failed');
  });

  it('reads keys of the query and path in words, without the part they came in', () => {
    expect(validationSummary([detail(['query', 'page_size'], 'Too big')], { page_size: 5 })).toBe(
      'Page size: Too big',
    );
    expect(validationSummary([detail(['emailMessage'], 'Too long')], {})).toBe('Email message: Too long');
  });

  it('shortens a long label and ignores one that is not text', () => {
    const long = 'A'.repeat(80);
    expect(validationSummary([detail(['fields', 0, 'type'], 'Unknown')], { fields: [{ label: long }] })).toBe(
      `Field "${'A'.repeat(59)}…", type: Unknown`,
    );
    expect(validationSummary([detail(['fields', 0], 'Bad')], { fields: [{ label: 42 }] })).toBe(
      'Field 1: Bad',
    );
  });
});
