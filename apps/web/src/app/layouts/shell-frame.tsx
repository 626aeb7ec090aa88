import type { ReactNode } from 'react';
import { AppShell, Burger, Group, type MantineSpacing } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';

export type ShellFrameProps = {
  testId: string;
  /** Below this width the navigation folds into a drawer that the burger opens. */
  breakpoint: 'sm' | 'md';
  navbarWidth: number;
  /** The navigation lives in the header on wide screens: the side bar is the phone drawer only. */
  isDrawerOnly?: boolean;
  /** The header's left side after the burger (the brand first), spaced by `startGap`. */
  start: ReactNode;
  startGap: MantineSpacing;
  /** The header's right side. */
  end: ReactNode;
  /** The side bar; `close` folds the drawer (after following a link). */
  navbar: (close: () => void) => ReactNode;
  navbarLabel?: string;
  children: ReactNode;
};

/** The frame of a signed-in shell: a 60 px header with the burger, the side bar and the page. */
export function ShellFrame({
  testId,
  breakpoint,
  navbarWidth,
  isDrawerOnly = false,
  start,
  startGap,
  end,
  navbar,
  navbarLabel,
  children,
}: ShellFrameProps) {
  const [isNavOpen, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 60 }}
      navbar={{
        width: navbarWidth,
        breakpoint,
        collapsed: isDrawerOnly ? { desktop: true, mobile: !isNavOpen } : { mobile: !isNavOpen },
      }}
      padding="lg"
      data-testid={testId}
    >
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap={startGap} wrap="nowrap">
            <Burger
              opened={isNavOpen}
              onClick={toggle}
              hiddenFrom={breakpoint}
              size="sm"
              aria-label="Toggle navigation"
            />
            {start}
          </Group>
          {end}
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label={navbarLabel}>
        {navbar(close)}
      </AppShell.Navbar>
      <AppShell.Main bg="gray.0">{children}</AppShell.Main>
    </AppShell>
  );
}
