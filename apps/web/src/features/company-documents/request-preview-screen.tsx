import { Box, Button, Divider, Group, Stack, Text } from '@mantine/core';
import { IconChecklist, IconUpload } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { isContactSession, isSignedIn, useSession } from '../../shared/session/session-store';
import { stepPaths } from './step-paths';
import { RequestFileView } from './request-file-view';
import { OpenRequestLink, RequestFailure, RequestLoading } from './request-states';
import { RequestFileCard, RequestSummary } from './request-summary';
import { useStepRequest } from './use-step-request';

/**
 * `/company-documents/requested/{document_id}[/workflow/{workflow_data_id}]/preview`: the request
 * and the file handed in, read only, for staff (with a way to the request's review) and for the
 * link holder (with a way to the upload page while it is open).
 */
export function RequestPreviewScreen() {
  const step = useStepRequest();
  const isStaff = useSession((s) => isSignedIn(s) && !isContactSession(s));
  const request = step.request.data;
  usePageTitle(request ? request.card_type : 'Document request');
  if (!step.canCall) return <OpenRequestLink />;
  if (step.request.error)
    return <RequestFailure error={step.request.error} onRetry={() => void step.request.refetch()} />;
  if (!request) return <RequestLoading />;
  const canUpload = !isStaff && request.status !== 'APPROVED' && request.status !== 'CANCELLED';
  return (
    <Box maw={760} mx="auto" w="100%">
      <Stack gap="lg" data-testid="request-preview">
        <RequestSummary request={request} forStaff={isStaff} />
        <Group gap="sm">
          {isStaff && (
            <Button
              component={Link}
              to={`/request-documents/${encodeURIComponent(request._id)}/edit`}
              variant="light"
              leftSection={<IconChecklist size={16} />}
            >
              Review the request
            </Button>
          )}
          {canUpload && (
            <Button
              component={Link}
              to={stepPaths.execute('requested', request._id, step.workflowDataId)}
              leftSection={<IconUpload size={16} />}
            >
              {request.file ? 'Replace the file' : 'Upload the file'}
            </Button>
          )}
        </Group>
        <Divider />
        {request.file ? (
          <Stack gap="sm">
            <RequestFileCard file={request.file} title="File handed in" />
            <RequestFileView file={request.file} />
          </Stack>
        ) : (
          <Text size="sm" c="dimmed" data-testid="request-no-file">
            No file has been handed in yet.
          </Text>
        )}
      </Stack>
    </Box>
  );
}
