import { Anchor, Avatar, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TRecentNote } from '@esigns/contracts/document-notes';
import { formatDateTime } from '../../shared/format/date';
import { formatInitials } from '../../shared/format/name';
import { formatRelativeTime } from '../../shared/format/relative-time';
import { useSession } from '../../shared/session/session-store';
import { DocumentStatusBadge } from '../document-lists/document-badges';
import { documentDetailPath } from '../document-lists/document-paths';
import { DASHBOARD_KEYS, fetchRecentNotes } from './dashboard-api';
import { FeedSkeleton, OlderButton, PanelError } from './panel-states';

function NoteRow({ note }: { note: TRecentNote }) {
  const author = note.author?.name || note.author?.email || 'A former member';
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" py={8} px="sm" data-testid="recent-note">
      <Avatar radius="xl" size={30} color="blue" aria-hidden>
        {formatInitials(author) || '?'}
      </Avatar>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap" justify="space-between">
          <Anchor
            component={Link}
            to={documentDetailPath(note.document._id)}
            size="sm"
            fw={600}
            c="inherit"
            lineClamp={1}
            style={{ minWidth: 0 }}
          >
            {note.document.name}
          </Anchor>
          <DocumentStatusBadge status={note.document.status} />
        </Group>
        <Text size="sm" lineClamp={3} style={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
          {note.note}
        </Text>
        <Tooltip label={formatDateTime(note.created_at)} openDelay={400}>
          <Text size="xs" c="dimmed" w="fit-content">
            {note.is_mine ? 'You' : author} · {formatRelativeTime(note.created_at)}
            {note.edited ? ' · edited' : ''}
          </Text>
        </Tooltip>
      </Box>
    </Group>
  );
}

/**
 * The newest notes the team wrote on the documents the caller sees (`GET /all-documents/recent-notes`),
 * each opening its document's screen; older ones page in. Note and document events refresh it
 * (`DashboardLiveUpdates`).
 */
export function RecentNotes() {
  const session = useSession();
  const query = useInfiniteQuery({
    queryKey: DASHBOARD_KEYS.notes(session),
    queryFn: ({ pageParam, signal }) => fetchRecentNotes(pageParam, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page < last.total_pages ? last.page + 1 : undefined),
  });
  // A note written while older pages load shifts the pages by one: show each note once.
  const seen = new Set<string>();
  const notes = (query.data?.pages.flatMap((page) => page.data) ?? []).filter(
    (note) => !seen.has(note._id) && seen.add(note._id),
  );

  return (
    <Stack gap="xs" data-testid="recent-notes">
      <Text fw={600}>Recent notes</Text>
      {query.isPending ? (
        <FeedSkeleton label="Loading notes" rows={3} />
      ) : query.isError && notes.length === 0 ? (
        <PanelError error={query.error} onRetry={() => void query.refetch()} />
      ) : notes.length === 0 ? (
        <Text size="sm" c="dimmed" py="md" ta="center">
          No notes yet. Notes your team writes on a document (in its Notes section) show up here.
        </Text>
      ) : (
        <Stack gap={2}>
          {notes.map((note) => (
            <NoteRow key={note._id} note={note} />
          ))}
          <OlderButton query={query}>Show older notes</OlderButton>
        </Stack>
      )}
    </Stack>
  );
}
