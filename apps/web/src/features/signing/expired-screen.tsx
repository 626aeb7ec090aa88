import { Anchor, Button } from '@mantine/core';
import { IconHourglassEmpty, IconMail } from '@tabler/icons-react';
import { useParams } from 'react-router';
import { formatDate } from '../../shared/format/date';
import { SignerLoading, SignerMessage } from './signer-ui';
import { useESignRecord, useSignerAccess } from './use-signer-access';

/**
 * `/emp-documents/preview/{employee_document_id}/pp/vp/{user_id}/expired`: the document's time to
 * sign is over. Names the sender (when the link's credentials still identify the recipient) so
 * they can be asked for a new one.
 */
export function SigningExpiredScreen() {
  const { employee_document_id: documentId = '', user_id: userId = '' } = useParams();
  const { access, canCall } = useSignerAccess(documentId, { userId });
  const record = useESignRecord(access, canCall);
  if (canCall && record.isPending) return <SignerLoading label="Loading…" />;
  const document = record.data?.document;
  const sender = document?.sender;
  return (
    <SignerMessage
      icon={<IconHourglassEmpty size={32} />}
      color="orange"
      title="This link has expired"
      testId="expired"
      actions={
        sender?.email ? (
          <Button
            component="a"
            href={`mailto:${sender.email}?subject=${encodeURIComponent(`New signing link: ${document?.name ?? 'document'}`)}`}
            variant="light"
            leftSection={<IconMail size={18} />}
          >
            Email {sender.name || sender.email}
          </Button>
        ) : undefined
      }
    >
      {document ? (
        <>
          The time to sign <b>{document.name}</b>
          {document.expires_at ? ` ended on ${formatDate(document.expires_at)}` : ' is over'}. Ask the sender,{' '}
          {sender?.name || 'who sent it'}
          {sender?.email ? (
            <>
              {' '}
              (<Anchor href={`mailto:${sender.email}`}>{sender.email}</Anchor>)
            </>
          ) : null}
          , to send it to you again.
        </>
      ) : (
        'The time to sign this document is over. Ask the sender to send it to you again.'
      )}
    </SignerMessage>
  );
}
