import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../shared/testing/render-with-providers';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { RecordQrDialog } from './record-qr-dialog';

/* A record's QR code: its page address as a PNG to download or print. */

const ENTITY = '11111111-1111-4111-8111-111111111111';
const RECORD = '33333333-3333-4333-8333-333333333333';

staffSessionPerTest();
const createObjectURL = URL.createObjectURL;
afterEach(() => {
  URL.createObjectURL = createObjectURL;
  document.body.querySelectorAll('iframe').forEach((frame) => frame.remove());
});

describe('record QR code', () => {
  it("shows the record page's address as a QR code with Download PNG and Print", async () => {
    renderWithProviders(
      <RecordQrDialog opened onClose={() => {}} entityId={ENTITY} recordId={RECORD} title="Asha Rao" />,
    );
    const url = `${window.location.origin}/entity/${ENTITY}/view?dataId=${RECORD}`;
    expect(await screen.findByText(url)).toBeTruthy();
    const image = await screen.findByRole('img', { name: 'QR code of Asha Rao' });
    expect(image.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    const download = screen.getByRole('link', { name: 'Download PNG' });
    await waitFor(() => expect(download.getAttribute('href')).toBe(image.getAttribute('src')));
    expect(download.getAttribute('download')).toBe('Asha Rao QR code.png');
    expect(screen.getByRole('button', { name: 'Print' }).hasAttribute('disabled')).toBe(false);
  });

  it('prints a label (code, title, address) from a hidden frame, not the whole page', async () => {
    const blobs: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      blobs.push(blob);
      return 'blob:label';
    });
    renderWithProviders(
      <RecordQrDialog opened onClose={() => {}} entityId={ENTITY} recordId={RECORD} title="<Asha & Co>" />,
    );
    await screen.findByRole('img', { name: 'QR code of <Asha & Co>' });
    fireEvent.click(screen.getByRole('button', { name: 'Print' }));
    const frame = document.body.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('blob:label');
    const html = await blobs[0]!.text();
    expect(html).toContain('<img src="data:image/png;base64,');
    expect(html).toContain('&#60;Asha &#38; Co&#62;');
    expect(html).not.toContain('<Asha');
  });

  it('is offered in the record page\'s "More" menu', async () => {
    const { RecordActionsMenu } = await import('./record-actions-menu');
    renderWithProviders(
      <RecordActionsMenu entityId={ENTITY} entityName="Visitors" recordId={RECORD} title="Asha Rao" />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'More' }));
    fireEvent.click(await screen.findByRole('menuitem', { name: 'QR code' }));
    expect(await screen.findByRole('img', { name: 'QR code of Asha Rao' })).toBeTruthy();
  });
});
