import type { ReactNode } from 'react';
import { Button } from '@mantine/core';
import { IconBan, IconLinkOff, IconMailOpened, IconRefresh } from '@tabler/icons-react';
import { isApiError } from '../../shared/api/api-error';
import { errorText } from '../../shared/ui/page-kit';
import { formatDate } from '../../shared/format/date';
import { SignerLoading, SignerMessage } from '../signing/signer-ui';
import type { TStepRequest } from './request-api';

/** Without the link's token (another tab, a bookmark) and not signed in. */
export function OpenRequestLink() {
  return (
    <SignerMessage
      icon={<IconMailOpened size={32} />}
      title="Open the link from your email"
      testId="open-link"
    >
      For your security, this page opens only from the upload link you were emailed, in the same browser tab.
      Find the email and select its button again.
    </SignerMessage>
  );
}

export const RequestLoading = () => <SignerLoading label="Opening the request…" />;

type Failure = { icon: ReactNode; color: string; title: string; testId: string; text?: string };

/** How each refusal reads; the server's own message is shown unless `text` replaces it. */
const FAILURES: Record<number, Failure> = {
  // One message whatever was wrong with the link (request, secret, replaced).
  401: {
    icon: <IconLinkOff size={32} />,
    color: 'orange',
    title: 'This link does not work',
    testId: 'link-refused',
  },
  // Approved or cancelled: nothing can be handed in any more.
  409: {
    icon: <IconBan size={32} />,
    color: 'gray',
    title: 'This request is closed',
    testId: 'request-closed',
  },
  404: {
    icon: <IconLinkOff size={32} />,
    color: 'gray',
    title: 'Request not found',
    testId: 'request-missing',
    text: 'It was deleted, or it is not addressed to you.',
  },
};

const OTHER: Failure = {
  icon: <IconLinkOff size={32} />,
  color: 'red',
  title: 'The request could not be opened',
  testId: 'request-error',
};

/** A request that cannot be read or handed in: an invalid link (401), a closed request (409), not found, or else. */
export function RequestFailure({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const failure = (isApiError(error) && FAILURES[error.status]) || OTHER;
  const retry =
    failure === OTHER && onRetry ? (
      <Button variant="light" leftSection={<IconRefresh size={16} />} onClick={onRetry}>
        Try again
      </Button>
    ) : undefined;
  return (
    <SignerMessage
      icon={failure.icon}
      color={failure.color}
      title={failure.title}
      testId={failure.testId}
      actions={retry}
    >
      {failure.text ?? errorText(error)}
    </SignerMessage>
  );
}

/**
 * A CANCELLED request (staff cancelled it, or its packet ended before the file came): a page of
 * its own saying who cancelled it and when, instead of the upload or an error.
 */
export function RequestCancelled({ request }: { request: TStepRequest }) {
  const by = request.company?.name || request.requested_by?.name || '';
  const contact = request.requested_by?.email;
  return (
    <SignerMessage
      icon={<IconBan size={32} />}
      color="gray"
      title="This request was cancelled"
      testId="request-cancelled"
    >
      The request for your <b>{request.card_type}</b> was cancelled{by ? ` by ${by}` : ''} on{' '}
      {formatDate(request.updated_at)}. Nothing more is needed from you
      {contact ? `; if you think this is a mistake, write to ${contact}.` : '.'}
    </SignerMessage>
  );
}
