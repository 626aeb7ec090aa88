import { hasErrorsUnder, type DraftErrors } from './form-draft';

export type BuilderTab = 'details' | 'steps' | 'sharing' | 'approvals' | 'reminders';

/** The builder's tabs, with the paths whose messages each shows (to mark a tab and open it). */
export const BUILDER_TABS: { value: BuilderTab; label: string; paths: string[] }[] = [
  { value: 'steps', label: 'Steps', paths: ['steps'] },
  {
    value: 'details',
    label: 'Who fills it',
    paths: ['description', 'owner_type', 'settings.contact_type_id'],
  },
  {
    value: 'sharing',
    label: 'Sharing',
    paths: [
      'settings.secure_access',
      'settings.one_per_person',
      'settings.max_submissions',
      'settings.opens_at',
      'settings.closes_at',
    ],
  },
  { value: 'approvals', label: 'Approvals', paths: ['settings.approval_levels'] },
  { value: 'reminders', label: 'Reminders', paths: ['settings.reminders', 'settings.thank_you_message'] },
];

export const tabHasErrors = (errors: DraftErrors, tab: BuilderTab) =>
  BUILDER_TABS.find((t) => t.value === tab)!.paths.some((path) => hasErrorsUnder(errors, path));

/** The first tab showing one of `errors`, if any does. */
export const firstTabWithErrors = (errors: DraftErrors): BuilderTab | undefined =>
  BUILDER_TABS.find((tab) => tabHasErrors(errors, tab.value))?.value;

/** Messages no tab or header input shows (e.g. `version`): said above the builder. */
export function unplacedErrors(errors: DraftErrors): string[] {
  const placed = (key: string) =>
    key === 'name' ||
    key === 'status' ||
    BUILDER_TABS.some((tab) => tab.paths.some((p) => key === p || key.startsWith(`${p}.`)));
  return Object.entries(errors)
    .filter(([key]) => !placed(key))
    .map(([key, message]) => `${key}: ${message}`);
}
