import { useMemo, type ReactNode } from 'react';
import { Button, Center, Loader, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { TConfigurableDocument } from '@esigns/contracts/documents';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { DocumentEditor, type EditorMode, type PrimaryActionContext } from './document-editor';
import { createLayoutSaver, createPageOps } from './editor-api';
import { NotFoundDialog } from './not-found-dialog';
import classes from './editor.module.css';

function EditorFor({
  document,
  mode,
  onBack,
  primaryAction,
}: {
  document: TConfigurableDocument;
  mode: EditorMode;
  onBack: () => void;
  primaryAction: (context: PrimaryActionContext) => ReactNode;
}) {
  const onSave = useMemo(() => createLayoutSaver(document._id), [document._id]);
  const pageOps = useMemo(() => createPageOps(document._id), [document._id]);
  return (
    <DocumentEditor
      document={document}
      mode={mode}
      onSave={onSave}
      pageOps={pageOps}
      onBack={onBack}
      primaryAction={primaryAction}
    />
  );
}

/** Loading, the 404 warning, other failures, then the editor: what both configure screens share. */
export function ConfigureFrame({
  query,
  mode,
  backTo,
  primaryAction,
}: {
  query: UseQueryResult<TConfigurableDocument>;
  mode: EditorMode;
  backTo: string;
  primaryAction: (context: PrimaryActionContext & { document: TConfigurableDocument }) => ReactNode;
}) {
  const navigate = useNavigate();
  usePageTitle(query.data?.name ?? (mode === 'template' ? 'Configure template' : 'Configure document'));

  if (query.isPending) {
    return (
      <div className={classes.root}>
        <Center h="100%">
          <Stack align="center" gap="sm">
            <Loader />
            <Text c="dimmed" size="sm">
              Opening the document…
            </Text>
          </Stack>
        </Center>
      </div>
    );
  }
  if (query.isError) {
    const error = query.error;
    if (isApiError(error) && error.status === 404) {
      return (
        <NotFoundDialog message={error.message} onDone={() => navigate('/dashboard', { replace: true })} />
      );
    }
    return (
      <div className={classes.root}>
        <Center h="100%">
          <Stack align="center" gap="sm" maw={420} ta="center">
            <ThemeIcon color="red" variant="light" size={48} radius="xl">
              <IconAlertTriangle size={26} />
            </ThemeIcon>
            <Text fw={600}>The document could not be opened</Text>
            <Text c="dimmed" size="sm">
              {error instanceof Error ? error.message : 'Something went wrong.'}
            </Text>
            <Button onClick={() => void query.refetch()}>Try again</Button>
          </Stack>
        </Center>
      </div>
    );
  }
  const document = query.data;
  return (
    <EditorFor
      key={document._id}
      document={document}
      mode={mode}
      onBack={() => navigate(backTo)}
      primaryAction={(context) => primaryAction({ ...context, document })}
    />
  );
}
