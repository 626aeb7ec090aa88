import { useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TFormBuilder } from '@esigns/contracts/form-builders';
import { isApiError } from '../../../shared/api/api-error';
import { FORM_BUILDER_KEYS, createFormBuilder, formPaths, updateFormBuilder } from '../form-builders-api';
import { keyedBySteps, requestOf, type DraftErrors, type FormDraft } from './form-draft';

/**
 * Saving the draft: `POST /formBuilders` the first time (then the address becomes the form's),
 * `PUT /formBuilders` with the version last read afterwards. A 422's details land on the fields
 * (step details on the step they were about, wherever it has moved since); a 409 (saved by someone
 * else meanwhile) is `isConflict`.
 */
export function useSaveForm(
  saved: TFormBuilder | null,
  onSaved: (form: TFormBuilder, sent: FormDraft) => void,
) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [serverErrors, setServerErrors] = useState<DraftErrors>({});
  const mutation = useMutation({
    mutationFn: (draft: FormDraft) =>
      saved
        ? updateFormBuilder({ ...requestOf(draft), _id: saved._id, version: saved.version })
        : createFormBuilder(requestOf(draft)),
    onMutate: () => setServerErrors({}),
    onSuccess: (form, sent) => {
      onSaved(form, sent);
      queryClient.setQueryData(FORM_BUILDER_KEYS.one(form._id), form);
      void queryClient.invalidateQueries({ queryKey: FORM_BUILDER_KEYS.all, refetchType: 'none' });
      notifications.show({ color: 'teal', message: saved ? `${form.name} saved` : `${form.name} created` });
      if (!saved) void navigate(formPaths.builder(form), { replace: true });
    },
    onError: (error, draft) => {
      if (isApiError(error) && error.isValidation)
        setServerErrors(keyedBySteps(error.fieldErrors, draft.steps));
    },
  });
  const error = mutation.error;
  return {
    mutation,
    serverErrors,
    isConflict: isApiError(error) && error.status === 409,
    /** A failure that is not about a field (the 409 has its own message). */
    otherError:
      error &&
      !(
        isApiError(error) &&
        (error.status === 409 || (error.isValidation && Object.keys(error.fieldErrors).length > 0))
      )
        ? error
        : null,
  };
}
