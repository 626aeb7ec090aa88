import { describe, expect, it } from 'vitest';
import { editorProblems } from './editor-checks';
import { LETTER, makeField, makeRecipient } from './editor-fixtures';

const signer = makeRecipient();

describe('editorProblems', () => {
  it('adds the editor-only checks to the contract checks', () => {
    const fields = [
      makeField({ key: 's' }),
      makeField({ key: 'd', type: 'DROPDOWN', options: ['Yes', ' '] }),
      makeField({ key: 't', type: 'TEXT', validation: { pattern: '([a-', min_length: 5, max_length: 2 } }),
      makeField({ key: 'n', type: 'NUMBER', validation: { min: 10, max: 1 } }),
    ];
    const problems = editorProblems({ fields, document_users: [signer] }, [LETTER], 'send');
    expect(problems.map((p) => [p.key, p.message])).toEqual([
      ['fields.1.options', 'Fill in or remove the empty option'],
      ['fields.2.validation.pattern', 'The pattern is not valid'],
      ['fields.2.validation.min_length', 'The minimum length is above the maximum'],
      ['fields.3.validation.min', 'The minimum is above the maximum'],
    ]);
  });

  it('keeps the contract problems and reports nothing for a sound layout', () => {
    expect(editorProblems({ fields: [], document_users: [signer] }, [LETTER], 'send')[0]?.message).toBe(
      'Ada Lovelace has no signature field',
    );
    expect(editorProblems({ fields: [makeField()], document_users: [signer] }, [LETTER], 'send')).toEqual([]);
  });

  it('does not call a template without roles ready to use', () => {
    expect(editorProblems({ fields: [], document_users: [] }, [LETTER], 'template')).toEqual([
      {
        key: 'document_users',
        path: ['document_users'],
        message: 'Add at least one role who signs, approves or views',
      },
    ]);
    const role = makeRecipient({ email: '', first_name: '', last_name: '', role_name: 'Tenant' });
    expect(editorProblems({ fields: [makeField()], document_users: [role] }, [LETTER], 'template')).toEqual(
      [],
    );
  });
});
