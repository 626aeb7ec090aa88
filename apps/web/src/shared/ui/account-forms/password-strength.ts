import { ZPassword } from '@esigns/contracts/auth';

export type PasswordCheck = { label: string; isMet: boolean };

export type PasswordStrength = {
  /** 0 nothing typed, 1 does not meet the rules, 2 fair, 3 good, 4 strong. */
  score: 0 | 1 | 2 | 3 | 4;
  label: string;
  /** The rules of ZPassword, each with whether the text meets it. */
  checks: PasswordCheck[];
  isValid: boolean;
};

const LABELS = ['', 'Too weak', 'Fair', 'Good', 'Strong'] as const;

/**
 * The hint under a new password: the contract's rules (8 characters, a letter, a digit) decide
 * whether it is accepted; length, mixed case and symbols only raise the strength shown.
 */
export function measurePassword(password: string): PasswordStrength {
  const checks: PasswordCheck[] = [
    { label: 'At least 8 characters', isMet: password.length >= 8 },
    { label: 'A letter', isMet: /[A-Za-z]/.test(password) },
    { label: 'A digit', isMet: /\d/.test(password) },
  ];
  const isValid = ZPassword.safeParse(password).success;
  if (!password) return { score: 0, label: LABELS[0], checks, isValid };
  if (!isValid) return { score: 1, label: LABELS[1], checks, isValid };
  const extras = [
    password.length >= 12,
    /[a-z]/.test(password) && /[A-Z]/.test(password),
    /[^A-Za-z0-9]/.test(password),
  ];
  const score = Math.min(4, 2 + extras.filter(Boolean).length) as 2 | 3 | 4;
  return { score, label: LABELS[score], checks, isValid };
}
