import { notifications } from '@mantine/notifications';
import { afterEach } from 'vitest';

/*
 * Set-up of every web test file. Files of the `web` project share one module graph per worker,
 * so module-level stores outlive a file: Mantine's notification store is emptied after each test
 * (a toast from one file would otherwise show in the next).
 */
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});
