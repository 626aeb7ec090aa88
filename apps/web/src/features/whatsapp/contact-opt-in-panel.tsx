import { useState } from 'react';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { formatDateTime } from '../../shared/format/date';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { WHATSAPP_KEYS, fetchOptIn, saveOptIn } from './whatsapp-api';

/**
 * The contact's WhatsApp consent on the staff contact screen: given or not, when, from where and
 * whether the phone can be messaged; "Record opt-in" / "Withdraw" with where the consent came from.
 */
export function WhatsappOptInPanel({ contactId, canUpdate }: { contactId: string; canUpdate: boolean }) {
  const queryClient = useQueryClient();
  const [source, setSource] = useState('');
  const optIn = useQuery({
    queryKey: WHATSAPP_KEYS.optIn(contactId),
    queryFn: ({ signal }) => fetchOptIn(contactId, signal),
  });
  const save = useMutation({
    mutationFn: (opted: boolean) => saveOptIn(contactId, { opted_in: opted, source: source.trim() }),
    onSuccess: (next) => {
      queryClient.setQueryData(WHATSAPP_KEYS.optIn(contactId), next);
      setSource('');
      notifications.show({ color: 'teal', message: next.opted_in ? 'Opt-in recorded' : 'Opt-in withdrawn' });
    },
  });
  const data = optIn.data;
  const sourceErr =
    isApiError(save.error) && save.error.isValidation ? save.error.fieldErrors.source : undefined;
  return (
    <Card withBorder radius="md" padding="md" data-testid="whatsapp-opt-in">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>WhatsApp</Text>
          {data && (
            <Badge color={data.opted_in ? 'teal' : 'gray'} variant="light">
              {data.opted_in ? 'Opted in' : 'Not opted in'}
            </Badge>
          )}
        </Group>
        {optIn.isPending && <Skeleton h={40} aria-label="Loading the WhatsApp consent" />}
        {optIn.isError && <ErrorAlert>{errorText(optIn.error)}</ErrorAlert>}
        {data && (
          <>
            <Text size="sm" c="dimmed">
              {data.recorded_at
                ? `${data.opted_in ? 'Given' : 'Withdrawn'} ${formatDateTime(data.recorded_at)}: ${data.source}`
                : 'Signing links, reminders and form links go over WhatsApp only to contacts who agreed.'}
            </Text>
            {!data.phone_usable && (
              <Text size="sm" c="orange">
                {data.phone
                  ? `The phone ${data.phone} cannot be messaged: give it with the country code (e.g. +44 7700 900123).`
                  : 'The contact has no phone number.'}
              </Text>
            )}
          </>
        )}
        {data && canUpdate && (
          <Stack gap="xs">
            <TextInput
              label={data.opted_in ? 'Why it is withdrawn' : 'Where the consent came from'}
              placeholder={data.opted_in ? 'Asked to stop by phone' : 'Signed paper form'}
              value={source}
              onChange={(e) => setSource(e.currentTarget.value)}
              error={sourceErr}
            />
            {save.error && !sourceErr && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
            <Group justify="flex-end">
              <Button
                size="xs"
                variant={data.opted_in ? 'default' : 'filled'}
                color={data.opted_in ? 'red' : undefined}
                loading={save.isPending}
                onClick={() => save.mutate(!data.opted_in)}
              >
                {data.opted_in ? 'Withdraw opt-in' : 'Record opt-in'}
              </Button>
            </Group>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
