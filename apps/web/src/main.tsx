import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/dates/styles.css';
import './app/global.css';
import { afterNextPaint } from './static-pages/after-paint';
import { showLoadFailure } from './static-pages/load-failure';

/**
 * The entry: the style sheet, then the app (boot.tsx). On a page the server drew ahead
 * (static-pages/pages.ts: the sign-in and sign-up pages) the page is painted first and the app's
 * biggest parts are run one per task, so that the visitor can type into the drawn page while the
 * app starts (the whole app in one task kept a slow phone's page from answering for seconds).
 */
async function start() {
  if (document.querySelector('#root > [data-static-page]')) {
    await afterNextPaint();
    await import('react-dom/client');
    await afterNextPaint();
  }
  await import('./boot');
}

// Its code lost on the way (the network dropped): said, with a way to load the page again.
void start().catch((error: unknown) => {
  console.error('The app could not be loaded', error);
  showLoadFailure();
});
