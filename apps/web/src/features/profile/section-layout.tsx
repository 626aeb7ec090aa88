import type { ReactNode } from 'react';
import { Badge, Box, Group, NativeSelect, NavLink, Paper, Stack, Text, Title } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { isMirroredInFrame } from '../../app/routes';
import { useInEmbeddedFrame } from '../embedding/embedded-frame';

export type SectionNavItem = {
  label: string;
  /** The child's path under the area, e.g. 'personal-information'. */
  path: string;
  icon: Icon;
  /** Not built yet: the link still works (it opens the "coming soon" screen) and says so. */
  isComingSoon?: boolean;
};

export type SectionNavGroup = { label?: string; items: readonly SectionNavItem[] };

/** `/if/{ssoAuth}` inside the embedded mode, '' in the staff shell: links stay in their mode. */
export function useModePrefix(): string {
  const { ssoAuth } = useParams();
  return ssoAuth ? `/if/${ssoAuth}` : '';
}

function isCurrent(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The groups' children the embedded frame mirrors; groups left empty go. */
function mirroredGroups(groups: readonly SectionNavGroup[], basePath: string): SectionNavGroup[] {
  return groups
    .map((group) => ({
      ...group,
      items: group.items.filter((i) => isMirroredInFrame(`${basePath}/${i.path}`)),
    }))
    .filter((group) => group.items.length > 0);
}

/** What a child screen of an area gives its frame. */
export type SectionChildProps = {
  /** The screen's own heading (also the page title) and one line of help. */
  title: string;
  description?: ReactNode;
  /** Buttons at the right of the heading. */
  actions?: ReactNode;
  children: ReactNode;
};

export type SectionLayoutProps = SectionChildProps & {
  /** The area's name, e.g. 'Profile'. */
  areaTitle: string;
  /** The area's base in the spec's notation, e.g. '/profile'. */
  basePath: string;
  groups: readonly SectionNavGroup[];
};

/**
 * An area with children (profile, settings): the list of children on the left (a section picker
 * on phones) and the current child's heading (also the page title) and content on the right.
 */
export function SectionLayout({
  areaTitle,
  basePath,
  groups: allGroups,
  title,
  description,
  actions,
  children,
}: SectionLayoutProps) {
  usePageTitle(title);
  // In the embedded mode only the children the frame mirrors (the others' calls are refused).
  const isEmbedded = useInEmbeddedFrame();
  const groups = isEmbedded ? mirroredGroups(allGroups, basePath) : allGroups;
  const prefix = useModePrefix();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const base = `${prefix}${basePath}`;
  const hrefOf = (item: SectionNavItem) => `${base}/${item.path}`;
  const allItems = groups.flatMap((group) => group.items);
  const current = allItems.find((item) => isCurrent(pathname, hrefOf(item)));

  return (
    <Stack gap="lg" maw={1180} data-testid="section-layout">
      <Title order={1} size="h2">
        {areaTitle}
      </Title>
      <Box style={{ display: 'flex', gap: 'var(--mantine-spacing-xl)', alignItems: 'flex-start' }} w="100%">
        <Box
          component="nav"
          aria-label={`${areaTitle} sections`}
          visibleFrom="sm"
          w={240}
          style={{ flexShrink: 0, position: 'sticky', top: 76 }}
        >
          <Stack gap="md">
            {groups.map((group, index) => (
              <Stack gap={2} key={group.label ?? index}>
                {group.label && (
                  <Text size="xs" fw={700} c="dimmed" tt="uppercase" px="sm" mb={4}>
                    {group.label}
                  </Text>
                )}
                {group.items.map((item) => {
                  const isActive = item === current;
                  return (
                    <NavLink
                      key={item.path}
                      component={Link}
                      to={hrefOf(item)}
                      label={item.label}
                      leftSection={<item.icon size={18} stroke={1.6} />}
                      rightSection={
                        item.isComingSoon ? (
                          <Badge size="xs" variant="light" color="gray">
                            Soon
                          </Badge>
                        ) : undefined
                      }
                      active={isActive}
                      aria-current={isActive ? 'page' : undefined}
                      fw={isActive ? 600 : 500}
                      style={{ borderRadius: 'var(--mantine-radius-md)' }}
                    />
                  );
                })}
              </Stack>
            ))}
          </Stack>
        </Box>

        <Stack gap="md" style={{ flex: 1, minWidth: 0 }}>
          <NativeSelect
            hiddenFrom="sm"
            label="Section"
            value={current ? hrefOf(current) : ''}
            onChange={(event) => void navigate(event.currentTarget.value)}
            data-testid="section-picker"
          >
            {!current && <option value="">Choose a section</option>}
            {groups.map((group, index) => {
              const options = group.items.map((item) => (
                <option key={item.path} value={hrefOf(item)}>
                  {item.isComingSoon ? `${item.label} (soon)` : item.label}
                </option>
              ));
              return group.label ? (
                <optgroup key={group.label} label={group.label}>
                  {options}
                </optgroup>
              ) : (
                <optgroup key={index} label={areaTitle}>
                  {options}
                </optgroup>
              );
            })}
          </NativeSelect>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'xl' }} shadow="xs">
            <Stack gap="lg">
              <Group justify="space-between" align="flex-start" gap="md" wrap="wrap">
                <Box style={{ minWidth: 0, flex: 1 }}>
                  <Title order={2} size="h3">
                    {title}
                  </Title>
                  {description && (
                    <Text c="dimmed" size="sm" mt={4}>
                      {description}
                    </Text>
                  )}
                </Box>
                {actions}
              </Group>
              {children}
            </Stack>
          </Paper>
        </Stack>
      </Box>
    </Stack>
  );
}
