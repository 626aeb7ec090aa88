import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { TCompanySealCertificate } from '@esigns/contracts/seal-certificates';
import { fail, installFakeApi, ok, type FakeHandler } from '../../shared/testing/fake-api';
import { staffSessionPerTest } from '../../shared/testing/test-session';
import { SealCertificatePanel } from './seal-certificate-panel';
import { renderScreen } from './team-test-utils';

const OWN: TCompanySealCertificate = {
  source: 'COMPANY',
  certificate: {
    subject: 'CN=Acme Sealing, O=Acme Corp',
    common_name: 'Acme Sealing',
    issuer: 'CN=Acme CA, O=Acme Corp',
    not_before: '2026-01-01T00:00:00.000Z',
    not_after: '2028-01-01T00:00:00.000Z',
    key_type: 'ECDSA P-256',
    fingerprint_sha256: 'ab'.repeat(32),
    chain_length: 2,
    uploaded_at: '2026-11-30T00:00:00.000Z',
  },
};
const NONE: TCompanySealCertificate = { source: 'INSTANCE', certificate: null };

function certificateApi(initial: TCompanySealCertificate, put: FakeHandler): FakeHandler {
  let current = initial;
  return async (call) => {
    if (call.path !== '/api/company-seal-certificate') return undefined;
    if (call.method === 'GET') return ok(current);
    if (call.method === 'DELETE') {
      current = NONE;
      return ok(current);
    }
    const answer = await put(call);
    if (answer?.ok) current = OWN;
    return answer;
  };
}

staffSessionPerTest();

describe('SealCertificatePanel', () => {
  it('uploads a PKCS#12 with its passphrase and shows the reason of a refusal under the input', async () => {
    let tries = 0;
    const api = installFakeApi(
      certificateApi(NONE, () =>
        tries++ === 0
          ? fail(422, 'The passphrase does not open this PKCS#12 bundle', {
              errors: {
                details: [
                  {
                    key: 'passphrase',
                    message: 'The passphrase does not open this PKCS#12 bundle',
                    path: ['passphrase'],
                  },
                ],
              },
            })
          : ok(OWN),
      ),
    );
    renderScreen(<SealCertificatePanel canManage />, '/profile/companyProfile');
    expect(await screen.findByText('Default certificate')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Upload certificate' }));
    const dialog = await screen.findByRole('dialog');
    const bytes = new Uint8Array([0x30, 0x82, 0x01, 0x02, 0xff]);
    fireEvent.change(within(dialog).getByLabelText('PKCS#12 file'), {
      target: { files: [new File([bytes], 'acme.p12', { type: 'application/x-pkcs12' })] },
    });
    expect(await within(dialog).findByText('acme.p12')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText(/^Passphrase/), { target: { value: 'wrong' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check and save' }));
    expect(await within(dialog).findByText('The passphrase does not open this PKCS#12 bundle')).toBeTruthy();
    expect(api.callsTo('/api/company-seal-certificate', 'PUT')[0]?.body).toEqual({
      file: 'MIIBAv8=',
      passphrase: 'wrong',
    });

    fireEvent.change(within(dialog).getByLabelText(/^Passphrase/), { target: { value: 'right' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Check and save' }));
    expect(await screen.findByText('CN=Acme Sealing, O=Acme Corp')).toBeTruthy();
    expect(screen.getByText("Your company's certificate")).toBeTruthy();
    expect(screen.getByText('ab'.repeat(32))).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('removes the company certificate after asking', async () => {
    const api = installFakeApi(certificateApi(OWN, () => undefined));
    renderScreen(<SealCertificatePanel canManage />, '/profile/companyProfile');
    expect(await screen.findByText('ECDSA P-256, 2 certificate(s)')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Default certificate')).toBeTruthy();
    expect(api.callsTo('/api/company-seal-certificate', 'DELETE')).toHaveLength(1);
  });

  it('shows the certificate without actions to those who cannot manage it', async () => {
    installFakeApi(certificateApi(OWN, () => undefined));
    renderScreen(<SealCertificatePanel canManage={false} />, '/profile/companyProfile');
    expect(await screen.findByText('CN=Acme CA, O=Acme Corp')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /certificate|Remove/ })).toBeNull();
  });
});
