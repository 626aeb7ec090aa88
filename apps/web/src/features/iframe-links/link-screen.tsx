import { useEffect } from 'react';
import { Box, Stack, Text, Title } from '@mantine/core';
import { IconClockOff, IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'react-router';
import type { TIframeLinkPublic } from '@esigns/contracts/iframe-links';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { connectHostBridge } from '../embedding/host-bridge';
import { GuestLoading, GuestMessage } from '../form-fill/public-form-ui';
import { IFRAME_KEYS, fetchLinkScreen } from './iframe-links-api';
import { LinkForm } from './link-form';
import { LinkDocumentsList, LinkRecordsTable } from './link-tables';

/** Why a link does not open, in words: revoked, expired, unavailable, unknown. */
export function linkProblem(error: unknown): { title: string; text: string; expired: boolean } {
  const code = isApiError(error) ? error.error_code : undefined;
  if (code === 'LINK_REVOKED') {
    return {
      title: 'This link was revoked',
      text: 'Ask the site that shows it for a new link.',
      expired: false,
    };
  }
  if (code === 'LINK_EXPIRED') {
    return {
      title: 'This link has expired',
      text: 'Ask the site that shows it for a new link.',
      expired: true,
    };
  }
  if (code === 'LINK_UNAVAILABLE') {
    return {
      title: 'This link is no longer available',
      text: 'What it showed was removed or is no longer shared.',
      expired: false,
    };
  }
  if (isApiError(error) && error.status === 404) {
    return {
      title: 'This link does not exist',
      text: 'The address may be mistyped or incomplete.',
      expired: false,
    };
  }
  return { title: 'The link could not be opened', text: 'Please try again in a moment.', expired: false };
}

/** The token of the page: the route's, else the address's (a frame router's basename `/if/{token}`). */
function useLinkToken(): string {
  const params = useParams();
  if (params.ssoAuth) return params.ssoAuth;
  const segment = /^\/if\/([^/]+)/.exec(window.location.pathname)?.[1] ?? '';
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function LinkBody({ token, link }: { token: string; link: TIframeLinkPublic }) {
  if (link.form) return <LinkForm code={link.form.code} />;
  return (
    <Stack gap="md">
      <Box>
        <Title order={2} size="h3">
          {link.view?.name ?? link.name}
        </Title>
        <Text size="sm" c="dimmed">
          {link.company.name}
        </Text>
      </Box>
      {link.view && <LinkRecordsTable token={token} entities={link.view.entities} />}
      {link.documents && <LinkDocumentsList token={token} />}
    </Stack>
  );
}

/**
 * `/if/{ssoAuth}/link`: the one screen of an iframe link (token `ifl_…`): its form, the rows of its
 * entity view or its documents list, read only; revoked or expired: says so. In a host page's
 * frame it posts `ready`, `resize` and `form.submitted` to the host (features/embedding).
 */
export function LinkScreen() {
  const token = useLinkToken();
  // The staff preview's marker (`preview_url` of /externalLink/{id}): the server checks it and does
  // not count this load as an open; anyone else's load is counted.
  const preview = useSearchParams()[0].get('preview') ?? undefined;
  const query = useQuery({
    queryKey: IFRAME_KEYS.screen(token),
    queryFn: ({ signal }) => fetchLinkScreen(token, signal, preview),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    staleTime: Infinity,
  });
  usePageTitle(query.data?.name ?? 'Embedded link');
  const origins = query.data?.allowed_origins;
  const refetch = query.refetch;
  useEffect(() => {
    // In a host page's frame: `ready`, then `resize` as the page grows; a submitted form sends
    // `form.submitted` (form-fill). Only to an allowed origin; nothing elsewhere.
    if (origins) connectHostBridge(origins, { navigate: () => {}, refresh: () => void refetch() });
  }, [origins, refetch]);
  if (query.isPending) return <GuestLoading label="Opening…" />;
  if (query.isError) {
    const problem = linkProblem(query.error);
    return (
      <GuestMessage
        icon={problem.expired ? <IconClockOff size={32} /> : <IconLinkOff size={32} />}
        color="orange"
        title={problem.title}
        testId="link-problem"
      >
        {problem.text}
      </GuestMessage>
    );
  }
  return (
    <Box p={{ base: 'sm', sm: 'lg' }}>
      <LinkBody token={token} link={query.data} />
    </Box>
  );
}
