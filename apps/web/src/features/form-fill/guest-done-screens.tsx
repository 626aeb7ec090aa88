import { useState } from 'react';
import { Button } from '@mantine/core';
import { IconCircleCheck, IconEye, IconMailOpened } from '@tabler/icons-react';
import { Link, Navigate, useLocation, useParams } from 'react-router';
import { GuestPacketBanner } from '../workflows/packet/packet-slots';
import { STAFF_ACCESS } from './fill-api';
import { fillPaths } from './fill-paths';
import { readGuestCredentials, saveLinkCredentials } from './guest-session';
import { GuestLoading, GuestMessage, PublicFormError, usePublicForm } from './public-form-ui';

/** `…/status/completed`: the form's thank-you message once the answers are sent. */
export function GuestCompletedScreen() {
  const { formbuilder_code: code = '', formbuilder_data_id: dataId } = useParams();
  const form = usePublicForm(code, STAFF_ACCESS);
  const [credentials] = useState(() => readGuestCredentials(code));
  const canView = credentials !== null;
  // The stepper names the submission it sent; a reload falls back to the address.
  const sentId = (useLocation().state as { submissionId?: string } | null)?.submissionId ?? dataId;
  if (form.isPending) return <GuestLoading />;
  if (form.isError) return <PublicFormError error={form.error} />;
  return (
    <GuestMessage
      icon={<IconCircleCheck size={36} />}
      color="teal"
      title="Form submitted"
      testId="form-completed"
      actions={
        canView && (
          <>
            <GuestPacketBanner credentials={credentials} submissionId={dataId} watchStep />
            <Button
              variant="light"
              component={Link}
              to={fillPaths.view(code, sentId)}
              leftSection={<IconEye size={16} />}
            >
              View your answers
            </Button>
          </>
        )
      }
    >
      {form.data.thank_you_message || 'Thank you. Your response has been recorded.'}
    </GuestMessage>
  );
}

/**
 * `/public/fb/{code}/{id}/vp/{user_id}?t=…` (and under `/public/fbd/{code}`): a personal link sent by
 * mail. Its secret is kept for this tab, dropped from the address, and the submission opens.
 */
export function GuestLinkScreen() {
  const { formbuilder_code: code = '', formbuilder_data_id: dataId, user_id: userId = '' } = useParams();
  const location = useLocation();
  const [credentials] = useState(() => {
    const token = new URLSearchParams(location.search).get('t');
    if (token) return saveLinkCredentials(code, userId, token);
    const stored = readGuestCredentials(code);
    return stored?.user_id === userId ? stored : null;
  });
  // Replacing the address drops the secret from the history too.
  if (credentials) return <Navigate to={fillPaths.execute(code, dataId)} replace />;
  return (
    <GuestMessage
      icon={<IconMailOpened size={32} />}
      title="Open the link from your email"
      testId="open-link"
    >
      For your security, this form opens only from the personal link you were emailed, in the same browser
      tab. Find the email and select its button again.
    </GuestMessage>
  );
}
