import { useState } from 'react';
import { Button, FileButton, Group, List, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { ErrorAlert, PageFrame, Panel, errorText } from '../../shared/ui/page-kit';
import { createApp } from './apps-api';
import { AppsNav } from './apps-nav';
import { CreatedApp } from './created-app';

/** /apps/upload: an app manifest file (JSON, format esigns.app) becomes a draft app; problems listed by where they are. */
export function UploadScreen() {
  usePageTitle('Upload app');
  const [fileName, setFileName] = useState<string | null>(null);
  const [parseError, setParseError] = useState<string | null>(null);
  const create = useMutation({ mutationFn: (manifest: unknown) => createApp({ manifest }) });
  const onFile = async (file: File | null) => {
    if (!file) return;
    setFileName(file.name);
    setParseError(null);
    create.reset();
    try {
      create.mutate(JSON.parse(await file.text()) as unknown);
    } catch {
      setParseError('The file is not JSON: choose an app manifest (.json).');
    }
  };
  const details = isApiError(create.error) ? Object.entries(create.error.fieldErrors) : [];
  return (
    <PageFrame
      title="Upload app"
      description="Add an app from its manifest file (an app exported from another workspace, or written by hand)."
      actions={<AppsNav current="/apps/upload" />}
    >
      <Panel>
        <Stack gap="md" p="md">
          <Group>
            <FileButton onChange={(f) => void onFile(f)} accept="application/json,.json">
              {(props) => (
                <Button {...props} loading={create.isPending} data-testid="upload-manifest">
                  Choose a manifest file
                </Button>
              )}
            </FileButton>
            {fileName && (
              <Text size="sm" c="dimmed">
                {fileName}
              </Text>
            )}
          </Group>
          {parseError && <ErrorAlert>{parseError}</ErrorAlert>}
          {create.isError && (
            <ErrorAlert>
              {errorText(create.error)}
              {details.length > 0 && (
                <List size="sm" mt="xs">
                  {details.slice(0, 30).map(([key, message]) => (
                    <List.Item key={key}>{`${key}: ${message}`}</List.Item>
                  ))}
                </List>
              )}
            </ErrorAlert>
          )}
          {create.data && <CreatedApp app={create.data} />}
        </Stack>
      </Panel>
    </PageFrame>
  );
}
