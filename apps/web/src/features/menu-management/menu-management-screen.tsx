import { Skeleton, Tabs } from '@mantine/core';
import { IconMenu2, IconPalette } from '@tabler/icons-react';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { LoadError, NoAccess, PageFrame } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { CustomizationPanel } from './customization-panel';
import { MenusPanel } from './menus-panel';

type Tab = 'menus' | 'customization';

/**
 * /menu-management: the sidebar of each user type ("Menus", needs `menus:manage`) and the
 * entities' looks ("Entity customization", `?tab=customization`, needs `customization:view`).
 */
export function MenuManagementScreen() {
  usePageTitle('Menu management');
  const { can, isLoading, error, refetch } = useCan();
  const [params, setParams] = useSearchParams();
  const canMenus = can('menus:manage');
  const canCustomize = can('customization:view');
  const wanted: Tab = params.get('tab') === 'customization' ? 'customization' : 'menus';
  const tab: Tab = wanted === 'menus' && !canMenus ? 'customization' : wanted;

  let content;
  if (isLoading) content = <Skeleton h={320} radius="md" />;
  else if (error)
    content = <LoadError error={error} onRetry={refetch} title="Your permissions could not be loaded" />;
  else if (!canMenus && !canCustomize) {
    content = (
      <NoAccess>
        Changing menus needs the “Manage menus” permission, and customizations “View customization”.
      </NoAccess>
    );
  } else {
    content = (
      <Tabs
        value={tab}
        onChange={(next) =>
          setParams(
            (p) => {
              const fresh = new URLSearchParams();
              if (next === 'customization') fresh.set('tab', 'customization');
              const userType = p.get('user_type');
              if (next !== 'customization' && userType) fresh.set('user_type', userType);
              return fresh;
            },
            { replace: true },
          )
        }
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {canMenus && (
            <Tabs.Tab value="menus" leftSection={<IconMenu2 size={16} />}>
              Menus
            </Tabs.Tab>
          )}
          {canCustomize && (
            <Tabs.Tab value="customization" leftSection={<IconPalette size={16} />}>
              Entity customization
            </Tabs.Tab>
          )}
        </Tabs.List>
        {canMenus && (
          <Tabs.Panel value="menus">
            <MenusPanel />
          </Tabs.Panel>
        )}
        {canCustomize && (
          <Tabs.Panel value="customization">
            <CustomizationPanel />
          </Tabs.Panel>
        )}
      </Tabs>
    );
  }

  return (
    <PageFrame
      title="Menu management"
      description="Choose what the sidebar of each user type shows, and how each entity's screens look."
    >
      {content}
    </PageFrame>
  );
}
