import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ConfigureFrame } from './configure-frame';
import type { PrimaryActionContext } from './document-editor';
import { EDITOR_KEYS, configureDocument, fetchConfigurableDocument } from './editor-api';

/** Never refetched behind the editor's back: the editor owns the layout once it is open. */
export const EDITOR_QUERY_OPTIONS = {
  retry: false,
  staleTime: Infinity,
  gcTime: 0,
  refetchOnWindowFocus: false,
  refetchOnReconnect: false,
} as const;

/** Saves, then goes on when nothing is left to fix; otherwise shows what is left. */
export function NextStepButton({
  context,
  label,
  onReady,
  requireNoProblems,
}: {
  context: PrimaryActionContext;
  label: string;
  onReady: () => void;
  requireNoProblems: boolean;
}) {
  const [isBusy, setBusy] = useState(false);
  const next = async () => {
    setBusy(true);
    try {
      if (!(await context.flush())) {
        notifications.show({
          color: 'red',
          title: 'Not saved',
          message: 'Your latest changes could not be saved. Retry, then continue.',
        });
        return;
      }
      if (requireNoProblems && context.problems.length > 0) {
        context.showProblems();
        return;
      }
      onReady();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      rightSection={<IconArrowRight size={16} />}
      loading={isBusy}
      onClick={() => void next()}
      style={{ flex: 'none' }}
    >
      {label}
    </Button>
  );
}

/**
 * /company-documents/{document_id}/configure/document: the editor for a one-off document.
 * `document_id` is the company document; its configurable document comes from
 * `POST /document-templates/{id}/configure`, then `GET /configurable-documents/{id}` for the file.
 */
export function ConfigureDocumentScreen() {
  const { document_id: companyDocumentId = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: EDITOR_KEYS.configure(companyDocumentId, false),
    queryFn: async ({ signal }) => {
      const configured = await configureDocument(companyDocumentId, false);
      return fetchConfigurableDocument(configured._id, signal);
    },
    ...EDITOR_QUERY_OPTIONS,
  });
  return (
    <ConfigureFrame
      query={query}
      mode="document"
      backTo="/documents/all"
      primaryAction={(context) => (
        <NextStepButton
          context={context}
          label={context.isCompact ? 'Next' : 'Next: review and send'}
          requireNoProblems
          onReady={() => navigate(`/send-document/mail/${encodeURIComponent(context.document._id)}`)}
        />
      )}
    />
  );
}
