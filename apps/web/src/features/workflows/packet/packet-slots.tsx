import { useMemo } from 'react';
import { Box, Button, type MantineSpacing } from '@mantine/core';
import { guestHeaders, type GuestCredentials } from '../../form-fill/guest-session';
import type { SignerAccess } from '../../signing/signing-api';
import { signerHeaders } from '../../signing/signer-credentials';
import { AcknowledgeStep } from './acknowledge-step';
import { canAskPacket, stepToAcknowledge, usePacketStatus, type PacketAccess } from './packet-api';
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
  const packet = useSignerPacket(access);
  return <PacketBanner access={packet} watchStep={watchStep} mb={mb} />;
}

function useSignerPacket(access: SignerAccess): PacketAccess {
  return useMemo(
    () => ({
      headers: access.credentials ? signerHeaders(access.credentials) : {},
      workflowDataId: packetOf(access.documentId),
    }),
    [access.credentials, access.documentId],
  );
}

/**
 * The last action of a viewer's signing view: on a read-and-acknowledge step of a packet still
 * waiting for them, "I have read and acknowledge this document" (then `onDone`); else Done.
 */
export function ViewerDoneAction({ access, onDone }: { access: SignerAccess; onDone: () => void }) {
  const packet = useSignerPacket(access);
  const status = usePacketStatus(packet);
  const step = stepToAcknowledge(status.data);
  if (status.isPending && canAskPacket(packet)) return <Button loading aria-label="Loading" />;
  if (step) {
    return (
      <Box w="100%">
        <AcknowledgeStep access={packet} step={step} onAcknowledged={onDone} />
      </Box>
    );
  }
  return (
    <Button onClick={onDone} style={{ flexShrink: 0 }}>
      Done
    </Button>
  );
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
