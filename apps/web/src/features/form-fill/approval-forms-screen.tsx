import { Anchor, Badge, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDateTime } from '../../shared/format/date';
import { useCan } from '../../shared/permissions/use-can';
import { ListScreen, ListView, useListQuery, type ListColumn } from '../../shared/ui/list-screen';
import { FILL_KEYS, fetchApprovalCount, fetchApprovals, type SubmissionRead } from './fill-api';
import { useFillPaths, type SignedInFillPaths } from './fill-paths';
import { fillerText } from './submission-labels';

const nameOf = (row: SubmissionRead) => row.form_name || row.code;
/** The entry, opened as its approver (the decision shows whatever the user type's rights). */
const approvalPathOf = (paths: SignedInFillPaths, row: SubmissionRead) =>
  `${paths.submission(row.code, row._id)}?approve=1`;

const columnsOf = (paths: SignedInFillPaths): ListColumn<SubmissionRead>[] => [
  {
    key: 'form',
    header: 'Form',
    cell: (row) => (
      <Anchor component={Link} to={approvalPathOf(paths, row)} fw={600}>
        {nameOf(row)}
      </Anchor>
    ),
  },
  { key: 'filler', header: 'Sent by', cell: (row) => fillerText(row.filler) },
  { key: 'sent', header: 'Sent', cell: (row) => (row.submitted_at ? formatDateTime(row.submitted_at) : '—') },
  {
    key: 'level',
    header: 'Level',
    width: 110,
    cell: (row) => <Badge variant="light">Level {(row.current_level ?? 0) + 1}</Badge>,
  },
];

/**
 * `/forms/approval-forms` (and the contact area's `/ap/approvalforms`): the form entries waiting
 * for the signed-in user's approval, with their count.
 */
export function ApprovalFormsScreen() {
  usePageTitle('Approval forms');
  const rights = useCan();
  const paths = useFillPaths();
  const count = useQuery({
    queryKey: [...FILL_KEYS.approvals, 'count'],
    queryFn: ({ signal }) => fetchApprovalCount(signal),
  });
  const list = useListQuery({
    pageSize: 20,
    queryKey: (params) => [...FILL_KEYS.approvals, params],
    queryFn: fetchApprovals,
  });
  return (
    <ListScreen
      title="Approval forms"
      description={
        count.data === undefined ? (
          'Form entries waiting for your decision.'
        ) : (
          <Text span size="sm" data-testid="approval-count">
            {count.data === 1 ? '1 entry waits' : `${count.data} entries wait`} for your decision.
          </Text>
        )
      }
      rights={rights}
      list={list}
      noAccess="Your user type cannot approve forms."
      search={{ label: 'Search approvals', placeholder: 'Search by form or sender', width: 300 }}
    >
      <ListView
        list={list}
        errorTitle="Could not load the approvals"
        empty={{
          icon: IconChecklist,
          title: 'Nothing waits for you',
          text: 'Form entries that need your approval appear here.',
          filtered: { title: 'No entry matches', text: 'Try another search.' },
        }}
        columns={columnsOf(paths)}
        card={(row) => ({
          title: (
            <Anchor component={Link} to={approvalPathOf(paths, row)} fw={600}>
              {nameOf(row)}
            </Anchor>
          ),
          meta: `${fillerText(row.filler)} · level ${(row.current_level ?? 0) + 1}`,
        })}
        rowTestId="approval-row"
        minWidth={640}
      />
    </ListScreen>
  );
}
