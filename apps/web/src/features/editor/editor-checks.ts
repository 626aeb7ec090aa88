import {
  OPTION_FIELD_TYPES,
  layoutProblems,
  type TField,
  type TLayoutProblem,
  type TRecipient,
} from '@esigns/contracts/documents';
import type { TPageSize } from '@esigns/contracts/files';

function isValidPattern(pattern: string): boolean {
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/**
 * What the editor lists as problems: the contract's `layoutProblems` (the same checks the API
 * makes when sending), plus mistakes only the editor can see: options left empty (they are not
 * saved), a pattern that is not a regular expression, a minimum above the maximum.
 */
export function editorProblems(
  layout: { fields: TField[]; document_users: TRecipient[] },
  pages: TPageSize[],
  mode: 'template' | 'send',
): TLayoutProblem[] {
  const problems = layoutProblems(layout, pages, mode);
  const add = (path: (string | number)[], message: string) =>
    problems.push({ key: path.join('.'), message, path });
  layout.fields.forEach((f, i) => {
    if (OPTION_FIELD_TYPES.includes(f.type) && f.options.some((o) => !o.trim())) {
      add(['fields', i, 'options'], 'Fill in or remove the empty option');
    }
    const v = f.validation;
    if (v.pattern && !isValidPattern(v.pattern))
      add(['fields', i, 'validation', 'pattern'], 'The pattern is not valid');
    if (v.min !== undefined && v.max !== undefined && v.min > v.max) {
      add(['fields', i, 'validation', 'min'], 'The minimum is above the maximum');
    }
    if (v.min_length !== undefined && v.max_length !== undefined && v.min_length > v.max_length) {
      add(['fields', i, 'validation', 'min_length'], 'The minimum length is above the maximum');
    }
  });
  return problems;
}
