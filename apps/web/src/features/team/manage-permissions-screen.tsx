import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Box, Skeleton, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconEye } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { UserType } from '@esigns/contracts/auth';
import { ROW_ROLE_ACCESS, toPermissionList } from '@esigns/contracts/permissions';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useSession, workspaceIdOf } from '../../shared/session/session-store';
import { PermissionMatrix } from './permission-matrix';
import { fetchUserTypes, saveUserTypePermissions, type TUserTypeView } from './team-api';
import { TEAM_KEYS } from './team-query-keys';
import {
  ErrorAlert,
  NoAccess,
  PageFrame,
  Panel,
  PermissionsFailure,
  QueryFailure,
  errorText,
  isForbidden,
  type ScreenFrame,
} from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';

const DESCRIPTION =
  'What each user type may do in this workspace. Changes apply to every user of that type at their next action.';

/**
 * /profile/manage-permissions: the permission matrix of the company's user types. Read-only for
 * callers who may see but not change permissions; a "no access" state for the others.
 */
export function ManagePermissionsScreen({ frame: Frame = PageFrame }: { frame?: ScreenFrame }) {
  usePageTitle('Manage permissions');
  const rights = useCan();
  const companyId = useSession(workspaceIdOf) ?? '';
  const queryClient = useQueryClient();
  const [saveError, setSaveError] = useState<{ label: string; error: unknown } | null>(null);

  // The user types come from GET /userTypeList, which needs `roles:view`.
  const canView = rights.can('permissions:view') && rights.can('roles:view');
  const canManage = rights.can('permissions:manage');
  const userTypes = useQuery({
    queryKey: TEAM_KEYS.userTypes(companyId),
    queryFn: ({ signal }) => fetchUserTypes(companyId, signal),
    enabled: canView && Boolean(companyId),
  });

  const save = useMutation({
    mutationFn: ({ type, permissions }: { type: TUserTypeView; permissions: string[] }) =>
      saveUserTypePermissions(type._id, toPermissionList(permissions)),
    onMutate: () => setSaveError(null),
    onSuccess: (saved, { type }) => {
      queryClient.setQueryData<TUserTypeView[]>(TEAM_KEYS.userTypes(companyId), (all) =>
        all?.map((entry) => (entry._id === saved._id ? { ...entry, ...saved } : entry)),
      );
      // The caller's own rights change when they edited their own user type.
      void queryClient.invalidateQueries({ queryKey: TEAM_KEYS.permissions });
      notifications.show({ color: 'teal', title: 'Permissions saved', message: type.label });
    },
    onError: (error, { type }) => setSaveError({ label: type.label, error }),
  });

  const overview = rights.overview;
  const categories = useMemo(() => {
    if (!overview) return [];
    const company = new Set(overview.company_permissions);
    return overview.categories
      .map((category) => ({
        ...category,
        permissions: category.permissions.filter((p) => company.has(p.slug)),
      }))
      .filter((category) => category.permissions.length > 0);
  }, [overview]);
  const ownerOnly = useMemo(() => new Set(overview?.owner_only ?? []), [overview]);
  const grantable = useMemo(
    () => (overview && overview.user_type !== 'OWNER' ? new Set(overview.permissions) : null),
    [overview],
  );
  const editableTypes = useMemo(
    () =>
      new Set<UserType>(
        rights.userType ? ROW_ROLE_ACCESS[rights.userType].filter((type) => type !== 'OWNER') : [],
      ),
    [rights.userType],
  );

  const frame = (content: ReactNode, testId?: string) => (
    <Frame title="Manage permissions" description={DESCRIPTION}>
      <Box data-testid={testId}>{content}</Box>
    </Frame>
  );

  if (rights.isLoading || (canView && userTypes.isPending)) {
    return frame(<Skeleton h={360} radius="md" aria-busy="true" />);
  }
  if (rights.error) {
    return frame(<PermissionsFailure rights={rights} />);
  }
  if (!canView || isForbidden(userTypes.error)) {
    return frame(
      <Panel>
        <NoAccess title="You cannot manage permissions">
          Your user type may not see or change the permissions of this workspace. Ask an owner or admin if
          something you need is missing.
        </NoAccess>
      </Panel>,
      'permissions-no-access',
    );
  }
  if (userTypes.isError) {
    return frame(<QueryFailure query={userTypes} title="Could not load the user types" />);
  }

  return frame(
    <Stack gap="md">
      {!canManage && (
        <Alert color="blue" variant="light" icon={<IconEye size={18} />} data-testid="permissions-read-only">
          You can see the permissions of each user type but not change them.
        </Alert>
      )}
      {saveError && (
        <ErrorAlert>
          Could not save the permissions of {saveError.label}: {errorText(saveError.error)}
        </ErrorAlert>
      )}
      <Panel>
        <PermissionMatrix
          categories={categories}
          userTypes={userTypes.data ?? []}
          ownerOnly={ownerOnly}
          canManage={canManage}
          editableTypes={editableTypes}
          grantable={grantable}
          onSave={(type, permissions) => save.mutateAsync({ type, permissions })}
          savingTypeId={save.isPending ? (save.variables?.type._id ?? null) : null}
        />
      </Panel>
    </Stack>,
  );
}
