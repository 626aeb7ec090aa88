import { useState } from 'react';
import { Button, SimpleGrid, Skeleton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconApps } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { TIndustryType } from '@esigns/contracts/apps';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { FilterBar, FilterSelect, SearchField } from '../../shared/ui/list-screen';
import { PageFrame, Panel, QueryFailure, StateMessage } from '../../shared/ui/page-kit';
import { AppCard } from './app-card';
import { APP_KEYS, fetchApps, fetchIndustries } from './apps-api';
import { AppsNav } from './apps-nav';

/** /apps: the marketplace: approved and built-in apps by industry type and search; details and install. */
export function MarketplaceScreen() {
  usePageTitle('Apps');
  const [search, setSearch] = useState('');
  const [industry, setIndustry] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const query = {
    search: debounced || undefined,
    industry_type: (industry || undefined) as TIndustryType | undefined,
  };
  const apps = useQuery({
    queryKey: APP_KEYS.list(query),
    queryFn: ({ signal }) => fetchApps(query, signal),
  });
  const industries = useQuery({
    queryKey: APP_KEYS.industries,
    queryFn: ({ signal }) => fetchIndustries(signal),
  });
  const options = [
    { value: '', label: 'All industries' },
    ...(industries.data ?? []).map((t) => ({ value: t.value, label: `${t.label} (${t.apps})` })),
  ];
  return (
    <PageFrame
      title="Apps"
      description="Ready-made entities, forms, workflows and dashboards for your business, installed in one click."
      actions={<AppsNav current="/apps" />}
    >
      <FilterBar>
        <SearchField label="Search apps" placeholder="Search apps" value={search} onChange={setSearch} />
        <FilterSelect label="Industry" data={options} value={industry} onChange={setIndustry} width={220} />
      </FilterBar>
      {apps.isPending ? (
        <Skeleton h={240} />
      ) : apps.isError ? (
        <QueryFailure
          query={apps}
          title="Could not load the apps"
          noAccess="Your role may not browse apps."
        />
      ) : apps.data.data.length === 0 ? (
        <Panel>
          <StateMessage icon={<IconApps size={28} />} title="No app matches">
            Try another search or industry.
          </StateMessage>
        </Panel>
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {apps.data.data.map((app) => (
            <AppCard
              key={app._id}
              app={app}
              actions={
                <Button component={Link} to={`/apps/install/info?app_id=${app._id}`} size="xs">
                  {app.installed_version ? 'Details' : 'Details and install'}
                </Button>
              }
            />
          ))}
        </SimpleGrid>
      )}
    </PageFrame>
  );
}
