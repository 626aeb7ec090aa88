import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TWebhookEndpoint } from '@esigns/contracts/webhooks';
import { errorText } from '../../shared/ui/page-kit';
import { WEBHOOK_KEYS, revealSecret, rotateSecret, sendTestEvent, updateEndpoint } from './webhooks-api';

/** A secret to show: the endpoint's URL, the secret, whether it is new (created or rotated). */
export type Shown = { url: string; secret: string; isNew: boolean };

/** The endpoint calls of the section, each telling how it went. */
export function useEndpointActions(onSecret: (shown: Shown) => void) {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: WEBHOOK_KEYS.all });
  const failed = (error: Error) => notifications.show({ color: 'red', message: errorText(error) });
  const reveal = useMutation({
    mutationFn: (e: TWebhookEndpoint) =>
      revealSecret(e._id).then((secret) => ({ url: e.url, secret, isNew: false })),
    onSuccess: onSecret,
    onError: failed,
  });
  const rotate = useMutation({
    mutationFn: (e: TWebhookEndpoint) =>
      rotateSecret(e._id).then((secret) => ({ url: e.url, secret, isNew: true })),
    onSuccess: onSecret,
    onError: failed,
  });
  const test = useMutation({
    mutationFn: (e: TWebhookEndpoint) => sendTestEvent(e._id),
    onSuccess: (delivery) => {
      refresh();
      notifications.show({ color: 'teal', message: `Test event sent to ${delivery.endpoint_url}` });
    },
    onError: failed,
  });
  const toggle = useMutation({
    mutationFn: (e: TWebhookEndpoint) => updateEndpoint(e._id, { enabled: !e.enabled }),
    onSuccess: (e) => {
      refresh();
      notifications.show({ color: 'teal', message: e.enabled ? 'Endpoint enabled' : 'Endpoint disabled' });
    },
    onError: failed,
  });
  return { reveal, rotate, test, toggle, refresh };
}
