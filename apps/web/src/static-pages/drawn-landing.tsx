import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { TESignRecord } from '@esigns/contracts/signing';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { buildRoutes } from '../app/router';
import { PUBLIC_ROUTES } from '../app/routes';
import { LANDING_ADDRESS } from '../features/signing/landing-address';
import { clearSignerCredentials } from '../features/signing/signer-credentials';
import { SIGNING_KEYS } from '../features/signing/signing-api';
import { signerStepOf, type SignerStep } from '../features/signing/signing-paths';
import { setDefaultDateFormat } from '../shared/format/date';

/**
 * A signing link's landing drawn by the server for one request (apps/server/src/drawn-pages.ts),
 * from the recipient's record, with the app's own route tree (guard → public layout → landing
 * screen) and React's server renderer, for a signed-out visitor with the default branding: the
 * same markup the app then draws over it (static-pages/hand-over.ts). Built by `vite build --ssr`
 * into `dist-ssr/drawn-landing.js` (scripts/build.mjs), which the server imports.
 *
 * Only the steps the landing draws by itself: ready to act, waiting for others, closed. An email
 * code to enter, an expired or finished link go to screens of their own: the app draws those.
 */
const DRAWN_STEPS: ReadonlySet<SignerStep> = new Set(['ready', 'waiting', 'closed']);

const LANDING = PUBLIC_ROUTES.filter((route) => route.pattern.endsWith('/pp/vp/{user_id}'));
const handler = createStaticHandler(buildRoutes(LANDING));

export async function renderSigningLanding(record: TESignRecord, url: string): Promise<string | null> {
  const address = new URL(url, 'http://localhost');
  const match = LANDING_ADDRESS.exec(address.pathname);
  if (!match || !DRAWN_STEPS.has(signerStepOf(record))) return null;
  const documentId = decodeURIComponent(match[1] ?? '');
  const context = await handler.query(new Request(address));
  if (context instanceof Response || context.errors) return null;
  const queryClient = createQueryClient();
  queryClient.setQueryData(SIGNING_KEYS.record(documentId), record);
  try {
    return renderToString(
      <AppProviders queryClient={queryClient}>
        <StaticRouterProvider
          router={createStaticRouter(handler.dataRoutes, context)}
          context={context}
          hydrate={false}
        />
      </AppProviders>,
    );
  } finally {
    // What the screen kept while drawing (the link's secret, the company's date format) belongs to
    // this request: the browser's copy is its own.
    clearSignerCredentials(documentId);
    setDefaultDateFormat(null);
    queryClient.clear();
  }
}
