import { useMemo, type ReactNode } from 'react';
import { Skeleton } from '@mantine/core';
import type { TContactEntityAccess } from '@esigns/contracts/application-users';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import { isApiError } from '../../shared/api/api-error';
import { NoAccess, Panel, QueryFailure } from '../../shared/ui/page-kit';
import { EntityAreaProvider, type EntityArea } from '../entities/entity-area';
import { useContactEntityAccess } from './contact-area-api';

const seg = encodeURIComponent;

/**
 * The entity screens' addresses in the contact area: a record opens at `/ap/entity-view/{id}?dataId=`,
 * is added or edited at `/ap/entity-execute/{id}[?dataId=]`; `/ap/entity-view/{id}` without a
 * record is the entity's records (its default view).
 */
export const CONTACT_ENTITY_PATHS: EntityArea['paths'] = {
  list: (entityId) => `/ap/entity-view/${seg(entityId)}`,
  add: (entityId) => `/ap/entity-execute/${seg(entityId)}`,
  record: (entityId, recordId, mode) =>
    `/ap/${mode === 'view' ? 'entity-view' : 'entity-execute'}/${seg(entityId)}?dataId=${seg(recordId)}`,
};

/** The staff permissions the entity screens ask about, answered by the contact type's rule. */
const RULE_OF: Partial<
  Record<PermissionSlug, keyof Pick<TContactEntityAccess, 'read' | 'create' | 'update' | 'delete'>>
> = {
  'entity-data:view': 'read',
  'entity-data:create': 'create',
  'entity-data:update': 'update',
  'entity-data:delete': 'delete',
};

export function contactEntityArea(rule: TContactEntityAccess | null): EntityArea {
  return {
    can: (slug) => {
      const key = RULE_OF[slug];
      return Boolean(rule && key && rule[key]);
    },
    paths: CONTACT_ENTITY_PATHS,
    isStaff: false,
  };
}

/** Contacts may read no record of it (no rule, or a rule without read): what the screen says. */
export function NoRecordsAccess() {
  return (
    <Panel>
      <NoAccess title="Not shared with you">
        These records are not shared with you. Ask the company if you think you need them.
      </NoAccess>
    </Panel>
  );
}

/**
 * The entity screens inside, with the signed-in contact's rule on `entityId`
 * (`GET /application-user/permissions/entity/{id}`) as their rights and the `/ap` addresses.
 * `children` gets the rule to decide what shows.
 */
export function ContactEntityArea({
  entityId,
  children,
}: {
  entityId: string;
  children: (rule: TContactEntityAccess) => ReactNode;
}) {
  const access = useContactEntityAccess(entityId);
  const area = useMemo(() => contactEntityArea(access.data ?? null), [access.data]);
  // No rule for the entity: the server answers 404, as for an entity that does not exist.
  if (isApiError(access.error) && access.error.status === 404) return <NoRecordsAccess />;
  if (access.isError) {
    return (
      <QueryFailure
        query={access}
        title="Could not open these records"
        noAccess="These records are not shared with you."
      />
    );
  }
  if (!access.data) return <Skeleton h={320} radius="md" aria-busy="true" />;
  if (!access.data.read) return <NoRecordsAccess />;
  return <EntityAreaProvider area={area}>{children(access.data)}</EntityAreaProvider>;
}

/** Entity views: the contact reads their records (their own rule decides on each record's page). */
export const CONTACT_VIEW_AREA: EntityArea = contactEntityArea(null);
