/** What a mark is: a full signature or initials. */
export type MarkKind = 'signature' | 'initial';

/** How the editor speaks of each kind. */
export const MARK_WORDS: Record<MarkKind, { noun: string; typeLabel: string; typed: string }> = {
  signature: { noun: 'signature', typeLabel: 'Your name', typed: 'name' },
  initial: { noun: 'initials', typeLabel: 'Your initials', typed: 'initials' },
};

/** The message of a failure, or `fallback` for anything that is not an Error. */
export const reasonText = (reason: unknown, fallback: string) =>
  reason instanceof Error ? reason.message : fallback;
