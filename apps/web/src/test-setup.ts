import { notifications } from '@mantine/notifications';
import { configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy*/waitFor wait up to 5 s (default 1 s): on a loaded 2-core machine a screen's first
// render after a lazy import can take longer than a second. Nothing waits that long when it passes.
configure({ asyncUtilTimeout: 5_000 });

/*
 * Set-up of every web test file. Files of the `web` project share one module graph per worker,
 * so module-level stores outlive a file: Mantine's notification store is emptied after each test
 * (a toast from one file would otherwise show in the next).
 */
afterEach(() => {
  notifications.clean();
  notifications.cleanQueue();
});
