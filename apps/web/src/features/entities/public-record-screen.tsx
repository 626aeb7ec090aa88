import { Alert, Box, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { RECORD_ACTION_KEYS, fetchPublicRecord } from './record-actions-api';

const WIDE = new Set(['MULTI_LINE_TEXT', 'RICH_TEXT', 'DATA_TABLE', 'LOCATION']);

/**
 * `/view/{entityDataId}/{entityId}/{templateId}?token=` (public): a record shared with a read-only
 * link (`GET /oa_entitydata/{id}`), one template's fields and values as text. No sign-in.
 */
export function PublicRecordScreen() {
  const { entityDataId = '', entityId = '', templateId = '' } = useParams();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const record = useQuery({
    queryKey: RECORD_ACTION_KEYS.publicRecord(entityDataId, token),
    queryFn: ({ signal }) =>
      fetchPublicRecord({ id: entityDataId, entity_id: entityId, template_id: templateId, token }, signal),
    enabled: Boolean(token),
    retry: false,
  });
  usePageTitle(record.data?.title || 'Shared record');

  if (!token || record.error) {
    const expired = isApiError(record.error) && record.error.status === 410;
    const revoked = isApiError(record.error) && record.error.error_code === 'LINK_REVOKED';
    return (
      <Alert
        color="gray"
        icon={<IconLinkOff size={18} />}
        title={revoked ? 'This link was revoked' : expired ? 'This link has expired' : 'Link not valid'}
      >
        {expired
          ? 'Ask the person who shared it for a new link.'
          : 'The link is incomplete, was changed, or the record is no longer shared.'}
      </Alert>
    );
  }
  if (!record.data) return <Skeleton h={320} />;
  const view = record.data;
  return (
    <Stack gap="md">
      <Box>
        <Text size="sm" c="dimmed">
          {view.company_name} · {view.entity.name}
        </Text>
        <Title order={2}>{view.title || view.entity.name}</Title>
        <Text size="xs" c="dimmed">
          Changed {formatDate(view.updated_at)} · link valid until {formatDate(view.expires_at)}
        </Text>
      </Box>
      <Paper withBorder p="md" radius="md">
        <Title order={5} mb="sm">
          {view.template.name}
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {view.fields.map((f) => (
            <Box key={f.key} style={WIDE.has(f.type) ? { gridColumn: '1 / -1' } : undefined}>
              <Text size="xs" c="dimmed">
                {f.label}
              </Text>
              <Text size="sm" style={{ whiteSpace: 'pre-line' }} c={f.text ? undefined : 'dimmed'}>
                {f.text || '—'}
              </Text>
            </Box>
          ))}
        </SimpleGrid>
      </Paper>
    </Stack>
  );
}
