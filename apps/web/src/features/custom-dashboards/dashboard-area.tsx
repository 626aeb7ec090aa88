import { createContext, useContext } from 'react';
import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

export type DashboardArea = 'staff' | 'contact';

/** Where a dashboard is open: the staff app or the contact area (links and staff-only widgets differ). */
export const DashboardAreaContext = createContext<DashboardArea>('staff');
export const useDashboardArea = () => useContext(DashboardAreaContext);

/** A link to the whole of a table widget's entity view, in the area the dashboard is open in. */
export function ViewLink({ viewId }: { viewId: string }) {
  const area = useDashboardArea();
  const to = area === 'contact' ? `/ap/entity-views/view/${viewId}` : `/entity-views/view/${viewId}`;
  return (
    <Anchor component={Link} to={to} size="xs">
      Open the view
    </Anchor>
  );
}
