import { createContext, useContext, type ReactNode } from 'react';
import type { PermissionSlug } from '@esigns/contracts/permissions';
import { useCan } from '../../shared/permissions/use-can';
import { addRecordPath, entityPath, recordPath } from './paths';

/**
 * The area the entity screens are open in: what the caller may do with the records and where the
 * screens link to. Staff (the default): their permissions and the `/entity` routes. The contact
 * area (`/ap`) provides its own: the contact type's rule on the entity and the `/ap` routes.
 */
export type EntityArea = {
  can: (slug: PermissionSlug) => boolean;
  paths: {
    list: (entityId: string) => string;
    add: (entityId: string) => string;
    record: (entityId: string, recordId: string, mode: 'view' | 'edit') => string;
  };
  /** Links to staff-only places (entity settings, views list) show. */
  isStaff: boolean;
};

export const STAFF_ENTITY_PATHS: EntityArea['paths'] = {
  list: entityPath,
  add: addRecordPath,
  record: recordPath,
};

const EntityAreaContext = createContext<EntityArea | null>(null);

export function EntityAreaProvider({ area, children }: { area: EntityArea; children: ReactNode }) {
  return <EntityAreaContext.Provider value={area}>{children}</EntityAreaContext.Provider>;
}

/** The area's rights and routes (staff unless a provider says otherwise). */
export function useEntityArea(): EntityArea {
  const area = useContext(EntityAreaContext);
  const { can } = useCan();
  return area ?? { can, paths: STAFF_ENTITY_PATHS, isStaff: true };
}
