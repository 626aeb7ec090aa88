import { useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useLocation, useNavigate, useParams } from 'react-router';
import { isContactSession, isSignedIn, useSession } from '../../shared/session/session-store';
import { searchWithoutToken } from '../signing/signer-credentials';
import type { PacketAccess } from '../workflows/packet/packet-api';
import { packetOf, rememberPacket } from '../workflows/packet/packet-memory';
import { REQUEST_STEP_KEYS, fetchStepRequest, type RequestAccess } from './request-api';
import { requestLinkFrom, requestLinkHeaders } from './request-link';

/**
 * The request of a `/company-documents/requested/{document_id}[/workflow/{workflow_data_id}]/…`
 * page: the link's `?token=` kept for the tab and dropped from the address at once, else the
 * signed-in caller; the request read with those credentials, and the packet banner's credentials.
 */
export function useStepRequest() {
  const { document_id: requestId = '', workflow_data_id: workflowDataId } = useParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [link] = useState(() => requestLinkFrom(requestId, location.search));
  const hasToken = new URLSearchParams(location.search).has('token');
  useEffect(() => {
    if (!hasToken) return;
    // The secret must not stay in the address bar (history, screenshots, shared screens).
    void navigate(
      { pathname: location.pathname, search: searchWithoutToken(location.search), hash: location.hash },
      { replace: true },
    );
  }, [hasToken, location.pathname, location.search, location.hash, navigate]);
  useEffect(() => {
    if (workflowDataId) rememberPacket(requestId, workflowDataId);
  }, [requestId, workflowDataId]);

  const signedIn = useSession(isSignedIn);
  const asContact = useSession(isContactSession);
  const access = useMemo<RequestAccess>(() => ({ requestId, link, asContact }), [requestId, link, asContact]);
  const canCall = link !== null || signedIn;
  const request = useQuery({
    queryKey: REQUEST_STEP_KEYS.one(access),
    queryFn: ({ signal }) => fetchStepRequest(access, signal),
    enabled: canCall && requestId !== '',
    retry: false,
    refetchOnWindowFocus: false,
  });
  const packet = useMemo<PacketAccess>(
    () =>
      link
        ? { headers: requestLinkHeaders(link), workflowDataId: workflowDataId ?? null }
        : { headers: {}, workflowDataId: workflowDataId ?? packetOf(requestId) },
    [link, workflowDataId, requestId],
  );
  return { requestId, workflowDataId: workflowDataId ?? null, access, canCall, request, packet };
}
