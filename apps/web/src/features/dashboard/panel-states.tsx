import { Box, Button, Group, Skeleton, Stack, Text } from '@mantine/core';
import { errorText } from '../../shared/ui/page-kit';

/** A dashboard panel that could not load: the server's message and a retry. */
export function PanelError({
  error,
  onRetry,
  inline = false,
}: {
  error: unknown;
  onRetry: () => void;
  /** Message and button on one line (inside a panel that shows other things too). */
  inline?: boolean;
}) {
  const Frame = inline ? Group : Stack;
  return (
    <Frame gap={inline ? 'xs' : 6} align={inline ? undefined : 'flex-start'}>
      <Text size="sm" c="red">
        {errorText(error)}
      </Text>
      <Button size="xs" variant="light" onClick={onRetry}>
        Try again
      </Button>
    </Frame>
  );
}

/** Placeholder rows of a feed (a round icon beside two lines) while it loads. */
export function FeedSkeleton({ label, rows = 4 }: { label: string; rows?: number }) {
  return (
    <Stack gap="sm" aria-label={label}>
      {Array.from({ length: rows }, (_, i) => (
        <Group key={i} gap="sm" wrap="nowrap">
          <Skeleton circle h={30} />
          <Box style={{ flex: 1 }}>
            <Skeleton h={12} w="80%" mb={6} />
            <Skeleton h={10} w="30%" />
          </Box>
        </Group>
      ))}
    </Stack>
  );
}

/** "Show older ..." under a feed while its infinite query has another page. */
export function OlderButton({
  query,
  children,
}: {
  query: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  children: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <Button
      variant="subtle"
      size="xs"
      mt={4}
      loading={query.isFetchingNextPage}
      onClick={() => void query.fetchNextPage()}
    >
      {children}
    </Button>
  );
}
