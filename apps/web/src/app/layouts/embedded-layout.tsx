import { Box } from '@mantine/core';
import { Outlet } from 'react-router';

/** /if/{ssoAuth}/*: the screens inside a host frame, without any chrome of their own. */
export function EmbeddedLayout() {
  return (
    <Box mih="100vh" p="md" bg="gray.0" data-testid="embedded-layout">
      <Outlet />
    </Box>
  );
}
