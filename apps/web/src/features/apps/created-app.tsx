import { Alert, Button, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { TAppDetail } from '@esigns/contracts/apps';

/** After creating an app: where to go next (try it here, publish it). */
export function CreatedApp({ app }: { app: TAppDetail }) {
  return (
    <Alert color="teal" title={`${app.name} ${app.version} is ready (draft)`} data-testid="app-created">
      <Text size="sm">Install it here to try it, or publish it for review from My apps.</Text>
      <Group gap="xs" mt="xs">
        <Button component={Link} to={`/apps/install/info?app_id=${app._id}`} size="xs">
          Install it here
        </Button>
        <Button component={Link} to="/apps/published" size="xs" variant="default">
          My apps
        </Button>
      </Group>
    </Alert>
  );
}
