import { Notifications } from '@mantine/notifications';

/** Mantine's toast container, bottom right: at the top it covered the bell and the account menu. */
export function Toasts() {
  return <Notifications position="bottom-right" limit={4} />;
}
