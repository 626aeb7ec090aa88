import { useEffect, useMemo } from 'react';
import { Box, Button, Skeleton, Stack, Text } from '@mantine/core';
import { IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { formatMoney } from '@esigns/contracts/payments';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame, Panel, QueryFailure, StateMessage } from '../../shared/ui/page-kit';
import { InvoicePages } from './invoice-pages';
import { PAYMENT_KEYS, fetchInvoice, fetchInvoicePdf } from './payments-api';

function PdfView({ blob, fileName }: { blob: Blob; fileName: string }) {
  const url = useMemo(() => URL.createObjectURL(blob), [blob]);
  useEffect(() => () => URL.revokeObjectURL(url), [url]);
  return (
    <Stack gap="sm">
      <Box>
        <Button component="a" href={url} download={fileName} leftSection={<IconDownload size={16} />}>
          Download PDF
        </Button>
      </Box>
      <Panel>
        <div title="Invoice PDF">
          <InvoicePages blob={blob} cacheKey={fileName} />
        </div>
      </Panel>
    </Stack>
  );
}

/** /invoice?id=: an invoice's PDF with a download button. */
export function InvoiceScreen() {
  usePageTitle('Invoice');
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const invoice = useQuery({
    queryKey: PAYMENT_KEYS.invoice(id),
    queryFn: ({ signal }) => fetchInvoice(id, signal),
    enabled: id !== '',
  });
  const pdf = useQuery({
    queryKey: PAYMENT_KEYS.invoicePdf(id),
    queryFn: ({ signal }) => fetchInvoicePdf(id, signal),
    enabled: id !== '',
    staleTime: Infinity,
  });
  const data = invoice.data;
  return (
    <PageFrame
      title={data ? `Invoice ${data.number}` : 'Invoice'}
      description={
        data
          ? `${formatMoney(data.total)} · ${data.issuer.name} to ${data.payer.name ?? data.payer.email}`
          : undefined
      }
    >
      {id === '' ? (
        <Panel>
          <StateMessage icon={<IconFileInvoice size={28} />} color="gray" title="No invoice named">
            <Text c="dimmed" size="sm">
              Open an invoice from a payment or the transactions list.
            </Text>
          </StateMessage>
        </Panel>
      ) : invoice.isError ? (
        <QueryFailure query={invoice} title="Could not load the invoice" />
      ) : pdf.isError ? (
        <QueryFailure query={pdf} title="Could not load the invoice PDF" />
      ) : pdf.data && data ? (
        <PdfView blob={pdf.data} fileName={`${data.number}.pdf`} />
      ) : (
        <Skeleton h={400} />
      )}
    </PageFrame>
  );
}
