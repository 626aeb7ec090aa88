import { createContext, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Anchor,
  Box,
  Button,
  FileButton,
  Group,
  Image,
  Input,
  Progress,
  Stack,
  Text,
  ThemeIcon,
} from '@mantine/core';
import { IconFile, IconPaperclip, IconPhoto, IconX } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TFormField, TFormFieldOf } from '@esigns/contracts/nocode-fields';
import type { TFileRef } from '@esigns/contracts/nocode-value-coercion';
import {
  recordFileProblem,
  recordFileType,
  type TRecordFileDownload,
  type TRecordFileDownloadRequest,
  type TRecordFileStatus,
  type TRecordFileUploadRequest,
  type TRecordFileUploadTicket,
} from '@esigns/contracts/record-extras';
import { api } from '../../shared/api/api-client';
import { ApiError } from '../../shared/api/api-error';
import { formatFileSize, putFileWithProgress } from '../documents/upload/upload-files';
import { errorText } from '../../shared/ui/page-kit';

/*
 * Files of FILE and IMAGE fields, uploaded the moment they are chosen: an upload address
 * (`templates-data/file-upload-url`), a PUT straight to storage with progress, then the
 * confirmation (`file-upload-status`) whose file reference becomes the value. Images show
 * thumbnails through `file-download-url`. Outside a record (template previews) files stay local.
 */

type FileField = TFormFieldOf<'FILE' | 'IMAGE'>;

export async function requestRecordFileUpload(
  body: TRecordFileUploadRequest,
): Promise<TRecordFileUploadTicket> {
  return (await api.post<TRecordFileUploadTicket>('/templates-data/file-upload-url', body)).data;
}

export async function confirmRecordFileUpload(fileRefId: string): Promise<TRecordFileStatus> {
  return (await api.post<TRecordFileStatus>('/templates-data/file-upload-status', { file_ref_id: fileRefId }))
    .data;
}

export async function fetchRecordFileUrl(
  body: Partial<TRecordFileDownloadRequest>,
  signal?: AbortSignal,
): Promise<TRecordFileDownload> {
  return (await api.post<TRecordFileDownload>('/templates-data/file-download-url', body, { signal })).data;
}

export type UploadTarget = { entity_id: string; template_id: string; field_key: string };

/** The three calls of one upload; answers the file reference to keep as the value. */
export async function uploadRecordFile(
  target: UploadTarget,
  file: File,
  options: { onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<TFileRef> {
  const type = recordFileType(file);
  const ticket = await requestRecordFileUpload({
    ...target,
    file_name: file.name,
    mime_type: type,
    size: file.size,
  });
  await putFileWithProgress(ticket.upload_url, file, type, options);
  const { status, ...ref } = await confirmRecordFileUpload(ticket.file_ref_id);
  if (status !== 'UPLOADED') {
    throw new ApiError({ status: 0, message: 'The file did not arrive. Try again.' });
  }
  return ref;
}

type Scope = { entityId: string; templateId: string; fields: readonly TFormField[] };
const RecordFileContext = createContext<Scope | null>(null);

/** Another home of uploads than records (a form submission's): its upload and download calls. */
export type FileUploader = {
  upload: (
    field: FileField,
    file: File,
    options: { onProgress: (fraction: number) => void; signal: AbortSignal },
  ) => Promise<TFileRef>;
  downloadUrl: (file: TFileRef, signal?: AbortSignal) => Promise<string>;
};
const FileUploaderContext = createContext<FileUploader | null>(null);

/** Inputs and file lists inside upload and open their files through `uploader` instead of the records' calls. */
export function FileUploaderScope({ uploader, children }: { uploader: FileUploader; children: ReactNode }) {
  return <FileUploaderContext.Provider value={uploader}>{children}</FileUploaderContext.Provider>;
}

/** The address a file opens at: through the uploader in scope, else the records' download call. */
const urlOf = async (uploader: FileUploader | null, file: TFileRef, signal?: AbortSignal) =>
  uploader
    ? uploader.downloadUrl(file, signal)
    : (await fetchRecordFileUrl({ file_ref_id: file.file_ref_id }, signal)).download_url;

/** Wrap a template's inputs of a record (or entry) form: their files upload for that entity and template. */
export function RecordFileScope({ children, ...scope }: Scope & { children: ReactNode }) {
  return <RecordFileContext.Provider value={scope}>{children}</RecordFileContext.Provider>;
}

/** The key a file field uploads under: the field's, or `<table>.<column>` for a data table column. */
export function uploadKeyOf(fields: readonly TFormField[], field: FileField): string {
  if (fields.some((f) => f === field || (f.key === field.key && f.type === field.type))) return field.key;
  const table = fields.find(
    (f) => f.type === 'DATA_TABLE' && f.columns.some((c) => c === field || c.key === field.key),
  );
  return table ? `${table.key}.${field.key}` : field.key;
}

const asFiles = (value: unknown): TFileRef[] =>
  Array.isArray(value)
    ? value.filter((f): f is TFileRef => typeof f === 'object' && f !== null && 'file_ref_id' in f)
    : [];
const isLocal = (file: TFileRef) => file.file_ref_id.startsWith('local/');

/** A small picture of an uploaded image (a signed address, refreshed before it expires). */
export function RecordFileThumb({ file, size = 40 }: { file: TFileRef; size?: number }) {
  const uploader = useContext(FileUploaderContext);
  const url = useQuery({
    queryKey: ['record-file-url', uploader ? 'scoped' : 'record', file.file_ref_id],
    queryFn: ({ signal }) => urlOf(uploader, file, signal),
    enabled: !isLocal(file) && file.mime_type.startsWith('image/'),
    // Scoped links (form files) live minutes; the records' an hour.
    staleTime: uploader ? 4 * 60_000 : 45 * 60_000,
  });
  if (url.data) {
    return <Image src={url.data} alt={file.name} w={size} h={size} radius="sm" fit="cover" />;
  }
  return (
    <ThemeIcon variant="light" color="gray" size={size} radius="sm">
      {file.mime_type.startsWith('image/') ? <IconPhoto size={size / 2} /> : <IconFile size={size / 2} />}
    </ThemeIcon>
  );
}

/** Opens an uploaded file in a new tab. */
async function openFile(uploader: FileUploader | null, file: TFileRef) {
  window.open(await urlOf(uploader, file), '_blank', 'noopener');
}

/** A file's type for people: its extension, else the subtype of its MIME type. */
const typeLabel = (file: TFileRef) =>
  (/\.([a-z0-9]{1,8})$/i.exec(file.name)?.[1] ?? file.mime_type.split('/').pop() ?? '').toUpperCase();

function FileName({ file, withType = false }: { file: TFileRef; withType?: boolean }) {
  const uploader = useContext(FileUploaderContext);
  const [error, setError] = useState<string | null>(null);
  return (
    <Box miw={0} style={{ flex: 1 }}>
      {isLocal(file) ? (
        <Text size="sm" truncate>
          {file.name}
        </Text>
      ) : (
        <Anchor
          component="button"
          type="button"
          size="sm"
          maw="100%"
          style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
          onClick={() => void openFile(uploader, file).catch((err: unknown) => setError(errorText(err)))}
        >
          {file.name}
        </Anchor>
      )}
      <Text size="xs" c={error ? 'red' : 'dimmed'}>
        {error ??
          (withType ? `${typeLabel(file)} · ${formatFileSize(file.size)}` : formatFileSize(file.size))}
      </Text>
    </Box>
  );
}

/** Uploaded files as thumbnails and names that open them (record pages, grid drawers); `withType` adds their type. */
export function RecordFileList({ value, withType = false }: { value: unknown; withType?: boolean }) {
  const files = asFiles(value);
  if (files.length === 0) return <Text c="dimmed">—</Text>;
  return (
    <Stack gap={6}>
      {files.map((file) => (
        <Group key={file.file_ref_id} gap="xs" wrap="nowrap">
          <RecordFileThumb file={file} size={32} />
          <FileName file={file} withType={withType} />
        </Group>
      ))}
    </Stack>
  );
}

type Upload = {
  id: number;
  name: string;
  progress: number;
  error: string | null;
  controller: AbortController;
};

export type RecordFileInputProps = {
  field: FileField;
  value: unknown;
  onChange: (value: unknown) => void;
  label?: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  /** Errors by file index (`0`, `1`...), from the validator or the server. */
  nestedErrors?: Record<string, string>;
};

/** The input of a FILE or IMAGE field: choose, upload at once with progress, remove. */
export function RecordFileInput({
  field,
  value,
  onChange,
  label,
  description,
  error,
  nestedErrors = {},
}: RecordFileInputProps) {
  const scope = useContext(RecordFileContext);
  const uploader = useContext(FileUploaderContext);
  const files = useMemo(() => asFiles(value), [value]);
  // The value as it will be once the last upload is in (uploads may finish before a re-render).
  const latest = useRef(files);
  useEffect(() => {
    latest.current = files;
  }, [files]);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [problems, setProblems] = useState<string[]>([]);
  const nextId = useRef(0);
  const patch = (id: number, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.id === id ? { ...u, ...change } : u)));
  const add = (ref: TFileRef) => {
    latest.current = [...latest.current, ref];
    onChange(latest.current);
  };

  const start = async (file: File) => {
    if (!scope && !uploader) {
      add({
        file_ref_id: `local/${file.name}`,
        name: file.name,
        size: file.size,
        mime_type: recordFileType(file),
      });
      return;
    }
    const upload: Upload = {
      id: nextId.current++,
      name: file.name,
      progress: 0,
      error: null,
      controller: new AbortController(),
    };
    setUploads((list) => [...list, upload]);
    try {
      const options = {
        signal: upload.controller.signal,
        onProgress: (progress: number) => patch(upload.id, { progress }),
      };
      const ref = uploader
        ? await uploader.upload(field, file, options)
        : await uploadRecordFile(
            {
              entity_id: scope!.entityId,
              template_id: scope!.templateId,
              field_key: uploadKeyOf(scope!.fields, field),
            },
            file,
            options,
          );
      setUploads((list) => list.filter((u) => u.id !== upload.id));
      add(ref);
    } catch (err) {
      if (upload.controller.signal.aborted) setUploads((list) => list.filter((u) => u.id !== upload.id));
      else patch(upload.id, { error: errorText(err) });
    }
  };

  const choose = (chosen: File | File[] | null) => {
    const list = chosen === null ? [] : Array.isArray(chosen) ? chosen : [chosen];
    const found: string[] = [];
    let room = field.max_files - files.length - uploads.filter((u) => !u.error).length;
    for (const file of list) {
      const problem = recordFileProblem(field, {
        name: file.name,
        mime_type: recordFileType(file),
        size: file.size,
      });
      if (problem) found.push(problem.message);
      else if (room <= 0)
        found.push(`${file.name}: at most ${field.max_files} file${field.max_files > 1 ? 's' : ''}`);
      else {
        room -= 1;
        void start(file);
      }
    }
    setProblems(found);
  };

  const full = files.length + uploads.filter((u) => !u.error).length >= field.max_files;
  const hint = `${field.max_files > 1 ? `Up to ${field.max_files} files, ` : ''}${field.max_size_mb} MB each`;
  return (
    <Input.Wrapper label={label} description={description} required={field.required} error={error}>
      <Stack gap={6} mt={4}>
        {files.map((file, index) => (
          <Group key={`${file.file_ref_id}-${index}`} gap="xs" wrap="nowrap" data-testid="record-file">
            <RecordFileThumb file={file} />
            <Box miw={0} style={{ flex: 1 }}>
              <FileName file={file} />
              {nestedErrors[String(index)] && (
                <Text size="xs" c="red">
                  {nestedErrors[String(index)]}
                </Text>
              )}
            </Box>
            {!field.read_only && (
              <ActionIcon
                variant="subtle"
                color="gray"
                aria-label={`Remove ${file.name}`}
                onClick={() => onChange(files.filter((_, i) => i !== index))}
              >
                <IconX size={16} />
              </ActionIcon>
            )}
          </Group>
        ))}
        {uploads.map((upload) => (
          <Group key={upload.id} gap="xs" wrap="nowrap" data-testid="record-file-upload">
            <Box miw={0} style={{ flex: 1 }}>
              <Text size="sm" truncate>
                {upload.name}
              </Text>
              {upload.error ? (
                <Text size="xs" c="red" role="alert">
                  {upload.error}
                </Text>
              ) : (
                <Progress
                  value={upload.progress * 100}
                  size="sm"
                  aria-label={`Uploading ${upload.name}`}
                  animated
                />
              )}
            </Box>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={upload.error ? `Dismiss ${upload.name}` : `Cancel ${upload.name}`}
              onClick={() => {
                upload.controller.abort();
                setUploads((list) => list.filter((u) => u.id !== upload.id));
              }}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
        {problems.map((problem) => (
          <Text key={problem} size="xs" c="red" role="alert">
            {problem}
          </Text>
        ))}
        {!field.read_only && !full && (
          <Group gap="xs">
            <FileButton
              onChange={choose}
              multiple={field.max_files > 1}
              accept={field.allowed_file_types.join(',') || undefined}
              inputProps={{ 'aria-label': `Choose files for ${field.label}` }}
            >
              {(props) => (
                <Button
                  {...props}
                  variant="default"
                  size="xs"
                  leftSection={field.type === 'IMAGE' ? <IconPhoto size={14} /> : <IconPaperclip size={14} />}
                >
                  {field.type === 'IMAGE' ? 'Add image' : 'Attach file'}
                </Button>
              )}
            </FileButton>
            <Text size="xs" c="dimmed">
              {field.placeholder || hint}
            </Text>
          </Group>
        )}
      </Stack>
    </Input.Wrapper>
  );
}
