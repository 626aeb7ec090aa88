import { Button, Center, Code, Stack, Text, Title } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { NotFoundScreen } from './not-found-screen';

function isChunkLoadError(error: unknown): boolean {
  return (
    error instanceof Error &&
    (error.name === 'ChunkLoadTimeoutError' ||
      /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
        error.message,
      ))
  );
}

/** Root error boundary: unknown routes, failed screen downloads and unexpected errors. */
export function RouteErrorScreen() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundScreen />;
  const isChunk = isChunkLoadError(error);
  if (!isChunk) console.error(error);
  return (
    <Center mih="100vh" p="lg">
      <Stack align="center" ta="center" maw={480} gap="sm">
        <Title order={2}>{isChunk ? 'This screen could not be loaded' : 'Something went wrong'}</Title>
        <Text c="dimmed">
          {isChunk
            ? 'The connection was too slow or a new version of the app was released. Reloading usually fixes it.'
            : 'An unexpected error stopped this screen. Reload the page to try again.'}
        </Text>
        {!isChunk && error instanceof Error && import.meta.env.DEV && <Code block>{error.message}</Code>}
        <Button leftSection={<IconRefresh size={16} />} onClick={() => window.location.reload()} mt="sm">
          Reload
        </Button>
      </Stack>
    </Center>
  );
}
