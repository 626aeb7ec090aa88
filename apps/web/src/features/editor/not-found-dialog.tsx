import { Button, Text } from '@mantine/core';
import { AppDialog } from '../../shared/ui/app-dialog';

/**
 * Spec 2 §2: loading a configurable document answered 404. The server's message in a dialog
 * titled Warning with an Ok button; Ok or dismissing it goes on (to /dashboard).
 */
export function NotFoundDialog({ message, onDone }: { message: string; onDone: () => void }) {
  return (
    <AppDialog
      opened
      onClose={onDone}
      title="Warning"
      size="sm"
      footer={<Button onClick={onDone}>Ok</Button>}
    >
      <Text size="sm">{message}</Text>
    </AppDialog>
  );
}
