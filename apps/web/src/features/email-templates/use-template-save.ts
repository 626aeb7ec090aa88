import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TEmailTemplate, TEmailTemplateCreate, TEmailTemplateUpdate } from '@esigns/contracts/email';
import { isApiError } from '../../shared/api/api-error';
import { EMAIL_TEMPLATE_KEYS, createEmailTemplate, updateEmailTemplate } from './email-templates-api';
import { editPathOf } from './paths';

/** The message of a 422 detail on `key` (or on one of its parts, e.g. `record_ids.2`). */
export function fieldError(error: unknown, key: string): string | undefined {
  if (!isApiError(error) || !error.isValidation) return undefined;
  const entries = Object.entries(error.fieldErrors);
  const own = entries.filter(([k]) => k === key || k.startsWith(`${key}.`)).map(([, message]) => message);
  return own.length > 0 ? own.join(' ') : undefined;
}

/**
 * Saves a template: create (then opens its edit page) or update (`id` given). The failure stays on
 * the mutation so the form puts 422 details on its fields.
 */
export function useTemplateSave(id: string | undefined) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: TEmailTemplateCreate): Promise<TEmailTemplate> => {
      if (!id) return createEmailTemplate(body);
      const { type: _type, ...fields } = body;
      const update: TEmailTemplateUpdate = { id, ...fields };
      if ('entity_id' in update) delete (update as { entity_id?: string }).entity_id;
      return updateEmailTemplate(update);
    },
    onSuccess: (saved) => {
      notifications.show({ color: 'teal', message: `${saved.name} saved` });
      queryClient.setQueryData(EMAIL_TEMPLATE_KEYS.one(saved._id), saved);
      void queryClient.invalidateQueries({ queryKey: EMAIL_TEMPLATE_KEYS.all, exact: false });
      if (!id) void navigate(editPathOf(saved), { replace: true });
    },
  });
}
