import { useState } from 'react';
import { Alert, Box, Group, Loader, NativeSelect, Pagination, Stack, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { TDocumentRecipient } from '@esigns/contracts/document-lists';
import type { TSignerField } from '@esigns/contracts/signing';
import { isApiError } from '../../shared/api/api-error';
import { PageCanvas } from '../editor/page-canvas';
import { usePdfDocument } from '../editor/pdf/use-pdf-document';
import { DOCUMENT_LIST_KEYS, fetchPreview } from './document-lists-api';

/** Widest a page is drawn, in CSS pixels. */
const MAX_WIDTH = 820;

function FieldBox({ field, zoom, withValue }: { field: TSignerField; zoom: number; withValue: boolean }) {
  const isImage = field.value?.startsWith('data:image/') ?? false;
  return (
    <Box
      data-testid="preview-field"
      style={{
        position: 'absolute',
        left: field.x * zoom,
        top: field.y * zoom,
        width: field.width * zoom,
        height: field.height * zoom,
        border: `1px ${field.mine ? 'solid' : 'dashed'} var(--mantine-color-${field.mine ? 'orange-6' : 'gray-5'})`,
        background: field.mine ? 'rgba(242, 126, 12, 0.08)' : 'transparent',
        borderRadius: 2,
        overflow: 'hidden',
        fontSize: Math.max(9, 11 * zoom),
        lineHeight: 1.1,
        pointerEvents: 'none',
      }}
    >
      {withValue && field.value && !isImage && <span style={{ padding: 2 }}>{field.value}</span>}
      {withValue && isImage && (
        <img src={field.value!} alt="" style={{ width: '100%', height: '100%', objectFit: 'contain' }} />
      )}
    </Box>
  );
}

/**
 * The document's pages as one recipient sees them (`GET /documents/{id}/preview/{user_id}`): their
 * fields outlined, the values given so far drawn over the pages until the document is completed
 * (then the sealed file already carries them). pdf.js loads with this component only.
 */
export function DocumentPreview({
  documentId,
  recipients,
}: {
  documentId: string;
  recipients: TDocumentRecipient[];
}) {
  const choices = recipients.filter((r) => r.user_type !== 'CC');
  const [recipientId, setRecipientId] = useState(choices[0]?._id ?? '');
  const [page, setPage] = useState(1);
  const { ref, width } = useElementSize();
  const preview = useQuery({
    queryKey: DOCUMENT_LIST_KEYS.preview(documentId, recipientId),
    queryFn: ({ signal }) => fetchPreview(documentId, recipientId, signal),
    enabled: recipientId !== '',
    // The file's address is signed for a while: no need to fetch it again on every focus.
    staleTime: 60_000,
  });
  const pdf = usePdfDocument(preview.data?.file?.url ?? null);

  if (choices.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        The preview shows the document as a recipient sees it; this one has no recipient yet.
      </Text>
    );
  }
  const pages = preview.data?.pages ?? [];
  const size = pages[page - 1];
  const zoom = size ? Math.min(width || MAX_WIDTH, MAX_WIDTH) / size.width : 1;
  const withValues = preview.data?.document.status !== 'COMPLETED';
  return (
    <Stack gap="sm" ref={ref}>
      <Group justify="space-between" wrap="wrap">
        <NativeSelect
          aria-label="Preview as"
          size="xs"
          data={choices.map((r) => ({ value: r._id, label: `As ${r.name}` }))}
          value={recipientId}
          onChange={(event) => {
            setRecipientId(event.currentTarget.value);
            setPage(1);
          }}
        />
        {pages.length > 1 && (
          <Pagination size="sm" total={pages.length} value={page} onChange={setPage} aria-label="Pages" />
        )}
      </Group>
      {preview.isPending || (preview.data?.file && pdf.status === 'loading') ? (
        <Group justify="center" py="xl">
          <Loader size="sm" />
        </Group>
      ) : preview.isError ? (
        <Alert color="red" variant="light">
          {isApiError(preview.error) ? preview.error.message : 'The preview could not be loaded.'}
        </Alert>
      ) : !preview.data?.file || pdf.status === 'error' ? (
        <Alert color="gray" variant="light">
          The file cannot be shown here; download it instead.
        </Alert>
      ) : size ? (
        <Box
          data-testid="preview-page"
          style={{
            position: 'relative',
            width: size.width * zoom,
            height: size.height * zoom,
            boxShadow: 'var(--mantine-shadow-sm)',
            background: 'white',
          }}
        >
          <PageCanvas pdf={pdf.doc} pageNumber={page} zoom={zoom} />
          {preview.data.fields
            .filter((f) => f.page === page)
            .map((f) => (
              <FieldBox key={f.key} field={f} zoom={zoom} withValue={withValues} />
            ))}
        </Box>
      ) : null}
    </Stack>
  );
}
