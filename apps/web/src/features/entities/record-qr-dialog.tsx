import { Button, Center, Group, Image, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AppDialog } from '../../shared/ui/app-dialog';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { recordPath } from './paths';

/** The record page's address as a PNG QR code (data URL); `qrcode` is loaded on first use. */
export async function recordQrImage(url: string): Promise<string> {
  const { toDataURL } = await import('qrcode');
  return toDataURL(url, { width: 480, margin: 2, errorCorrectionLevel: 'M' });
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** Prints a label (the code, the record's title and address) from a hidden frame, not the whole app. */
function printLabel(image: string, title: string, url: string): void {
  const html =
    `<!doctype html><html><head><title>${escapeHtml(title)}</title><style>` +
    'body{font-family:sans-serif;text-align:center;margin:24px}img{width:60mm;height:60mm}' +
    'p{margin:4px 0;word-break:break-all}</style></head><body>' +
    `<img src="${image}" alt=""><p><strong>${escapeHtml(title)}</strong></p><p>${escapeHtml(url)}</p></body></html>`;
  const frame = document.createElement('iframe');
  frame.style.cssText = 'position:fixed;width:0;height:0;border:0;visibility:hidden';
  frame.src = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  frame.onload = () => {
    frame.contentWindow?.print();
    setTimeout(() => {
      URL.revokeObjectURL(frame.src);
      frame.remove();
    }, 60_000);
  };
  document.body.appendChild(frame);
}

/**
 * "QR code": the record's address as a QR code to print on a label; the scanner (`/scanner`)
 * opens the record from it, or checks it in.
 */
export function RecordQrDialog({
  opened,
  onClose,
  entityId,
  recordId,
  title,
}: {
  opened: boolean;
  onClose: () => void;
  entityId: string;
  recordId: string;
  title: string;
}) {
  const url = `${window.location.origin}${recordPath(entityId, recordId, 'view')}`;
  const image = useQuery({
    queryKey: ['record-qr', url],
    queryFn: () => recordQrImage(url),
    enabled: opened,
    staleTime: Infinity,
  });
  const name = title || 'record';
  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title="QR code"
      size="sm"
      footer={
        <>
          <Button
            variant="default"
            leftSection={<IconPrinter size={16} />}
            disabled={!image.data}
            onClick={() => image.data && printLabel(image.data, name, url)}
          >
            Print
          </Button>
          <Button
            component="a"
            href={image.data}
            download={`${name} QR code.png`}
            leftSection={<IconDownload size={16} />}
            disabled={!image.data}
          >
            Download PNG
          </Button>
        </>
      }
    >
      <Stack gap="sm">
        {image.error ? <ErrorAlert>{errorText(image.error)}</ErrorAlert> : null}
        <Center>
          {image.data ? (
            <Image src={image.data} alt={`QR code of ${name}`} w={240} h={240} radius="sm" />
          ) : (
            !image.error && <Skeleton w={240} h={240} />
          )}
        </Center>
        <Text size="sm" ta="center" fw={600}>
          {name}
        </Text>
        <Text size="xs" c="dimmed" ta="center" style={{ wordBreak: 'break-all' }}>
          {url}
        </Text>
        <Group justify="center">
          <Text size="xs" c="dimmed" ta="center">
            Scan it on the Scanner page to open this record or check it in.
          </Text>
        </Group>
      </Stack>
    </AppDialog>
  );
}
