import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeRecord, DOC_ID, SECRET, USER_ID } from '../features/signing/signing-test-utils';
import { readSignerCredentials } from '../features/signing/signer-credentials';
import { formatDate } from '../shared/format/date';
import { installFakeApi, ok } from '../shared/testing/fake-api';
import { guestPerTest } from '../shared/testing/test-session';
import { renderSigningLanding } from './drawn-landing';
import { captureStaticPage, findStaticPage } from './hand-over';
import { takeOver, unmountAfterEach } from './take-over-for-tests';

guestPerTest();

const LANDING = `/emp-documents/preview/${DOC_ID}/pp/vp/${USER_ID}`;
const LINK = `${LANDING}?token=${SECRET}`;

unmountAfterEach();

describe("a signing link's landing drawn by the server (drawn-landing.tsx)", () => {
  it('is the landing the app draws for the record, its button marked to be pressed by the app', async () => {
    const record = makeRecord();
    const markup = await renderSigningLanding(record, LINK);
    const page = document.createElement('div');
    page.innerHTML = markup!;
    expect(page.querySelector('[data-testid="public-layout"]')).not.toBeNull();
    expect(page.querySelector('[data-testid="ready-to-sign"]')).not.toBeNull();
    expect(page.textContent).toContain(`Hello ${record.recipient.first_name},`);
    expect(page.querySelector('[data-testid="document-name"]')?.textContent).toBe(record.document.name);
    const button = page.querySelector('[data-early-action="review"]');
    expect(button?.textContent).toContain('Review and sign');
  });

  it('holds the document’s first page, hidden, for a "Review and sign" pressed before the app runs', async () => {
    const record = makeRecord();
    const page = document.createElement('div');
    page.innerHTML = (await renderSigningLanding(record, LINK, { firstPageUrl: '/files/page-1.png?sig=1' }))!;
    const view = page.querySelector<HTMLElement>('[data-early-view="review"]')!;
    expect(view.hidden).toBe(true);
    expect(view.getAttribute('data-early-view-until')).toContain('page-image-1');
    const image = view.querySelector('img[data-testid="page-image-1"]')!;
    expect(image.getAttribute('src')).toBe('/files/page-1.png?sig=1');
    expect(image.getAttribute('alt')).toBe(`Page 1 of ${record.pages.length}`);
    expect(view.textContent).toContain(record.document.name);
    // Without the image, or when the recipient may not act, there is none.
    expect(await renderSigningLanding(record, LINK)).not.toContain('data-early-view');
    const waiting = makeRecord({ blocked: 'WAITING_FOR_OTHERS' });
    expect(await renderSigningLanding(waiting, LINK, { firstPageUrl: '/files/p.png' })).not.toContain(
      'data-early-view',
    );
  });

  it('keeps nothing of the request: the secret and the company’s date format are forgotten', async () => {
    const before = formatDate('2027-02-03T10:00:00.000Z');
    const record = makeRecord({ company_dates: { ...makeRecord().company_dates, format: 'YYYY-MM-DD' } });
    await renderSigningLanding(record, LINK);
    expect(readSignerCredentials(DOC_ID)).toBeNull();
    expect(formatDate('2027-02-03T10:00:00.000Z')).toBe(before);
  });

  it.each([
    ['an email code to enter', { gates: ['EMAIL_CODE' as const] }],
    ['an expired link', { blocked: 'EXPIRED' as const }],
    ['a finished recipient', { blocked: 'ALREADY_FINISHED' as const }],
  ])('draws nothing for %s (the app goes to its own screen)', async (_case, overrides) => {
    expect(await renderSigningLanding(makeRecord(overrides), LINK)).toBeNull();
  });

  it('draws the waiting and closed notices', async () => {
    const waiting = await renderSigningLanding(makeRecord({ blocked: 'WAITING_FOR_OTHERS' }), LINK);
    expect(waiting).toContain('Waiting for others');
    const voided = await renderSigningLanding(makeRecord({ blocked: 'VOIDED' }), LINK);
    expect(voided).toContain('data-testid="closed"');
  });

  it('draws nothing for another address', async () => {
    expect(await renderSigningLanding(makeRecord(), `/signin?token=${SECRET}`)).toBeNull();
  });

  it('"Review and sign" pressed before the app ran is pressed by the app once it has the page', async () => {
    const record = makeRecord();
    const api = installFakeApi((call) => {
      if (call.path === `/api/e-signs/${DOC_ID}`) return ok(record);
      if (call.path === '/api/e-sign/no-secure-signature') return ok({ verified: true });
      return undefined;
    });
    const container = document.createElement('div');
    container.innerHTML = `<div data-static-page="signing-landing">${(await renderSigningLanding(record, LINK))!}</div>`;
    document.body.append(container);
    // What the page's early script does with the click.
    container.querySelector('[data-early-action="review"]')!.setAttribute('data-action-pending', '');
    expect(captureStaticPage(findStaticPage(container)!).action).toBe('review');

    const router = await takeOver(container, LINK);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/emp-documents/custom/${DOC_ID}/pp`));
    // Pressed once: the opening is recorded once.
    expect(api.callsTo('/api/e-sign/no-secure-signature')).toHaveLength(1);
  });
});
