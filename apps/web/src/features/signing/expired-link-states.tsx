import { Alert, Anchor, Button, Text } from '@mantine/core';
import {
  IconBan,
  IconHourglassEmpty,
  IconLinkOff,
  IconMail,
  IconMailCheck,
  IconSend,
} from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TExpiryTokenState } from '@esigns/contracts/signing';
import { isApiError } from '../../shared/api/api-error';
import { formatDate } from '../../shared/format/date';
import type { SignerCredentials } from './signer-credentials';
import { SignerMessage } from './signer-ui';
import { requestFreshLink } from './signing-api';

type Sender = { name: string; email: string } | null;

function SenderMailButton({ sender, name }: { sender: Sender; name: string | null }) {
  if (!sender?.email) return null;
  const subject = encodeURIComponent(`New signing link: ${name ?? 'document'}`);
  return (
    <Button
      component="a"
      href={`mailto:${sender.email}?subject=${subject}`}
      variant="light"
      leftSection={<IconMail size={18} />}
    >
      Email {sender.name || sender.email}
    </Button>
  );
}

function SenderMention({ sender }: { sender: Sender }) {
  return (
    <>
      {sender?.name || 'who sent it'}
      {sender?.email ? (
        <>
          {' '}
          (<Anchor href={`mailto:${sender.email}`}>{sender.email}</Anchor>)
        </>
      ) : null}
    </>
  );
}

/** The document's time to sign is over: only the sender can reopen it. */
export function DocumentExpiredMessage({
  name,
  expiresAt,
  sender,
}: {
  name: string | null;
  expiresAt: string | null;
  sender: Sender;
}) {
  return (
    <SignerMessage
      icon={<IconHourglassEmpty size={32} />}
      color="orange"
      title="This link has expired"
      testId="expired"
      actions={<SenderMailButton sender={sender} name={name} />}
    >
      {name ? (
        <>
          The time to sign <b>{name}</b>
          {expiresAt ? ` ended on ${formatDate(expiresAt)}` : ' is over'}. Ask the sender,{' '}
          <SenderMention sender={sender} />, to send it to you again.
        </>
      ) : (
        'The time to sign this document is over. Ask the sender to send it to you again.'
      )}
    </SignerMessage>
  );
}

/** Finished, declined, voided or completed: nothing to sign through this link. */
export function ClosedLinkMessage({ name, sender }: { name: string; sender: Sender }) {
  return (
    <SignerMessage
      icon={<IconBan size={32} />}
      color="gray"
      title="Nothing left to sign here"
      testId="expired-closed"
      actions={<SenderMailButton sender={sender} name={name} />}
    >
      There is nothing left to do on <b>{name}</b> through this link. If you think there is, ask the sender,{' '}
      <SenderMention sender={sender} />.
    </SignerMessage>
  );
}

/** Newer links replaced this one: a fresh link can be mailed to the recipient's address. */
export function ReplacedLinkMessage({
  link,
  credentials,
}: {
  link: TExpiryTokenState;
  credentials: SignerCredentials;
}) {
  const send = useMutation({ mutationFn: () => requestFreshLink(credentials) });
  if (send.isSuccess) {
    return (
      <SignerMessage
        icon={<IconMailCheck size={32} />}
        color="teal"
        title="Check your inbox"
        testId="link-sent"
      >
        We emailed a new link to <b>{send.data.email}</b>. Open it to continue with{' '}
        <b>{link.document_name}</b>; you can close this page. It can take a minute to arrive: look in your
        spam folder too.
      </SignerMessage>
    );
  }
  return (
    <SignerMessage
      icon={<IconLinkOff size={32} />}
      color="orange"
      title="This link has expired"
      testId="link-replaced"
      actions={
        <>
          <Button leftSection={<IconSend size={18} />} loading={send.isPending} onClick={() => send.mutate()}>
            Send me a new link
          </Button>
          {send.isError ? (
            <Alert color="red" variant="light" data-testid="link-send-error">
              {isApiError(send.error) ? send.error.message : 'The link could not be sent. Please try again.'}
            </Alert>
          ) : null}
        </>
      }
    >
      A newer link to <b>{link.document_name}</b> replaced this one. Use the latest email you received, or get
      a new link sent to <b>{link.email}</b>.
      <Text size="xs" c="dimmed" mt="xs">
        For your security, we only send links to the address the sender used.
      </Text>
    </SignerMessage>
  );
}
