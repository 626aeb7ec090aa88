import { useMemo, useState } from 'react';
import { Alert, Box, Button, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  closestCenter,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import { SortableContext, sortableKeyboardCoordinates, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { IconArrowRight, IconInfoCircle } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { MAX_DOCUMENT_PAGES, MAX_FILES_PER_CALL } from '@esigns/contracts/files';
import { isApiError } from '../../../shared/api/api-error';
import { usePageTitle } from '../../../shared/branding/use-page-title';
import { FileDropZone } from '../../../shared/ui/file-drop-zone';
import { ErrorAlert, NoAccess, PageFrame, Panel, errorText } from '../../../shared/ui/page-kit';
import { useCan } from '../../../shared/permissions/use-can';
import { createDocument, editorPathOf } from './upload-api';
import { UploadFileRow } from './upload-file-row';
import { DOCUMENT_FILE_ACCEPT, DOCUMENT_FILE_HINT, baseNameOf } from './upload-files';
import { useUploadQueue, type UploadQueueOptions } from './use-upload-queue';

export type UploadScreenProps = { isTemplate: boolean } & Pick<UploadQueueOptions, 'pollDelayMs'>;

const TEXT = {
  document: {
    title: 'Upload document',
    description:
      'Add one or more files. They are converted to PDF and merged in the order shown, then you place the fields.',
    nameLabel: 'Document name',
    cancelTo: '/dashboard',
    permission: 'documents:create',
  },
  template: {
    title: 'New template',
    description:
      'Add the files of the template. They are converted to PDF and merged in the order shown, then you set up roles and fields.',
    nameLabel: 'Template name',
    cancelTo: '/templates',
    permission: 'templates:create',
  },
} as const;

/**
 * /documents/upload and /templates/upload: several files dropped or chosen, each checked, uploaded
 * with progress to its presigned address and converted by the server; reordered by drag (or the
 * arrows), removed or retried; then merged into one document or template, which opens in the
 * field editor.
 */
export function UploadScreen({ isTemplate, pollDelayMs }: UploadScreenProps) {
  const text = isTemplate ? TEXT.template : TEXT.document;
  usePageTitle(text.title);
  const navigate = useNavigate();
  const rights = useCan();
  const queue = useUploadQueue({ pollDelayMs });
  const { items } = queue;
  const [typedName, setTypedName] = useState<string | null>(null);
  const [nameError, setNameError] = useState<string | null>(null);

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 6 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const defaultName = items[0] ? baseNameOf(items[0].file.name) : '';
  const name = typedName ?? defaultName;
  const readyItems = items.filter((item) => item.phase === 'ready');
  const brokenCount = items.filter((item) => item.phase === 'failed' || item.phase === 'invalid').length;
  const busyCount = items.length - readyItems.length - brokenCount;
  const totalPages = useMemo(
    () => readyItems.reduce((sum, item) => sum + (item.fileInfo?.page_count ?? 0), 0),
    [readyItems],
  );
  const isTooManyPages = totalPages > MAX_DOCUMENT_PAGES;

  const create = useMutation({
    mutationFn: () =>
      createDocument({
        name: name.trim(),
        file_ref_ids: readyItems.map((item) => item.fileInfo!.file_ref_id),
        is_template: isTemplate,
      }),
    onSuccess: (document) =>
      navigate(
        editorPathOf(
          { ...document, is_template: isTemplate },
          { fromImage: readyItems.length === 1 && readyItems[0]!.file.type.startsWith('image/') },
        ),
      ),
    onError: (error) => {
      if (!isApiError(error) || !error.isValidation) return;
      if (error.fieldErrors.name) setNameError(error.fieldErrors.name);
      // A refused file of the merge (`file_ref_ids.1`) is shown on its own row.
      for (const [key, message] of Object.entries(error.fieldErrors)) {
        const match = /^file_ref_ids\.(\d+)$/.exec(key);
        const item = match ? readyItems[Number(match[1])] : undefined;
        if (item) queue.markFailed(item.id, message);
      }
    },
  });

  const onContinue = () => {
    if (!name.trim()) {
      setNameError(`Enter a ${isTemplate ? 'template' : 'document'} name`);
      return;
    }
    setNameError(null);
    create.mutate();
  };

  const onDragEnd = (event: DragEndEvent) => {
    if (event.over && event.active.id !== event.over.id) {
      queue.moveTo(String(event.active.id), String(event.over.id));
    }
  };

  if (rights.isLoading) {
    return (
      <PageFrame title={text.title}>
        <Skeleton h={240} radius="md" aria-busy="true" />
      </PageFrame>
    );
  }
  if (!rights.can(text.permission)) {
    return (
      <PageFrame title={text.title}>
        <Panel>
          <NoAccess>
            Your user type cannot create {isTemplate ? 'templates' : 'documents'}. Ask an owner or admin if
            you need to.
          </NoAccess>
        </Panel>
      </PageFrame>
    );
  }

  const blocker =
    items.length === 0
      ? 'Add at least one file.'
      : brokenCount > 0
        ? 'Remove or retry the files that failed.'
        : busyCount > 0
          ? 'Wait until every file is uploaded and converted.'
          : isTooManyPages
            ? `A document can have at most ${MAX_DOCUMENT_PAGES} pages.`
            : null;
  const mergeError =
    create.error && !(isApiError(create.error) && create.error.isValidation) ? create.error : null;
  const otherValidation =
    isApiError(create.error) && create.error.isValidation
      ? Object.entries(create.error.fieldErrors)
          .filter(([key]) => key !== 'name' && !/^file_ref_ids\.\d+$/.test(key))
          .map(([, message]) => message)
      : [];

  return (
    <PageFrame title={text.title} description={text.description}>
      <Stack gap="lg" maw={860}>
        <FileDropZone
          onFiles={queue.addFiles}
          accept={DOCUMENT_FILE_ACCEPT}
          title="Drop your files here"
          hint={`${DOCUMENT_FILE_HINT}. Up to ${MAX_FILES_PER_CALL} files, merged into one document.`}
          buttonLabel={items.length > 0 ? 'Add more files' : 'Choose files'}
          inputLabel="Choose files to upload"
          isCompact={items.length > 0}
        />
        {queue.refusedCount > 0 && (
          <Alert color="orange" variant="light" icon={<IconInfoCircle size={18} />}>
            At most {MAX_FILES_PER_CALL} files can be merged into one document;{' '}
            {queue.refusedCount === 1 ? '1 file was' : `${queue.refusedCount} files were`} left out.
          </Alert>
        )}

        {items.length > 0 && (
          <Panel>
            <Group justify="space-between" px="md" py="xs" bg="gray.0" wrap="wrap" gap="xs">
              <Text size="sm" fw={600}>
                Files ({items.length})
              </Text>
              <Text size="xs" c="dimmed">
                {totalPages > 0 ? `${totalPages} ${totalPages === 1 ? 'page' : 'pages'} · ` : ''}Drag to
                change the order
              </Text>
            </Group>
            <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
              <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
                <Box role="list" aria-label="Files to merge">
                  {items.map((item, index) => (
                    <Box role="listitem" key={item.id}>
                      <UploadFileRow
                        item={item}
                        index={index}
                        count={items.length}
                        onRetry={queue.retry}
                        onRemove={queue.remove}
                        onMove={queue.moveBy}
                      />
                    </Box>
                  ))}
                </Box>
              </SortableContext>
            </DndContext>
          </Panel>
        )}

        <TextInput
          label={text.nameLabel}
          placeholder={isTemplate ? 'e.g. Rental agreement' : 'e.g. Sale deed for flat 4B'}
          value={name}
          maxLength={200}
          onChange={(event) => {
            setTypedName(event.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
          withAsterisk
          maw={520}
        />

        {mergeError && <ErrorAlert>{errorText(mergeError)}</ErrorAlert>}
        {otherValidation.length > 0 && <ErrorAlert>{otherValidation.join(' ')}</ErrorAlert>}

        <Group justify="space-between" wrap="wrap" gap="sm">
          <Text size="sm" c="dimmed" aria-live="polite">
            {blocker ?? `${readyItems.length} ${readyItems.length === 1 ? 'file' : 'files'} ready.`}
          </Text>
          <Group gap="sm">
            <Button variant="default" onClick={() => navigate(text.cancelTo)} disabled={create.isPending}>
              Cancel
            </Button>
            <Button
              rightSection={<IconArrowRight size={16} />}
              onClick={onContinue}
              disabled={blocker !== null}
              loading={create.isPending}
            >
              Continue
            </Button>
          </Group>
        </Group>
      </Stack>
    </PageFrame>
  );
}

export function DocumentUploadScreen() {
  return <UploadScreen isTemplate={false} />;
}

export function TemplateUploadScreen() {
  return <UploadScreen isTemplate />;
}
