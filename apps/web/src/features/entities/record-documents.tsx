import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Badge,
  Button,
  FileButton,
  Group,
  Paper,
  Select,
  Skeleton,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileText, IconLink, IconPaperclip, IconSignature, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TRecordDocument } from '@esigns/contracts/record-extras';
import { api } from '../../shared/api/api-client';
import { formatDate } from '../../shared/format/date';
import { AppDialog } from '../../shared/ui/app-dialog';
import { fetchDocumentList } from '../document-lists/document-lists-api';
import { documentDetailPath } from '../document-lists/document-paths';
import { formatFileSize } from '../documents/upload/upload-files';
import { ConfirmDialog, ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { DocumentFilterBar, useRecordDocumentFilter } from './record-document-filters';

/*
 * Documents kept with a record: plain files uploaded here (PDF, images, Office, text...) and
 * links to e-sign documents of the workspace. Files download through a signed address; a linked
 * document opens on its own page.
 */

const segment = encodeURIComponent;
const DOCUMENT_KEYS = { list: (recordId: string) => ['entities', 'record-documents', recordId] };
const FILE_ACCEPT =
  '.pdf,.png,.jpg,.jpeg,.gif,.webp,.bmp,.tif,.tiff,.heic,.docx,.doc,.xlsx,.xls,.pptx,.ppt,.odt,.ods,.odp,.rtf,.txt,.csv';

export async function fetchRecordDocuments(entityId: string, recordId: string, signal?: AbortSignal) {
  const path = `/entities/getDocuments/${segment(entityId)}/${segment(recordId)}`;
  return (await api.get<TRecordDocument[]>(path, undefined, { signal })).data;
}

export async function uploadRecordDocuments(entityId: string, recordId: string, files: File[]) {
  const form = new FormData();
  form.append('entity_id', entityId);
  form.append('entity_data_id', recordId);
  for (const file of files) form.append('files', file, file.name);
  return (await api.post<TRecordDocument[]>('/entities/uploadDocuments', form)).data;
}

export async function linkRecordDocument(entityId: string, recordId: string, documentId: string) {
  const body = { entity_id: entityId, entity_data_id: recordId, employee_document_id: documentId };
  return (await api.post<TRecordDocument[]>('/entities/uploadDocuments', body)).data;
}

export async function detachRecordDocument(id: string): Promise<void> {
  await api.delete(`/entities/documents/${segment(id)}`);
}

/** Picks one of the workspace's documents the caller sees, by name. */
function LinkDocumentDialog({
  onLink,
  onClose,
}: {
  onLink: (id: string) => Promise<void>;
  onClose: () => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, 250);
  const [chosen, setChosen] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const documents = useQuery({
    queryKey: ['documents', 'link-picker', debounced],
    queryFn: ({ signal }) =>
      fetchDocumentList(
        'all-documents',
        { page: 1, limit: 20, ...(debounced ? { search: debounced } : {}) },
        signal,
      ),
  });
  const data = (documents.data?.data ?? []).map((d) => ({ value: d._id, label: `${d.name} (${d.status})` }));
  const link = async () => {
    if (!chosen) return;
    setSaving(true);
    try {
      await onLink(chosen);
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <AppDialog
      opened
      onClose={onClose}
      title="Link a document"
      onConfirm={() => void link()}
      confirmLabel="Link"
      isConfirmDisabled={!chosen}
      isConfirmLoading={saving}
    >
      <Stack gap="sm">
        {Boolean(error) && <ErrorAlert>{errorText(error)}</ErrorAlert>}
        <Select
          label="Document"
          placeholder="Search by name"
          searchable
          data={data}
          value={chosen}
          onChange={setChosen}
          searchValue={search}
          onSearchChange={setSearch}
          filter={({ options }) => options}
          nothingFoundMessage={documents.isLoading ? 'Loading…' : 'No documents found'}
        />
      </Stack>
    </AppDialog>
  );
}

function DocumentRow({ doc, onDetach }: { doc: TRecordDocument; onDetach?: (() => void) | undefined }) {
  const isDocument = doc.kind === 'DOCUMENT';
  return (
    <Group gap="sm" wrap="nowrap" data-testid="record-document">
      <ThemeIcon variant="light" color={isDocument ? 'orange' : 'gray'} radius="sm">
        {isDocument ? <IconSignature size={16} /> : <IconFileText size={16} />}
      </ThemeIcon>
      <Stack gap={0} miw={0} style={{ flex: 1 }}>
        {isDocument && doc.employee_document_id ? (
          <Anchor component={Link} to={documentDetailPath(doc.employee_document_id)} size="sm" truncate>
            {doc.name}
          </Anchor>
        ) : (
          <Anchor href={doc.download_url ?? undefined} size="sm" truncate target="_blank" rel="noopener">
            {doc.name}
          </Anchor>
        )}
        <Text size="xs" c="dimmed">
          {isDocument ? 'E-sign document' : formatFileSize(doc.size ?? 0)}
          {doc.template ? ` from the template ${doc.template.name}` : ''} · added {formatDate(doc.created_at)}
        </Text>
      </Stack>
      {doc.document_status && (
        <Badge variant="light" size="sm">
          {doc.document_status}
        </Badge>
      )}
      {onDetach && (
        <ActionIcon variant="subtle" color="gray" aria-label={`Detach ${doc.name}`} onClick={onDetach}>
          <IconX size={16} />
        </ActionIcon>
      )}
    </Group>
  );
}

/** A record's documents: list, upload of files, link of e-sign documents, detach. */
export function RecordDocuments({ entityId, recordId }: { entityId: string; recordId: string }) {
  const { can } = useCan();
  const queryClient = useQueryClient();
  const key = DOCUMENT_KEYS.list(recordId);
  const documents = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchRecordDocuments(entityId, recordId, signal),
  });
  const shown = useRecordDocumentFilter(entityId, recordId, key, documents);
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [linking, setLinking] = useState(false);
  const [detaching, setDetaching] = useState<TRecordDocument | null>(null);
  const [detachError, setDetachError] = useState<unknown>(null);
  const canEdit = can('entity-data:update');
  const refresh = () => void queryClient.invalidateQueries({ queryKey: key });

  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setUploading(true);
    setError(null);
    try {
      await uploadRecordDocuments(entityId, recordId, files);
      refresh();
    } catch (err) {
      setError(err);
    } finally {
      setUploading(false);
    }
  };
  const detach = async () => {
    if (!detaching) return;
    try {
      await detachRecordDocument(detaching._id);
      setDetaching(null);
      refresh();
    } catch (err) {
      setDetachError(err);
    }
  };

  const rows = shown.rows ?? [];
  return (
    <Paper withBorder p="md" radius="md">
      <Group justify="space-between" mb="sm">
        <Title order={5}>Documents</Title>
        {canEdit && (
          <Group gap="xs">
            <Button
              size="xs"
              variant="default"
              leftSection={<IconLink size={14} />}
              onClick={() => setLinking(true)}
            >
              Link document
            </Button>
            <FileButton
              onChange={(files) => void upload(files)}
              multiple
              accept={FILE_ACCEPT}
              inputProps={{ 'aria-label': 'Choose documents to upload' }}
            >
              {(props) => (
                <Button {...props} size="xs" leftSection={<IconPaperclip size={14} />} loading={uploading}>
                  Upload
                </Button>
              )}
            </FileButton>
          </Group>
        )}
      </Group>
      <Stack gap="sm">
        <DocumentFilterBar
          filter={shown.filter}
          onFilter={shown.setFilter}
          templates={shown.templates}
          templateId={shown.templateId}
          onTemplate={shown.setTemplateId}
        />
        {Boolean(error) && <ErrorAlert>{errorText(error)}</ErrorAlert>}
        {shown.isLoading && <Skeleton h={48} />}
        {shown.error && <ErrorAlert>{errorText(shown.error)}</ErrorAlert>}
        {shown.rows && rows.length === 0 && (
          <Text size="sm" c="dimmed" ta="center" py="sm">
            {shown.empty}
          </Text>
        )}
        {rows.map((doc) => (
          <DocumentRow
            key={doc._id}
            doc={doc}
            onDetach={
              canEdit
                ? () => {
                    setDetachError(null);
                    setDetaching(doc);
                  }
                : undefined
            }
          />
        ))}
      </Stack>
      {linking && (
        <LinkDocumentDialog
          onClose={() => setLinking(false)}
          onLink={async (id) => {
            await linkRecordDocument(entityId, recordId, id);
            setLinking(false);
            refresh();
          }}
        />
      )}
      <ConfirmDialog
        opened={detaching !== null}
        title={`Detach ${detaching?.name ?? 'this document'}?`}
        confirmLabel="Detach"
        onConfirm={() => void detach()}
        onClose={() => setDetaching(null)}
        error={detachError}
      >
        It is no longer listed with this record. A linked e-sign document itself is not changed.
      </ConfirmDialog>
    </Paper>
  );
}
