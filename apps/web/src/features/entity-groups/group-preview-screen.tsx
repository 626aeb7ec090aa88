import { Suspense, lazy, type ReactNode } from 'react';
import { Anchor, Box, Grid, NavLink, Paper, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconArrowLeft,
  IconDatabase,
  IconFileText,
  IconForms,
  IconHandFinger,
  IconVariable,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { TEntityGroup } from '@esigns/contracts/entity-groups';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame, QueryFailure, StateMessage } from '../../shared/ui/page-kit';
import { ENTITY_GROUP_KEYS, fetchEntityGroup } from './entity-groups-api';
import { memberCounts, previewPath } from './entity-groups-screen';
import { NamedIcon } from '../../shared/ui/named-icon';

/** The records of an entity (entities feature), loaded only when an entity is opened here. */
const EntityRecordsPanel = lazy(() =>
  import('../entities/records-panel').then((m) => ({ default: m.EntityRecordsPanel })),
);

const segment = encodeURIComponent;

type Item = { id: string; label: string; to: string };

function sectionsOf(group: TEntityGroup): { title: string; icon: ReactNode; items: Item[] }[] {
  return [
    {
      title: 'Entities',
      icon: <IconDatabase size={16} />,
      items: group.entities.map((e) => ({
        id: e._id,
        label: e.name,
        to: `${previewPath(group)}/${segment(e._id)}`,
      })),
    },
    {
      title: 'Form templates',
      icon: <IconForms size={16} />,
      items: group.formTemplates.map((t) => ({
        id: t._id,
        label: t.name,
        to: `/template/${segment(t._id)}/view`,
      })),
    },
    {
      title: 'Document templates',
      icon: <IconFileText size={16} />,
      items: group.docTemplates.map((t) => ({
        id: t._id,
        label: t.name,
        to: `/company-documents/${segment(t.company_document_id)}/configure/template/${segment(t._id)}`,
      })),
    },
    {
      title: 'Global variables',
      icon: <IconVariable size={16} />,
      items: group.globalVariables.map((v) => ({
        id: v._id,
        label: v.name,
        to: `/global-variables/view/${segment(v._id)}`,
      })),
    },
  ].filter((section) => section.items.length > 0);
}

/** The group's members by kind; entities open on the right, the others on their own screens. */
function MemberList({ group, entityId }: { group: TEntityGroup; entityId: string | undefined }) {
  const sections = sectionsOf(group);
  return (
    <Paper withBorder radius="md" p="xs" component="nav" aria-label={`Members of ${group.name}`}>
      {sections.length === 0 ? (
        <Text size="sm" c="dimmed" p="sm">
          This group has no members yet.
        </Text>
      ) : (
        <Stack gap="xs">
          {sections.map((section) => (
            <Box key={section.title}>
              <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" pt={4}>
                {section.title}
              </Text>
              {section.items.map((item) => (
                <NavLink
                  key={item.id}
                  component={Link}
                  to={item.to}
                  label={item.label}
                  leftSection={section.icon}
                  active={section.title === 'Entities' && item.id === entityId}
                />
              ))}
            </Box>
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function Overview({ group }: { group: TEntityGroup }) {
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="sm">
        <Box>
          <Title order={4}>{group.name}</Title>
          {group.description && <Text c="dimmed">{group.description}</Text>}
          <Text size="sm" mt={4}>
            {memberCounts(group).join(' · ') || 'No members yet'}
          </Text>
        </Box>
        <StateMessage icon={<IconHandFinger size={22} />} color="gray" title="Open an entity">
          <Text size="sm" c="dimmed">
            {group.entities.length
              ? 'Choose an entity on the left to see its records here.'
              : 'Add entities to the group to see their records here.'}
          </Text>
        </StateMessage>
      </Stack>
    </Paper>
  );
}

function EntityPanel({ group, entityId }: { group: TEntityGroup; entityId: string }) {
  if (!group.entities.some((e) => e._id === entityId)) {
    return (
      <Paper withBorder radius="md">
        <StateMessage icon={<IconDatabase size={22} />} color="gray" title="Not in this group">
          <Text size="sm" c="dimmed">
            This entity is not a member of {group.name} (any more). Choose one on the left.
          </Text>
        </StateMessage>
      </Paper>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" data-testid="entity-panel">
      <Suspense fallback={<Skeleton h={240} aria-busy="true" />}>
        <EntityRecordsPanel entityId={entityId} />
      </Suspense>
    </Paper>
  );
}

/**
 * /company-entity-groups/{group_id}/preview and .../preview/{entity_id}: the group's members as a
 * list on the left; on the right the group's overview, or the records of the chosen entity.
 */
export function GroupPreviewScreen() {
  const { group_id: groupId = '', entity_id: entityId } = useParams();
  const query = useQuery({
    queryKey: ENTITY_GROUP_KEYS.one(groupId),
    queryFn: ({ signal }) => fetchEntityGroup(groupId, signal),
  });
  usePageTitle(query.data?.name ?? 'Entity group');
  const back = (
    <Anchor
      component={Link}
      to="/company-entity-groups"
      size="sm"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
    >
      <IconArrowLeft size={14} /> Entity groups
    </Anchor>
  );
  if (query.isPending) {
    return (
      <PageFrame title="Entity group" description={back}>
        <Skeleton h={320} radius="md" aria-busy="true" />
      </PageFrame>
    );
  }
  if (query.error) {
    return (
      <PageFrame title="Entity group" description={back}>
        <QueryFailure
          query={query}
          title="Could not load the group"
          noAccess="Your user type cannot see entity groups."
        />
      </PageFrame>
    );
  }
  const group = query.data;
  return (
    <PageFrame
      title={group.name}
      description={back}
      actions={
        <ThemeIcon variant="light" size={36} radius="md">
          <NamedIcon name={group.icon ?? 'stack-2'} size={22} />
        </ThemeIcon>
      }
    >
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 3 }}>
          <MemberList group={group} entityId={entityId} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 9 }}>
          {entityId ? <EntityPanel group={group} entityId={entityId} /> : <Overview group={group} />}
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}
