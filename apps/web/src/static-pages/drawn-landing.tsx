import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import type { TESignRecord } from '@esigns/contracts/signing';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { buildRoutes } from '../app/router';
import { PUBLIC_ROUTES } from '../app/routes';
import { EARLY_PAGE_UNTIL, EarlyFirstPage } from '../features/signing/early-first-page';
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
 * With the address of the first page's image (`firstPageUrl`, when the server has it), the page
 * also holds the document's first page, hidden, for a "Review and sign" pressed before the app runs
 * (early-first-page.tsx; the page's early script shows it).
 */
const DRAWN_STEPS: ReadonlySet<SignerStep> = new Set(['ready', 'waiting', 'closed']);

const LANDING = PUBLIC_ROUTES.filter((route) => route.pattern.endsWith('/pp/vp/{user_id}'));
const handler = createStaticHandler(buildRoutes(LANDING));

export async function renderSigningLanding(
  record: TESignRecord,
  url: string,
  extra: { firstPageUrl?: string | null } = {},
): Promise<string | null> {
  const address = new URL(url, 'http://localhost');
  const match = LANDING_ADDRESS.exec(address.pathname);
  const step = signerStepOf(record);
  if (!match || !DRAWN_STEPS.has(step)) return null;
  const firstPage = step === 'ready' && extra.firstPageUrl ? extra.firstPageUrl : null;
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
        {firstPage && (
          // Shown by the page's early script when "Review and sign" is pressed before the app runs.
          <div data-early-view="review" data-early-view-until={EARLY_PAGE_UNTIL} hidden>
            <EarlyFirstPage record={record} image={firstPage} />
          </div>
        )}
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
