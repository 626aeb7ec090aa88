import { Button, Paper } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconForms, IconList } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { useSession } from '../../shared/session/session-store';
import { PageFrame, QueryFailure, StateMessage } from '../../shared/ui/page-kit';
import { SkeletonStack } from '../../shared/ui/list-screen';
import { FILL_KEYS, STAFF_ACCESS, fetchStaffForm } from './fill-api';
import { useAreaBase } from '../../shared/area/area-base';
import { signedInFillPaths } from './fill-paths';
import { FillStepper } from './fill-stepper';
import { FormUploadsProvider } from './form-file-uploads';
import { EDITABLE_STATUSES, useStartingSubmission, useStepTemplates } from './use-fill-data';

/** The staff definition of a form by its code (`GET /formBuilders/code/{code}`). */
export function useStaffForm(code: string) {
  return useQuery({
    queryKey: FILL_KEYS.staffForm(code),
    queryFn: ({ signal }) => fetchStaffForm(code, signal),
  });
}

/**
 * `/fbd/{formbuilder_code}`: a signed-in user fills the form with the guests' stepper, resuming
 * their own draft (or the submission `?submission=` names, e.g. one sent back to them). The
 * contact area's `/ap/fbd/{formbuilder_code}` and `/ap/fb/edit/{formbuilder_code}/{formbuilder_data_id}`
 * are this screen too (the server answers a contact only their own entries).
 */
export function StaffFillScreen() {
  const { formbuilder_code: code = '', formbuilder_data_id: dataId } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const base = useAreaBase();
  const paths = signedInFillPaths(base);
  const userId = useSession((s) => s.user?._id);
  const rights = useCan();
  const form = useStaffForm(code);
  usePageTitle(form.data?.name ?? 'Form');
  const templates = useStepTemplates(form.data?._id, form.data?.steps ?? [], true);
  const start = useStartingSubmission(
    STAFF_ACCESS,
    form.data?._id,
    search.get('submission') ?? dataId,
    base === '' ? userId : undefined,
  );
  const entries = rights.can('form-builders:view-submissions') && (
    <Button variant="default" component={Link} to={paths.dataList(code)} leftSection={<IconList size={16} />}>
      Entries
    </Button>
  );
  const failed = [form, templates, start].find((q) => q.isError);
  return (
    <PageFrame title={form.data?.name ?? 'Form'} description={form.data?.description} actions={entries}>
      {failed ? (
        <QueryFailure
          query={failed}
          title="Could not open the form"
          noAccess={base ? 'This form is not shared with you.' : 'Your user type cannot fill this form.'}
        />
      ) : !form.data || !templates.data || start.isPending ? (
        <SkeletonStack count={3} height={72} />
      ) : form.data.status !== 'ACTIVE' ? (
        <StateMessage
          icon={<IconForms size={28} />}
          color="gray"
          title="This form is not active"
          testId="form-inactive"
        >
          It can be filled once it is made active in the form builder.
        </StateMessage>
      ) : start.data && !EDITABLE_STATUSES.has(start.data.status) ? (
        <StateMessage icon={<IconForms size={28} />} title="Already sent" testId="already-sent">
          <Button component={Link} to={paths.submission(code, start.data._id)} variant="light">
            Open the submission
          </Button>
        </StateMessage>
      ) : (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} maw={820}>
          <FormUploadsProvider
            access={STAFF_ACCESS}
            formId={form.data._id}
            submissionId={start.data?._id ?? null}
            steps={form.data.steps}
          >
            <FillStepper
              form={form.data}
              access={STAFF_ACCESS}
              templates={templates.data}
              initial={start.data ?? null}
              onSubmitted={(sent) => {
                notifications.show({ color: 'teal', message: `${form.data.name} submitted` });
                void navigate(paths.submitted(code, sent._id));
              }}
            />
          </FormUploadsProvider>
        </Paper>
      )}
    </PageFrame>
  );
}
