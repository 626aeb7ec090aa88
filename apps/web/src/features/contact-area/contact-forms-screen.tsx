import { Anchor, Badge, Button, Group, Stack, Text } from '@mantine/core';
import { IconForms } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TApplicationUserForm } from '@esigns/contracts/application-users';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatDate } from '../../shared/format/date';
import { ListScreen, ListView, useListQuery, type ListColumn } from '../../shared/ui/list-screen';
import { SUBMISSION_STATUS_LABELS } from '../form-fill/submission-labels';
import { CONTACT_AREA_KEYS, fetchContactForms } from './contact-area-api';
import { CONTACT_RIGHTS } from './contact-rights';
import { availabilityText, contactFillPaths, formNextOf } from './form-state';
import { actionsColumn } from './list-parts';

type Row = TApplicationUserForm;

function NextAction({ form }: { form: Row }) {
  const next = formNextOf(form);
  if (next.kind === 'fill' || next.kind === 'continue') {
    return (
      <Button size="xs" component={Link} to={next.to} variant={next.kind === 'fill' ? 'filled' : 'light'}>
        {next.label}
      </Button>
    );
  }
  return null;
}

/** The latest of their entries (status and date) with a link to it, or why it cannot be filled. */
function YourEntries({ form }: { form: Row }) {
  const latest = form.submissions[0];
  const closed = availabilityText(form);
  if (!latest) {
    return (
      <Text size="sm" c="dimmed">
        {closed ?? 'Not filled yet'}
      </Text>
    );
  }
  const look = SUBMISSION_STATUS_LABELS[latest.status];
  return (
    <Group gap={6} wrap="wrap">
      <Badge color={look.color} variant="light" tt="none">
        {look.label}
      </Badge>
      <Anchor component={Link} size="xs" to={contactFillPaths.submission(form.code, latest._id)}>
        {formatDate(latest.submitted_at ?? latest.updated_at)}
      </Anchor>
      {form.submissions.length > 1 && (
        <Anchor component={Link} size="xs" to={contactFillPaths.dataList(form.code)}>
          all {form.submissions.length}
        </Anchor>
      )}
    </Group>
  );
}

const COLUMNS: ListColumn<Row>[] = [
  {
    key: 'name',
    header: 'Form',
    cell: (row) => (
      <Stack gap={0}>
        <Text fw={600} size="sm">
          {row.name}
        </Text>
        {row.description && (
          <Text size="xs" c="dimmed" lineClamp={1}>
            {row.description}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'entries', header: 'Your entry', width: 260, cell: (row) => <YourEntries form={row} /> },
  actionsColumn(170, (row) => <NextAction form={row} />),
];

/**
 * `/ap/formbuilder`: the forms assigned to the signed-in contact (`GET /application-user/formbuilders`)
 * with their own entries: fill, continue a draft, open what they sent.
 */
export function ContactFormsScreen() {
  usePageTitle('Forms');
  const list = useListQuery({
    pageSize: 20,
    queryKey: (params) => CONTACT_AREA_KEYS.forms(params),
    queryFn: (params, signal) => fetchContactForms(params, signal),
  });
  return (
    <ListScreen
      title="Forms"
      description="Forms to fill for the company, and what you sent."
      rights={CONTACT_RIGHTS}
      list={list}
      noAccess="Your access does not include forms."
      search={{ label: 'Search forms', placeholder: 'Search by name' }}
    >
      <ListView
        list={list}
        errorTitle="Could not load your forms"
        empty={{
          icon: IconForms,
          title: 'No forms for you yet',
          text: 'Forms the company asks you to fill appear here.',
          filtered: { title: 'No form matches', text: 'Try another search.' },
        }}
        columns={COLUMNS}
        card={(row) => ({
          title: (
            <Text fw={600} lineClamp={2}>
              {row.name}
            </Text>
          ),
          actions: <NextAction form={row} />,
          meta: <YourEntries form={row} />,
        })}
        rowTestId="contact-form-row"
        minWidth={640}
      />
    </ListScreen>
  );
}
