import { useQuery } from '@tanstack/react-query';
import type { TFormSubmission, TStoredFormStep } from '@esigns/contracts/form-builders';
import { FILL_KEYS, fetchSubmission, fetchSubmissions, type FillAccess } from './fill-api';
import { loadStepTemplates } from './step-templates';

/** Statuses in which the filler may still change their answers. */
export const EDITABLE_STATUSES: ReadonlySet<string> = new Set(['DRAFT', 'SENT_BACK']);

/** The templates of a form's steps (see `loadStepTemplates`). */
export function useStepTemplates(
  formId: string | undefined,
  steps: readonly TStoredFormStep[],
  canRead: boolean,
) {
  return useQuery({
    queryKey: [...FILL_KEYS.templates(formId ?? ''), canRead],
    queryFn: ({ signal }) => loadStepTemplates(steps, canRead, signal),
    enabled: formId !== undefined,
    staleTime: 5 * 60_000,
  });
}

/**
 * The submission the filler works on: the one a personal link names, else their latest draft (or
 * one sent back to them) of this form, else null (a new one starts on the first save).
 * `fillerId`: only that filler's rows count (staff with the right to read everyone's).
 */
export function useStartingSubmission(
  access: FillAccess,
  formId: string | undefined,
  submissionId: string | undefined,
  fillerId?: string,
  /** Also a sent one (to read it): the latest of any status. */
  anyStatus = false,
) {
  return useQuery({
    queryKey: [
      ...FILL_KEYS.drafts(formId ?? ''),
      submissionId ?? 'latest',
      fillerId ?? access.kind,
      anyStatus,
    ],
    queryFn: async ({ signal }): Promise<TFormSubmission | null> => {
      if (submissionId) return fetchSubmission(access, submissionId, signal);
      const page = await fetchSubmissions(
        access,
        { formbuilder_details_id: formId ?? '', page: 1, limit: 20, sort: '-updated_at' },
        signal,
      );
      const draft = page.data.find(
        (row) =>
          (anyStatus || EDITABLE_STATUSES.has(row.status)) && (!fillerId || row.filler.id === fillerId),
      );
      return draft ? fetchSubmission(access, draft._id, signal) : null;
    },
    enabled: formId !== undefined,
    staleTime: Infinity,
    gcTime: 0,
  });
}
