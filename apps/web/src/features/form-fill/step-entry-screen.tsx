import { useState } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconDeviceFloppy, IconEdit } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { parseTemplateValues } from '@esigns/contracts/nocode-field-values';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { SkeletonStack } from '../../shared/ui/list-screen';
import { ErrorAlert, NoAccess, PageFrame, QueryFailure, errorText } from '../../shared/ui/page-kit';
import { FILL_KEYS, STAFF_ACCESS, fetchSubmission, updateStepValues } from './fill-api';
import { fillPaths } from './fill-paths';
import { useStaffForm } from './staff-fill-screen';
import { fieldErrorsOf } from './step-logic';
import { StepFields } from './step-fields';
import type { StepTemplate } from './step-templates';
import { StepAnswers } from './submission-values';
import { useStepTemplates } from './use-fill-data';

/**
 * `/fb/view|edit/{formbuilder_code}/{template_code}/{formbuilder_data_id}`: one TEMPLATE step of a
 * submission, read, or corrected by staff who manage submissions (the change is in its history).
 */
export function StepEntryScreen({ mode }: { mode: 'view' | 'edit' }) {
  const {
    formbuilder_code: code = '',
    template_code: templateCode = '',
    formbuilder_data_id: id = '',
  } = useParams();
  const form = useStaffForm(code);
  const rights = useCan();
  const submission = useQuery({
    queryKey: FILL_KEYS.submission(id),
    queryFn: ({ signal }) => fetchSubmission(STAFF_ACCESS, id, signal),
  });
  const templates = useStepTemplates(form.data?._id, form.data?.steps ?? [], true);
  const step = form.data?.steps.find(
    (s) => s.type === 'TEMPLATE' && templates.data?.[s.id]?.code === templateCode,
  );
  const template = step ? (templates.data?.[step.id] ?? null) : null;
  usePageTitle(step ? step.name : 'Form entry');
  const failed = [form, submission, templates].find((q) => q.isError);
  const back = (
    <Button
      variant="default"
      component={Link}
      to={fillPaths.submission(code, id)}
      leftSection={<IconArrowLeft size={16} />}
    >
      Back to the entry
    </Button>
  );
  const canEdit = rights.can('form-builders:manage-submissions');
  const title = `${mode === 'edit' ? 'Correct' : 'View'}: ${step?.name ?? templateCode}`;
  let body;
  if (failed)
    body = (
      <QueryFailure
        query={failed}
        title="Could not open the entry"
        noAccess="Your user type cannot see this entry."
      />
    );
  else if (!form.data || !submission.data || !templates.data) body = <SkeletonStack count={4} height={56} />;
  else if (!step || !template)
    body = <NoAccess title="No such step">This form has no step with the template {templateCode}.</NoAccess>;
  else if (mode === 'edit' && !canEdit)
    body = <NoAccess>Your user type cannot correct form entries.</NoAccess>;
  else if (mode === 'view') {
    body = <StepAnswers template={template} values={submission.data.values[step.id] ?? {}} />;
  } else {
    body = (
      <StepEditor id={id} code={code} template={template} initial={submission.data.values[step.id] ?? {}} />
    );
  }
  const editLink = mode === 'view' && canEdit && step && (
    <Button
      component={Link}
      to={fillPaths.stepEdit(code, templateCode, id)}
      leftSection={<IconEdit size={16} />}
    >
      Correct
    </Button>
  );
  return (
    <PageFrame
      title={title}
      description={form.data?.name}
      actions={
        <>
          {back}
          {editLink}
        </>
      }
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} maw={900}>
        {body}
      </Paper>
    </PageFrame>
  );
}

function StepEditor(props: {
  id: string;
  code: string;
  template: StepTemplate;
  initial: Record<string, unknown>;
}) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [values, setValues] = useState(props.initial);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useMutation({
    mutationFn: () => {
      const parsed = parseTemplateValues(props.template.fields, values, { unknownKeys: 'strip' });
      if (parsed.errors.length > 0) {
        setErrors(Object.fromEntries(parsed.errors.map((e) => [e.key, e.message]).reverse()));
        throw new Error('Some answers need your attention');
      }
      return updateStepValues(props.id, props.template._id, parsed.values);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: FILL_KEYS.submission(props.id) });
      notifications.show({ color: 'teal', message: 'Answers corrected' });
      void navigate(fillPaths.submission(props.code, props.id));
    },
    onError: (error) => isApiError(error) && setErrors(fieldErrorsOf(error.fieldErrors)),
  });
  return (
    <>
      <StepFields
        template={props.template}
        values={values}
        errors={errors}
        onChange={(key, value) => setValues((all) => ({ ...all, [key]: value }))}
      />
      {save.isError && <ErrorAlert>{errorText(save.error)}</ErrorAlert>}
      <Group justify="flex-end" mt="md">
        <Button
          leftSection={<IconDeviceFloppy size={16} />}
          loading={save.isPending}
          onClick={() => save.mutate()}
        >
          Save corrections
        </Button>
      </Group>
    </>
  );
}

export const StepViewScreen = () => <StepEntryScreen mode="view" />;
export const StepEditScreen = () => <StepEntryScreen mode="edit" />;
