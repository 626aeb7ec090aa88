import { useMemo, useState } from 'react';
import { Button, Divider, Stack, Text } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { TGuestSession, TPublicFormBuilder } from '@esigns/contracts/form-builders';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { EmailCodeSteps } from '../form-fill/email-code-steps';
import { STAFF_ACCESS, createAnonymousSession, type FillAccess } from '../form-fill/fill-api';
import { FillStepper } from '../form-fill/fill-stepper';
import { FormUploadsProvider } from '../form-fill/form-file-uploads';
import { readGuestCredentials, saveGuestSession, type GuestCredentials } from '../form-fill/guest-session';
import {
  AvailabilityMessage,
  GuestLoading,
  GuestMessage,
  PublicFormError,
  PublicFormHeader,
  usePublicForm,
} from '../form-fill/public-form-ui';
import { useStartingSubmission, useStepTemplates } from '../form-fill/use-fill-data';

/*
 * A FORM link's screen: the public form flow of form-fill (an anonymous start, or the mailed code
 * of a secure form; then the stepper) inside the link's one page, so the frame never navigates
 * away from `/if/{token}/link`. The guest session is the tab's, as on `/public/fbd/{code}`.
 */

function StartForm({ form, onSession }: { form: TPublicFormBuilder; onSession: (s: TGuestSession) => void }) {
  const begin = useMutation({ mutationFn: () => createAnonymousSession(form._id), onSuccess: onSession });
  if (form.secure_access) return <EmailCodeSteps formId={form._id} onSession={onSession} />;
  return (
    <Stack gap="md">
      {begin.isError && <ErrorAlert>{errorText(begin.error)}</ErrorAlert>}
      <Button size="md" loading={begin.isPending} onClick={() => begin.mutate()}>
        Start
      </Button>
    </Stack>
  );
}

function FillForm({
  code,
  credentials,
  onSubmitted,
}: {
  code: string;
  credentials: GuestCredentials;
  onSubmitted: () => void;
}) {
  const form = usePublicForm(code, { kind: 'guest', credentials });
  const access = useMemo<FillAccess>(
    () => ({
      kind: 'guest',
      credentials: { ...credentials, form_id: credentials.form_id || (form.data?._id ?? '') },
    }),
    [credentials, form.data?._id],
  );
  const templates = useStepTemplates(form.data?._id, form.data?.steps ?? [], false);
  const start = useStartingSubmission(access, form.data?._id, undefined);
  if (form.isPending || templates.isPending || start.isPending) return <GuestLoading />;
  if (form.isError) return <PublicFormError error={form.error} />;
  if (templates.isError || start.isError) return <PublicFormError error={templates.error ?? start.error} />;
  if (form.data.availability !== 'OPEN') return <AvailabilityMessage form={form.data} />;
  return (
    <FormUploadsProvider
      access={access}
      formId={form.data._id}
      submissionId={start.data?._id ?? null}
      steps={form.data.steps}
    >
      <FillStepper
        form={form.data}
        access={access}
        templates={templates.data}
        initial={start.data ?? null}
        onSubmitted={onSubmitted}
      />
    </FormUploadsProvider>
  );
}

export function LinkForm({ code }: { code: string }) {
  const [credentials, setCredentials] = useState(() => readGuestCredentials(code));
  const [sent, setSent] = useState(false);
  const form = usePublicForm(code, credentials ? { kind: 'guest', credentials } : STAFF_ACCESS);
  if (form.isPending) return <GuestLoading />;
  if (form.isError) return <PublicFormError error={form.error} />;
  if (sent) {
    return (
      <GuestMessage icon={<IconCircleCheck size={32} />} color="teal" title="Sent" testId="link-form-sent">
        {form.data.thank_you_message || 'Thank you. Your response has been recorded.'}
      </GuestMessage>
    );
  }
  if (form.data.availability !== 'OPEN') return <AvailabilityMessage form={form.data} />;
  const known = credentials && form.data.auth_user ? credentials : null;
  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <PublicFormHeader form={form.data} />
      <Divider />
      {known ? (
        <FillForm
          code={code}
          credentials={known}
          onSubmitted={() => {
            setCredentials(null);
            setSent(true);
          }}
        />
      ) : (
        <>
          <Text size="sm" c="dimmed">
            Your answers are saved as you go.
          </Text>
          <StartForm
            form={form.data}
            onSession={(session) => setCredentials(saveGuestSession(code, session))}
          />
        </>
      )}
    </Stack>
  );
}
