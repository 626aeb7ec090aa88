import { SimpleGrid, Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame } from '../../shared/ui/page-kit';
import { CameraScanner } from './camera-scanner';
import { CheckInList } from './check-in-list';
import { CodeEntry } from './code-entry';
import { ScanModePanel } from './scan-mode-panel';
import { ScanResult } from './scan-result';
import { useScannerSettings } from './scanner-settings';
import { useScanner } from './use-scanner';

/**
 * `/scanner`: scan a QR code or barcode with the camera, from a photo, or typed (a USB scanner
 * types and presses Enter) to open what it links to, find a record by a field, or check a record in.
 */
export function ScannerScreen() {
  usePageTitle('Scanner');
  const [params] = useSearchParams();
  const [settings, setSettings] = useScannerSettings();
  const scanner = useScanner(settings);

  return (
    <PageFrame title="Scanner" description="Scan a QR code or barcode to open a record or check it in.">
      <ScanModePanel settings={settings} onChange={setSettings} fields={scanner.fields} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <CameraScanner
          onCode={scanner.scan}
          autoStart={params.get('camera') === '1'}
          context={JSON.stringify(settings)}
        />
        <Stack gap="md">
          {/* First in its column: right under the camera on a phone. */}
          <div aria-live="polite" data-testid="scan-result">
            {scanner.outcome && (
              <ScanResult
                outcome={scanner.outcome}
                busy={scanner.busy}
                onCheckIn={scanner.checkInRecord}
                onDismiss={scanner.dismiss}
              />
            )}
          </div>
          <CodeEntry onCode={scanner.scan} busy={scanner.busy} />
          {settings.mode === 'checkin' && <CheckInList history={scanner.history} />}
        </Stack>
      </SimpleGrid>
    </PageFrame>
  );
}
