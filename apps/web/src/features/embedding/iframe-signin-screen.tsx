import { useEffect, useRef, useState } from 'react';
import { Center, Loader, Paper, Text } from '@mantine/core';
import { IconPlugConnectedX } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { StateMessage } from '../../shared/ui/page-kit';
import { currentEmbeddedFrame, framePath } from './embedded-frame';
import { startEmbeddedSession } from './embedded-session';
import { exchangeHostToken } from './embedding-api';
import { connectHostBridge, emitSessionExpired } from './host-bridge';

const DEFAULT_PATH = '/documents/all';

type Failure = { title: string; text: string };

function failureOf(error: unknown): Failure {
  const code = isApiError(error) ? error.error_code : undefined;
  if (code === 'EMBED_TOKEN_EXPIRED') {
    return {
      title: 'This embedded session has expired',
      text: 'Ask the host page to reload to open it again.',
    };
  }
  if (code === 'EMBED_TOKEN_INVALID') {
    return {
      title: 'This embedded link is not valid',
      text: 'Ask the host page to reload to get a new one.',
    };
  }
  return {
    title: 'Could not open the embedded session',
    text: 'Check your connection, then ask the host page to reload.',
  };
}

/**
 * `/if/{ssoAuth}/iFrameSignin`: exchanges the address's host session token for the frame's
 * session, connects the host bridge and opens the page asked for (`?to=`); or says why it could
 * not and asks the host page to reload (and tells the host `session.expired`). Never a password
 * form: a frame signs in only with what its host minted.
 */
export function IframeSigninScreen() {
  usePageTitle('Sign in');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const ended = params.get('ended') === '1';
  const to = framePath(params.get('to')) ?? DEFAULT_PATH;
  const frame = currentEmbeddedFrame();
  const [failure, setFailure] = useState<Failure | null>(() => {
    if (ended)
      return { title: 'Your embedded session has ended', text: 'Ask the host page to reload to go on.' };
    if (!frame)
      return { title: 'Not in an embedded frame', text: 'Open this page from its host application.' };
    return null;
  });
  const started = useRef(false);

  useEffect(() => {
    if (ended || !frame || started.current) return;
    started.current = true;
    exchangeHostToken(frame.ssoAuth).then(
      (reply) => {
        startEmbeddedSession(reply);
        connectHostBridge(reply.allowed_origins, {
          navigate: (path) => void navigate(path),
          refresh: () => void queryClient.invalidateQueries(),
        });
        void navigate(to, { replace: true });
      },
      (error: unknown) => {
        const reason = isApiError(error)
          ? (error.error_code ?? 'EMBED_SESSION_FAILED')
          : 'EMBED_SESSION_FAILED';
        emitSessionExpired(reason);
        setFailure(failureOf(error));
      },
    );
  }, [ended, frame, navigate, queryClient, to]);

  if (!failure) {
    return (
      <Center mih="60vh" aria-busy="true" aria-label="Opening">
        <Loader />
      </Center>
    );
  }
  return (
    <Center mih="60vh">
      <Paper withBorder radius="md" p="lg" maw={480} w="100%" data-testid="iframe-signin-failure">
        <StateMessage icon={<IconPlugConnectedX size={28} />} color="orange" title={failure.title}>
          <Text c="dimmed" size="sm">
            {failure.text}
          </Text>
        </StateMessage>
      </Paper>
    </Center>
  );
}
