import { useState } from 'react';
import { Box, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconBan } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TIframeLink } from '@esigns/contracts/iframe-links';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import { ConfirmDialog, ErrorAlert, LoadError, PageFrame, Panel, errorText } from '../../shared/ui/page-kit';
import { IFRAME_KEYS, KIND_LABELS, fetchLink, revokeLink, updateLink } from './iframe-links-api';
import { EXPIRY_CHOICES, expiresIn } from './link-fields';
import { LinkSnippets, LinkStatusBadge } from './link-parts';

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Box>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" component="div">
        {children}
      </Text>
    </Box>
  );
}

/** Its status, target, expiry, opens and maker; a new expiry; revoke after asking. */
function LinkFacts({ link }: { link: TIframeLink }) {
  const rights = useCan();
  const queryClient = useQueryClient();
  const [days, setDays] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: IFRAME_KEYS.all });
  const extend = useMutation({
    mutationFn: (d: string) => updateLink({ id: link._id, expires_at: expiresIn(d) }),
    onSuccess: () => {
      notifications.show({ color: 'teal', message: 'Expiry changed' });
      setDays(null);
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: async () => {
      const answer = await revokeLink(link._id);
      if (!answer.deleted) throw new Error(answer.error);
    },
    onSuccess: () => {
      notifications.show({ color: 'teal', message: `"${link.name}" revoked` });
      setAsking(false);
      refresh();
    },
  });
  const live = link.status !== 'REVOKED';
  return (
    <Panel>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
          <Fact label="Status">
            <LinkStatusBadge status={link.status} />
          </Fact>
          <Fact label="Shows">
            {KIND_LABELS[link.kind]}: {link.target_name}
          </Fact>
          <Fact label="Expires">{formatDateTime(link.expires_at)}</Fact>
          <Fact label="Opens">
            {link.opens}
            {link.last_opened_at ? ` (last ${formatDateTime(link.last_opened_at)})` : ''}
          </Fact>
          <Fact label="Created by">{link.created_by.name}</Fact>
          <Fact label={link.revoked_at ? 'Revoked' : 'Created'}>
            {formatDateTime(link.revoked_at ?? link.created_at)}
          </Fact>
        </SimpleGrid>
        {live && rights.can('iframe-links:update') && (
          <Group align="flex-end" gap="sm" wrap="wrap">
            <Select
              label="New expiry"
              placeholder="Expires in…"
              data={EXPIRY_CHOICES}
              value={days}
              onChange={setDays}
              w={180}
            />
            <Button disabled={!days} loading={extend.isPending} onClick={() => days && extend.mutate(days)}>
              Save expiry
            </Button>
            {live && rights.can('iframe-links:delete') && (
              <Button
                color="red"
                variant="light"
                leftSection={<IconBan size={16} />}
                onClick={() => setAsking(true)}
              >
                Revoke
              </Button>
            )}
          </Group>
        )}
        {extend.isError && <ErrorAlert>{errorText(extend.error)}</ErrorAlert>}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title="Revoke iframe link"
        confirmLabel="Revoke"
        onConfirm={() => revoke.mutate()}
        onClose={() => setAsking(false)}
        isPending={revoke.isPending}
        error={revoke.error}
      >
        Revoke <b>{link.name}</b>? Pages that embed it show “revoked” at once.
      </ConfirmDialog>
    </Panel>
  );
}

/** /externalLink/{externalLinkId}: one iframe link, its preview in a frame, its snippet. */
export function LinkDetailsScreen() {
  const { externalLinkId = '' } = useParams();
  const query = useQuery({
    queryKey: IFRAME_KEYS.one(externalLinkId),
    queryFn: ({ signal }) => fetchLink(externalLinkId, signal),
  });
  usePageTitle(query.data?.name ?? 'Iframe link');
  const back = (
    <Button component={Link} to="/iframeLink" variant="default" leftSection={<IconArrowLeft size={16} />}>
      All links
    </Button>
  );
  if (query.isError) {
    return (
      <PageFrame title="Iframe link" actions={back}>
        <LoadError error={query.error} onRetry={() => void query.refetch()} title="Could not load the link" />
      </PageFrame>
    );
  }
  const link = query.data;
  return (
    <PageFrame title={link?.name ?? 'Iframe link'} actions={back}>
      {link && (
        <Stack gap="lg">
          <LinkFacts link={link} />
          <Panel>
            <LinkSnippets link={link} />
          </Panel>
          {link.status === 'ACTIVE' && (
            <Stack gap={4}>
              <Text size="sm" fw={500}>
                Preview
              </Text>
              {/* preview_url carries the server's preview marker: this preview is not counted as an open. */}
              <iframe
                src={link.preview_url}
                title={`Preview of ${link.name}`}
                style={{
                  width: '100%',
                  height: 560,
                  border: '1px solid var(--mantine-color-gray-3)',
                  borderRadius: 8,
                }}
              />
            </Stack>
          )}
        </Stack>
      )}
    </PageFrame>
  );
}
