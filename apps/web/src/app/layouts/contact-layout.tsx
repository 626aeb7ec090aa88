import { Button, Group, NavLink } from '@mantine/core';
import {
  IconClipboardCheck,
  IconFileText,
  IconFiles,
  IconForms,
  IconGitBranch,
  IconLayoutDashboard,
  IconUserCircle,
  type Icon,
} from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { contactSigninPath } from '../../features/contact-account/contact-session';
import { useContactDetails, useContactMenu } from '../../features/contact-area/contact-area-api';
import { useSession } from '../../shared/session/session-store';
import { BrandMark } from './brand-mark';
import { ContactMenuButton, ContactMenuNavLinks, contactMenuEntries } from './contact-menu';
import { ShellFrame } from './shell-frame';
import { UserMenu } from './user-menu';

type ContactNavItem = { label: string; to: string; icon: Icon; prefixes: string[] };

const CONTACT_NAV: ContactNavItem[] = [
  {
    label: 'Dashboard',
    to: '/ap/dashboard',
    icon: IconLayoutDashboard,
    prefixes: ['/ap/dashboard', '/ap/page-dashboard', '/ap/custom'],
  },
  { label: 'Documents', to: '/ap/documents', icon: IconFileText, prefixes: ['/ap/documents'] },
  { label: 'Files', to: '/ap/files', icon: IconFiles, prefixes: ['/ap/files'] },
  { label: 'Workflows', to: '/ap/workflows', icon: IconGitBranch, prefixes: ['/ap/workflows'] },
  {
    label: 'Forms',
    to: '/ap/formbuilder',
    icon: IconForms,
    prefixes: ['/ap/formbuilder', '/ap/fbd', '/ap/fb', '/ap/fbdv'],
  },
  { label: 'Approvals', to: '/ap/approvalforms', icon: IconClipboardCheck, prefixes: ['/ap/approvalforms'] },
  { label: 'Profile', to: '/ap/profile', icon: IconUserCircle, prefixes: ['/ap/profile'] },
];

function isActive(item: ContactNavItem, pathname: string): boolean {
  return item.prefixes.some((prefix) => pathname === prefix || pathname.startsWith(`${prefix}/`));
}

const CONTACT_MENU_LINKS = [{ label: 'Profile', to: '/ap/profile', icon: IconUserCircle }];

/**
 * The application-user (contact) area: a simpler top navigation, no staff sidebar. The fixed
 * items, then what the contact type's stored menu adds (entities, views, form templates, links).
 */
export function ContactLayout() {
  const { pathname } = useLocation();
  const menu = useContactMenu();
  const entries = contactMenuEntries(menu.data);
  const menuLabel = useContactDetails()?.contact_type?.name ?? 'More';
  // Signing out (or a visitor without a session) opens the company's own contact sign-in page.
  const signinTo = contactSigninPath(useSession((state) => state.company?.slug));

  return (
    <ShellFrame
      testId="contact-layout"
      breakpoint="md"
      navbarWidth={240}
      isDrawerOnly
      start={
        <>
          <BrandMark to="/ap/dashboard" />
          <Group gap={4} visibleFrom="md" component="nav" aria-label="Application navigation">
            {CONTACT_NAV.map((item) => {
              const active = isActive(item, pathname);
              return (
                <Button
                  key={item.to}
                  component={Link}
                  to={item.to}
                  variant={active ? 'light' : 'subtle'}
                  color={active ? undefined : 'gray'}
                  leftSection={<item.icon size={16} />}
                  aria-current={active ? 'page' : undefined}
                  size="sm"
                >
                  {item.label}
                </Button>
              );
            })}
            {entries.length > 0 && (
              <ContactMenuButton entries={entries} label={menuLabel} pathname={pathname} />
            )}
          </Group>
        </>
      }
      startGap="lg"
      end={<UserMenu links={CONTACT_MENU_LINKS} signinTo={signinTo} />}
      navbar={(close) => (
        <>
          {CONTACT_NAV.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              leftSection={<item.icon size={18} />}
              active={isActive(item, pathname)}
              onClick={close}
            />
          ))}
          <ContactMenuNavLinks entries={entries} pathname={pathname} onFollow={close} />
        </>
      )}
    >
      <Outlet />
    </ShellFrame>
  );
}
