import { useState } from 'react';
import { Alert, Button, Group, List, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconPlugConnected } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { OAUTH_SCOPE_LABELS } from '@esigns/contracts/oauth';
import { errorText } from '../../shared/ui/page-kit';
import { answerConsent, fetchConsent } from './oauth-api';

/** Leaves the app for the authorization endpoint (which redirects to the client app). */
export const leaveFor = { go: (url: string) => window.location.assign(url) };

/**
 * /signin/oauth: a client app asks to act for the signed-in user (the route signs in first). Shows
 * the app's name and the requested scopes in words; Allow or Deny sends the browser back through
 * the authorization endpoint to the app.
 */
export function ConsentScreen() {
  const [params] = useSearchParams();
  const uid = params.get('uid') ?? '';
  const details = useQuery({
    queryKey: ['oauth', 'consent', uid],
    queryFn: () => fetchConsent(uid),
    enabled: uid !== '',
    retry: false,
  });
  const [leaving, setLeaving] = useState(false);
  const answer = useMutation({
    mutationFn: (decision: 'allow' | 'deny') => answerConsent(uid, decision),
    onSuccess: (redirectTo) => {
      setLeaving(true);
      leaveFor.go(redirectTo);
    },
  });

  if (uid === '' || details.isError) {
    return (
      <Stack gap="md" data-testid="oauth-consent-error">
        <Title order={3}>This request cannot be answered</Title>
        <Alert color="red" variant="light">
          {uid === ''
            ? 'The link is missing its request. Start again from the app.'
            : errorText(details.error)}
        </Alert>
      </Stack>
    );
  }
  if (details.isPending) return <Skeleton height={220} radius="md" aria-label="Loading the request" />;
  const { app, scopes } = details.data;
  return (
    <Stack gap="md" data-testid="oauth-consent">
      <Group gap="sm" wrap="nowrap">
        <ThemeIcon size={44} radius="md" variant="light">
          <IconPlugConnected size={26} />
        </ThemeIcon>
        <Title order={3}>{app.name} wants to use your account</Title>
      </Group>
      <Text size="sm">If you allow it, {app.name} will be able to:</Text>
      <List spacing={6} size="sm" icon={<IconCheck size={16} color="var(--mantine-color-teal-7)" />}>
        {scopes.map((scope) => (
          <List.Item key={scope}>{OAUTH_SCOPE_LABELS[scope]}</List.Item>
        ))}
        {scopes.length === 0 && <List.Item>Know that you use this workspace (nothing else)</List.Item>}
      </List>
      <Text size="xs" c="dimmed">
        It acts as you, with your permissions, until you or an admin removes the app.
      </Text>
      {answer.isError && <Alert color="red">{errorText(answer.error)}</Alert>}
      <Group justify="flex-end" gap="sm">
        <Button
          variant="default"
          disabled={answer.isPending || leaving}
          onClick={() => answer.mutate('deny')}
        >
          Deny
        </Button>
        <Button
          loading={(answer.isPending && answer.variables === 'allow') || leaving}
          disabled={answer.isPending}
          onClick={() => answer.mutate('allow')}
        >
          Allow
        </Button>
      </Group>
    </Stack>
  );
}
