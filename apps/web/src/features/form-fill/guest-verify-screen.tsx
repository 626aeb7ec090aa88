import { useEffect, useState } from 'react';
import { Button, Divider, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Navigate, useNavigate, useParams } from 'react-router';
import type { TGuestSession, TPublicFormBuilder } from '@esigns/contracts/form-builders';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { EmailCodeSteps } from './email-code-steps';
import { createAnonymousSession, STAFF_ACCESS } from './fill-api';
import { fillPaths } from './fill-paths';
import { clearGuestCredentials, readGuestCredentials, saveGuestSession } from './guest-session';
import {
  AvailabilityMessage,
  GuestLoading,
  PublicFormError,
  PublicFormHeader,
  usePublicForm,
} from './public-form-ui';

/**
 * `/public/fbd/{code}/auth/verify` (also under `/public/fb/{code}/{id}`): where a guest starts.
 * An open form asks a secure form's guest for their email and the mailed code; other forms start
 * with one tap (an anonymous guest). A guest this tab already knows goes straight to the form.
 */
export function GuestVerifyScreen() {
  const { formbuilder_code: code = '', formbuilder_data_id: dataId } = useParams();
  const navigate = useNavigate();
  const [known] = useState(() => readGuestCredentials(code));
  const form = usePublicForm(code, known ? { kind: 'guest', credentials: known } : STAFF_ACCESS);
  const isStale = Boolean(known && form.data && !form.data.auth_user);
  useEffect(() => {
    if (isStale) clearGuestCredentials(code);
  }, [isStale, code]);

  const start = (session: TGuestSession) => {
    saveGuestSession(code, session);
    void navigate(fillPaths.execute(code, dataId), { replace: true });
  };

  if (form.isPending) return <GuestLoading />;
  if (form.isError) return <PublicFormError error={form.error} />;
  if (form.data.availability !== 'OPEN') return <AvailabilityMessage form={form.data} />;
  if (known && form.data.auth_user) return <Navigate to={fillPaths.execute(code, dataId)} replace />;
  return (
    <Stack gap="lg" maw={520} mx="auto" w="100%">
      <PublicFormHeader form={form.data} />
      <Divider />
      {form.data.secure_access ? (
        <EmailCodeSteps formId={form.data._id} onSession={start} />
      ) : (
        <AnonymousStart form={form.data} onSession={start} />
      )}
    </Stack>
  );
}

function AnonymousStart({
  form,
  onSession,
}: {
  form: TPublicFormBuilder;
  onSession: (s: TGuestSession) => void;
}) {
  const begin = useMutation({ mutationFn: () => createAnonymousSession(form._id), onSuccess: onSession });
  const always = form.steps.filter((step) => !step.condition).length;
  const count = always === form.steps.length ? `${always}` : `${always} to ${form.steps.length}`;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {count === '1' ? 'One step' : `${count} steps`}. Your answers are saved as you go.
      </Text>
      {begin.isError && <ErrorAlert>{errorText(begin.error)}</ErrorAlert>}
      <Button
        size="lg"
        rightSection={<IconArrowRight size={18} />}
        loading={begin.isPending}
        onClick={() => begin.mutate()}
      >
        Start
      </Button>
    </Stack>
  );
}
