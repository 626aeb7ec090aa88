import { useState } from 'react';
import { Box } from '@mantine/core';
import { IconTags } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { TContactType } from '@esigns/contracts/contacts';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import {
  DeleteDialog,
  ListScreen,
  ListStates,
  SkeletonStack,
  useDeleteConfirm,
} from '../../shared/ui/list-screen';
import { AddTypeForm, TypeRow } from './contact-type-rows';
import { CONTACT_KEYS, deleteContactType, fetchContactTypes } from './contacts-api';
import { TypePermissionsDialog } from './type-permissions-dialog';

/**
 * /contact-types: the kinds of contacts (buyer, tenant, vendor...): list, add, rename inline, delete,
 * and each type's entity permissions in the contact area.
 */
export function ContactTypesScreen() {
  usePageTitle('Contact types');
  const rights = useCan();
  const canView = rights.can('contact-types:view') || rights.can('contacts:view');
  const canCreate = rights.can('contact-types:create');
  const [permissionsOf, setPermissionsOf] = useState<TContactType | null>(null);
  const types = useQuery({
    queryKey: CONTACT_KEYS.types,
    queryFn: ({ signal }) => fetchContactTypes(signal),
    enabled: canView,
  });
  const remove = useDeleteConfirm({
    remove: (type: TContactType) => deleteContactType(type._id),
    invalidate: CONTACT_KEYS.types,
    notice: (type) => ({ title: 'Contact type deleted', message: type.name }),
  });

  return (
    <ListScreen
      title="Contact types"
      description="Group your contacts by the part they play: buyer, tenant, owner, vendor. Each contact has at most one type, and the type decides which entities its contacts see in the contact area."
      rights={rights}
      canView={canView}
      error={types.error}
      noAccess="Your user type cannot see contact types."
      toolbar={canCreate && <AddTypeForm />}
      maw={720}
      dialogs={
        <>
          {permissionsOf && (
            <TypePermissionsDialog
              type={permissionsOf}
              canEdit={rights.can('contact-types:update')}
              onClose={() => setPermissionsOf(null)}
            />
          )}
          <DeleteDialog confirm={remove} title="Delete contact type">
            {(type) => (
              <>
                Delete the type <b>{type.name}</b>? A type that contacts still have cannot be deleted: change
                their type first.
              </>
            )}
          </DeleteDialog>
        </>
      }
    >
      <ListStates
        list={{ query: types, rows: types.data ?? [] }}
        errorTitle="Could not load the contact types"
        empty={{
          testId: 'contact-types-empty',
          icon: IconTags,
          title: 'No contact types yet',
          text: canCreate
            ? 'Add the kinds of contacts you work with, then give each contact its type.'
            : 'An owner or admin can add the kinds of contacts you work with.',
        }}
        loading={<SkeletonStack />}
      >
        <Box>
          {(types.data ?? []).map((type) => (
            <TypeRow
              key={type._id}
              type={type}
              canRename={rights.can('contact-types:update')}
              canDelete={rights.can('contact-types:delete')}
              onDelete={remove.ask}
              onPermissions={setPermissionsOf}
            />
          ))}
        </Box>
      </ListStates>
    </ListScreen>
  );
}
