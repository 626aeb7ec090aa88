import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconSignature } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TApplicationUserDocument } from '@esigns/contracts/application-users';
import { errorText } from '../../shared/ui/page-kit';
import { contactDownloadLink } from './contact-area-api';

async function download(document: TApplicationUserDocument) {
  try {
    window.open(await contactDownloadLink(document._id), '_blank', 'noopener');
  } catch (error) {
    notifications.show({ color: 'red', title: 'Could not download', message: errorText(error) });
  }
}

/** "Sign" (their own recipient's signing screen) while it waits for them; "Download" once sealed. */
export function ContactDocumentActions({ document }: { document: TApplicationUserDocument }) {
  const signUrl = document.waiting_for_me ? document.sign_url : null;
  const verb = document.recipient.user_type === 'APPROVER' ? 'Review' : 'Sign';
  return (
    <Group gap="xs" wrap="nowrap" justify="flex-end">
      {signUrl &&
        (signUrl.startsWith('/') ? (
          <Button size="xs" component={Link} to={signUrl} leftSection={<IconSignature size={14} />}>
            {verb}
          </Button>
        ) : (
          <Button size="xs" component="a" href={signUrl} leftSection={<IconSignature size={14} />}>
            {verb}
          </Button>
        ))}
      {document.can_download && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDownload size={14} />}
          onClick={() => void download(document)}
        >
          Download
        </Button>
      )}
    </Group>
  );
}
