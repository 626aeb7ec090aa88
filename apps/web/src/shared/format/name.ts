export type NameParts = {
  first_name?: string | null;
  last_name?: string | null;
  name?: string | null;
  email?: string | null;
};

function clean(value: string | null | undefined): string {
  return (value ?? '').replace(/\s+/g, ' ').trim();
}

/** 'First Last'; falls back to `name`, then to the e-mail, then ''. */
export function formatFullName(person: NameParts | null | undefined): string {
  if (!person) return '';
  const full = [clean(person.first_name), clean(person.last_name)].filter(Boolean).join(' ');
  return full || clean(person.name) || clean(person.email);
}

/**
 * Up to two upper-case initials: first letters of the first and last words ('Ada Byron King' ->
 * 'AK'), one letter for a single word, '' when there is nothing to take them from. An e-mail
 * contributes its first letter.
 */
export function formatInitials(nameOrPerson: string | NameParts | null | undefined): string {
  const text = typeof nameOrPerson === 'string' ? clean(nameOrPerson) : formatFullName(nameOrPerson);
  if (!text) return '';
  const words = (text.includes('@') ? (text.split('@')[0] ?? '') : text).split(/[\s._-]+/).filter(Boolean);
  const first = Array.from(words[0] ?? '')[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1] ?? '')[0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}
