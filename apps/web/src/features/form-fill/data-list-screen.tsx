import { useState } from 'react';
import { Button } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconForms, IconSend, IconTrash } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { SUBMISSION_STATUSES, type TSubmissionStatus } from '@esigns/contracts/form-builders';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useAreaBase } from '../../shared/area/area-base';
import { useCan } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  useDeleteConfirm,
  useListQuery,
  useRowSelection,
} from '../../shared/ui/list-screen';
import { errorText } from '../../shared/ui/page-kit';
import { saveBlob } from '../signing/signing-api';
import { BatchProgress } from './batch-progress';
import { deleteSubmissions, exportSubmissions, resendLink } from './data-list-api';
import { dataListCard, dataListColumns } from './data-list-rows';
import { FILL_KEYS, STAFF_ACCESS, fetchSubmissions, type SubmissionRead } from './fill-api';
import { signedInFillPaths } from './fill-paths';
import { SendFormDialog } from './send-form-dialog';
import { useStaffForm } from './staff-fill-screen';
import { SUBMISSION_STATUS_LABELS, fillerText } from './submission-labels';

const STATUS_FILTERS = [
  { value: '', label: 'Any status' },
  ...SUBMISSION_STATUSES.map((status) => ({ value: status, label: SUBMISSION_STATUS_LABELS[status].label })),
];

/**
 * `/fbd/{formbuilder_code}/data-list`: a form's entries, server-paged with search and a status
 * filter, each with its step progress; CSV export, send the form to people (with the sends'
 * progress), resend a personal link, delete many. In the contact area (`/ap/fbdv/…/data-list`,
 * `/ap/fbd/…/data-list`) a contact's own entries (the server answers only theirs).
 */
export function DataListScreen() {
  const { formbuilder_code: code = '' } = useParams();
  const rights = useCan();
  const base = useAreaBase();
  const paths = signedInFillPaths(base);
  const form = useStaffForm(code);
  const formId = form.data?._id;
  usePageTitle(form.data ? `${form.data.name}: entries` : 'Form entries');
  const [isSending, setSending] = useState(false);
  const selection = useRowSelection<SubmissionRead>();
  const list = useListQuery({
    pageSize: 20,
    filters: { status: '' as TSubmissionStatus | '' },
    queryKey: (params) => [...FILL_KEYS.submissions, formId, params],
    queryFn: (params, signal) =>
      fetchSubmissions(STAFF_ACCESS, { ...params, formbuilder_details_id: formId ?? '' }, signal),
    enabled: formId !== undefined,
  });
  const remove = useDeleteConfirm({
    remove: (rows: SubmissionRead[]) => deleteSubmissions(rows.map((r) => r._id)),
    invalidate: FILL_KEYS.submissions,
    notice: (rows) => {
      selection.clear();
      return { message: rows.length === 1 ? '1 entry deleted' : `${rows.length} entries deleted` };
    },
  });
  const resend = useMutation({
    mutationFn: (row: SubmissionRead) => resendLink(row._id),
    onSuccess: (_answer, row) =>
      notifications.show({ color: 'teal', message: `Link sent again to ${fillerText(row.filler)}` }),
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  const exportCsv = useMutation({
    mutationFn: () => exportSubmissions(formId ?? '', list.filters.status || undefined),
    onSuccess: ({ blob, fileName }) => saveBlob(blob, fileName),
    onError: (error) => notifications.show({ color: 'red', message: errorText(error) }),
  });
  const steps = form.data?.steps ?? [];
  const canSend = rights.can('form-builders:send');
  const canManage = rights.can('form-builders:manage-submissions');
  const actions = formId && (
    <>
      {rights.can('form-builders:export') && (
        <Button
          variant="default"
          leftSection={<IconDownload size={16} />}
          loading={exportCsv.isPending}
          onClick={() => exportCsv.mutate()}
        >
          Export CSV
        </Button>
      )}
      {canSend && (
        <Button leftSection={<IconSend size={16} />} onClick={() => setSending(true)}>
          Send form
        </Button>
      )}
    </>
  );
  const options = {
    code,
    steps,
    submissionPath: paths.submission,
    onResend: canSend ? (row: SubmissionRead) => resend.mutate(row) : undefined,
  };
  return (
    <ListScreen
      title={form.data ? `${form.data.name}: entries` : 'Form entries'}
      description={
        base ? 'Your entries of this form.' : 'Every entry of this form, with how far each one got.'
      }
      actions={actions}
      rights={rights}
      canView={base !== '' || rights.can('form-builders:view-submissions')}
      list={list}
      error={form.error}
      noAccess="Your user type cannot see the entries of forms."
      search={{ label: 'Search entries', placeholder: 'Search by name or email', width: 280 }}
      selects={[{ key: 'status', label: 'Filter by status', data: STATUS_FILTERS, width: 200 }]}
      toolbar={formId && canSend && <BatchProgress formId={formId} />}
      dialogs={
        <>
          {isSending && formId && <SendFormDialog formId={formId} onClose={() => setSending(false)} />}
          <DeleteDialog confirm={remove} title="Delete entries">
            {(rows) => (
              <>
                Delete {rows.length === 1 ? 'this entry' : `these ${rows.length} entries`}? Their answers are
                removed for good.
              </>
            )}
          </DeleteDialog>
        </>
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the entries"
        empty={{
          icon: IconForms,
          title: 'No entries yet',
          text: 'Entries appear here as people fill the form.',
          filtered: { title: 'No entry matches', text: 'Try another search or status.' },
        }}
        columns={dataListColumns(options)}
        card={dataListCard(options)}
        selection={canManage ? selection : undefined}
        rowLabel={(row) => fillerText(row.filler)}
        bulkActions={
          <Button
            color="red"
            variant="light"
            size="xs"
            leftSection={<IconTrash size={14} />}
            onClick={() => remove.ask(selection.selected)}
          >
            Delete selected
          </Button>
        }
        rowTestId="entry-row"
        minWidth={900}
      />
    </ListScreen>
  );
}
