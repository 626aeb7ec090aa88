import type { TFormSettings } from '@esigns/contracts/form-builders';
import type { DraftErrors, FormDraft } from './form-draft';

/** What every part of the builder gets: the draft, its messages by path, and how to change it. */
export type SectionProps = {
  draft: FormDraft;
  errors: DraftErrors;
  onDraft: (patch: Partial<FormDraft>) => void;
  onSettings: (patch: Partial<TFormSettings>) => void;
};
