import { useState } from 'react';
import { Alert, Box, Button, Group, Loader, Pagination, Stack } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { PageCanvas } from '../editor/page-canvas';
import { usePdfDocument } from '../editor/pdf/use-pdf-document';
import { sameOriginUrl } from '../signing/signing-paths';
import type { TStepRequestFile } from './request-api';

/** A page is drawn at most this wide (CSS pixels); A4 when the answer gives no page sizes. */
const MAX_WIDTH = 720;
const A4 = { width: 595, height: 842 };

/**
 * The handed-in file (converted to PDF by the server) page by page, with its download, when the
 * answer carries its address; otherwise its name only (the card above).
 */
export function RequestFileView({ file }: { file: TStepRequestFile }) {
  const url = sameOriginUrl(file.url ?? null);
  const pdf = usePdfDocument(url);
  const [page, setPage] = useState(1);
  const { ref, width } = useElementSize();
  if (!url) return null;
  const pages = pdf.doc?.numPages ?? file.page_count ?? 1;
  const size = file.pages?.[page - 1] ?? A4;
  const zoom = Math.min(width || MAX_WIDTH, MAX_WIDTH) / size.width;
  return (
    <Stack gap="sm" ref={ref} data-testid="request-file-view">
      <Group justify="space-between" wrap="wrap">
        <Button
          component="a"
          href={url}
          download={file.name}
          variant="light"
          leftSection={<IconDownload size={16} />}
        >
          Download
        </Button>
        {pages > 1 && (
          <Pagination size="sm" total={pages} value={page} onChange={setPage} aria-label="Pages" />
        )}
      </Group>
      {pdf.status === 'loading' ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : pdf.status === 'error' ? (
        <Alert color="gray" variant="light">
          The file cannot be shown here; download it instead.
        </Alert>
      ) : (
        <Box
          style={{
            width: size.width * zoom,
            height: size.height * zoom,
            boxShadow: 'var(--mantine-shadow-sm)',
          }}
        >
          <PageCanvas pdf={pdf.doc} pageNumber={page} zoom={zoom} />
        </Box>
      )}
    </Stack>
  );
}
