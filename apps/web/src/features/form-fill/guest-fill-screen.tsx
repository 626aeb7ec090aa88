import { useEffect, useMemo, useState } from 'react';
import { Button, Divider, Stack } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { Link, Navigate, useNavigate, useParams } from 'react-router';
import type { TPublicFormBuilder } from '@esigns/contracts/form-builders';
import { GuestPacketBanner } from '../workflows/packet/packet-slots';
import type { FillAccess } from './fill-api';
import { fillPaths } from './fill-paths';
import { FillStepper } from './fill-stepper';
import { FormUploadsProvider } from './form-file-uploads';
import {
  clearGuestCredentials,
  guestHeaders,
  readGuestCredentials,
  type GuestCredentials,
} from './guest-session';
import {
  AvailabilityMessage,
  GuestLoading,
  PublicFormError,
  PublicFormHeader,
  usePublicForm,
} from './public-form-ui';
import { SubmissionValues } from './submission-values';
import { EDITABLE_STATUSES, useStartingSubmission, useStepTemplates } from './use-fill-data';

type Mode = 'fill' | 'view';

/**
 * `/public/fbd/{code}/execute|update|view` and `/public/fb/{code}/{id}/…`: a guest fills the
 * form (resuming their draft) or reads what they sent. Without this tab's guest (or with an
 * expired one) they go back to identify themselves.
 */
export function GuestFillScreen({ mode = 'fill' }: { mode?: Mode }) {
  const { formbuilder_code: code = '', formbuilder_data_id: dataId } = useParams();
  const [credentials] = useState(() => readGuestCredentials(code));
  if (!credentials) return <Navigate to={fillPaths.verify(code, dataId)} replace />;
  return <GuestFill code={code} dataId={dataId} credentials={credentials} mode={mode} />;
}

function GuestFill(props: {
  code: string;
  dataId: string | undefined;
  credentials: GuestCredentials;
  mode: Mode;
}) {
  const { code, dataId } = props;
  const navigate = useNavigate();
  const linkAccess: FillAccess = { kind: 'guest', credentials: props.credentials };
  const form = usePublicForm(code, linkAccess);
  // A personal link does not name the form's id: it is known once the form is read.
  const access = useMemo<FillAccess>(
    () => ({
      kind: 'guest',
      credentials: { ...props.credentials, form_id: props.credentials.form_id || (form.data?._id ?? '') },
    }),
    [props.credentials, form.data?._id],
  );
  const isStale = Boolean(form.data && !form.data.auth_user);
  useEffect(() => {
    if (isStale) clearGuestCredentials(code);
  }, [isStale, code]);
  const templates = useStepTemplates(form.data?._id, form.data?.steps ?? [], false);
  const start = useStartingSubmission(access, form.data?._id, dataId, undefined, props.mode === 'view');

  if (isStale) return <Navigate to={fillPaths.verify(code, dataId)} replace />;
  if (form.isPending || templates.isPending || start.isPending) return <GuestLoading />;
  if (form.isError) return <PublicFormError error={form.error} />;
  if (templates.isError || start.isError) return <PublicFormError error={templates.error ?? start.error} />;
  const submission = start.data;
  const canEdit = !submission || EDITABLE_STATUSES.has(submission.status);
  if (props.mode === 'view' || !canEdit) {
    if (!submission) return <Navigate to={fillPaths.execute(code, dataId)} replace />;
    return (
      <GuestFrame form={form.data} credentials={props.credentials} dataId={dataId}>
        <SubmissionValues
          steps={form.data.steps}
          templates={templates.data}
          submission={submission}
          pay={{
            guestHeaders: guestHeaders({
              ...props.credentials,
              form_id: props.credentials.form_id || form.data._id,
            }),
          }}
        />
        {canEdit && form.data.availability === 'OPEN' && (
          <Button component={Link} to={fillPaths.execute(code, dataId)} leftSection={<IconEdit size={16} />}>
            Continue filling
          </Button>
        )}
      </GuestFrame>
    );
  }
  if (form.data.availability !== 'OPEN') return <AvailabilityMessage form={form.data} />;
  return (
    <GuestFrame form={form.data} credentials={props.credentials} dataId={dataId}>
      <FormUploadsProvider
        access={access}
        formId={form.data._id}
        submissionId={submission?._id ?? null}
        steps={form.data.steps}
      >
        <FillStepper
          form={form.data}
          access={access}
          templates={templates.data}
          initial={submission}
          onSubmitted={(sent) =>
            void navigate(fillPaths.completed(code, dataId ?? null), {
              replace: true,
              state: { submissionId: sent._id },
            })
          }
        />
      </FormUploadsProvider>
    </GuestFrame>
  );
}

function GuestFrame({
  form,
  credentials,
  dataId,
  children,
}: {
  form: TPublicFormBuilder;
  credentials: GuestCredentials;
  dataId: string | undefined;
  children: React.ReactNode;
}) {
  return (
    <Stack gap="lg" maw={720} mx="auto" w="100%">
      <GuestPacketBanner credentials={credentials} submissionId={dataId} />
      <PublicFormHeader form={form} />
      <Divider />
      {children}
    </Stack>
  );
}

/** `…/view`: what the guest sent, read only. */
export function GuestViewScreen() {
  return <GuestFillScreen mode="view" />;
}
