import { useMemo } from 'react';
import type { MantineSpacing } from '@mantine/core';
import { guestHeaders, type GuestCredentials } from '../../form-fill/guest-session';
import type { SignerAccess } from '../../signing/signing-api';
import { signerHeaders } from '../../signing/signer-credentials';
import { PacketBanner } from './packet-banner';
import { packetOf } from './packet-memory';

/*
 * The packet banner as each area's page holds it, with that page's own credentials. One component
 * per area, so the area's screens change by one line.
 */

/** The signing pages: the link's signer headers, or the bearer with the packet this tab knows. */
export function SignerPacketBanner({
  access,
  watchStep,
  mb,
}: {
  access: SignerAccess;
  watchStep?: boolean;
  mb?: MantineSpacing;
}) {
  const packet = useMemo(
    () => ({
      headers: access.credentials ? signerHeaders(access.credentials) : {},
      workflowDataId: packetOf(access.documentId),
    }),
    [access.credentials, access.documentId],
  );
  return <PacketBanner access={packet} watchStep={watchStep} mb={mb} />;
}

/**
 * A public form's pages: the guest's headers of this tab and the submission of the address (the
 * server finds a form link's packet through its submission: without one, no call).
 */
export function GuestPacketBanner({
  credentials,
  submissionId,
  watchStep,
}: {
  credentials: GuestCredentials | null;
  submissionId: string | undefined;
  watchStep?: boolean;
}) {
  const packet = useMemo(
    () =>
      credentials && submissionId
        ? { headers: { ...guestHeaders(credentials), formbuilderdataid: submissionId }, workflowDataId: null }
        : null,
    [credentials, submissionId],
  );
  return <PacketBanner access={packet} watchStep={watchStep} />;
}

/** A signed-in caller's page of one step's object: the bearer, when this tab knows its packet. */
export function SessionPacketBanner({ objectId, watchStep }: { objectId: string; watchStep?: boolean }) {
  const packet = useMemo(() => ({ headers: {}, workflowDataId: packetOf(objectId) }), [objectId]);
  return <PacketBanner access={packet} watchStep={watchStep} />;
}
