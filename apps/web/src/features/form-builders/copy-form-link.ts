import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { errorText } from '../../shared/ui/page-kit';
import { createFormLink } from './form-builders-api';

/**
 * "Copy link": asks the server for the form's public link (`POST /formBuilders-url`, ACTIVE forms
 * only) and puts it on the clipboard; a refusal (a form not active: 409) is said in a notification.
 */
export function useCopyFormLink() {
  return useMutation({
    mutationFn: async (formId: string) => {
      const link = await createFormLink(formId);
      await navigator.clipboard.writeText(link.url);
      return link;
    },
    onSuccess: (link) => notifications.show({ color: 'teal', title: 'Link copied', message: link.url }),
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
}
