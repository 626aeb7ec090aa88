import { Button } from '@mantine/core';
import { IconForms, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TFormBuilder, TFormOwnerType, TFormStatus } from '@esigns/contracts/form-builders';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListView,
  useDeleteConfirm,
  useListQuery,
} from '../../shared/ui/list-screen';
import {
  FORM_BUILDER_KEYS,
  deleteFormBuilder,
  fetchFormBuilders,
  type FormBuilderSort,
} from './form-builders-api';
import { FORM_OWNER_LABELS, FORM_STATUS_LABELS, optionsOf } from './form-labels';
import { formCard, formColumns } from './form-rows';

export const FORM_BUILDERS_PAGE_SIZE = 10;

const STATUS_FILTERS = [{ value: '', label: 'Any status' }, ...optionsOf(FORM_STATUS_LABELS)];
const OWNER_FILTERS = [{ value: '', label: 'Any filler' }, ...optionsOf(FORM_OWNER_LABELS)];

/**
 * /formBuilders: the company's forms, server-paged with search, status and filler filters and a
 * sort on name or last change; each row opens the builder, fills the form, lists its entries,
 * copies its public link or deletes it, as the caller's permissions allow.
 */
export function FormBuildersScreen() {
  usePageTitle('Forms');
  const rights = useCan();
  const canCreate = rights.can('form-builders:create');
  const canView = rights.can('form-builders:view');
  const list = useListQuery({
    pageSize: FORM_BUILDERS_PAGE_SIZE,
    sort: '-updated_at' as FormBuilderSort,
    filters: { status: '' as TFormStatus | '', owner_type: '' as TFormOwnerType | '' },
    queryKey: FORM_BUILDER_KEYS.page,
    queryFn: fetchFormBuilders,
    enabled: canView,
  });
  const remove = useDeleteConfirm({
    remove: (row: TFormBuilder) => deleteFormBuilder(row._id),
    invalidate: FORM_BUILDER_KEYS.all,
    notice: (row) => ({ message: `${row.name} deleted` }),
  });
  const newForm = canCreate && (
    <Button component={Link} to="/formBuilders/add" leftSection={<IconPlus size={16} />}>
      New form
    </Button>
  );

  return (
    <ListScreen
      title="Forms"
      description="Multi-step forms for your team, your contacts or anyone with the link."
      actions={newForm}
      rights={rights}
      canView={canView}
      list={list}
      noAccess="Your user type cannot see forms."
      search={{ label: 'Search forms', placeholder: 'Search by name, code or description', width: 300 }}
      selects={[
        { key: 'status', label: 'Filter by status', data: STATUS_FILTERS, width: 150 },
        { key: 'owner_type', label: 'Filter by who fills it', data: OWNER_FILTERS, width: 190 },
      ]}
      dialogs={
        <DeleteDialog confirm={remove} title="Delete form">
          {(row) => (
            <>
              Delete <b>{row.name}</b>? Its link stops working; the entries already received are kept.
            </>
          )}
        </DeleteDialog>
      }
    >
      <ListView
        list={list}
        errorTitle="Could not load the forms"
        empty={{
          icon: IconForms,
          title: 'No forms yet',
          text: canCreate
            ? 'Build one from form templates, entities, documents to sign and pages to read.'
            : 'Forms your company builds appear here.',
          actions: newForm,
          filtered: { title: 'No form matches', text: 'Try another search or filter.' },
        }}
        columns={formColumns({ rights, onDelete: remove.ask })}
        card={formCard({ rights, onDelete: remove.ask })}
        rowTestId="form-builder-row"
        minWidth={860}
        skeletonRows={4}
      />
    </ListScreen>
  );
}
