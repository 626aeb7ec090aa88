import { Button, Menu, NavLink } from '@mantine/core';
import { IconChevronDown, IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import { APPLICATION_MENU, type TMenu, type TMenuLeaf } from '@esigns/contracts/menus';
import { NamedIcon } from '../../shared/ui/named-icon';

/** A link of the contact type's own menu: an `/ap` screen (`to`) or an outside address (`url`). */
export type ContactMenuLink = { key: string; label: string; icon: string | null; to?: string; url?: string };
export type ContactMenuEntry = ContactMenuLink & { children?: ContactMenuLink[] };

const FIXED_ROUTES = new Set(APPLICATION_MENU.map((item) => item.route));

function linkOf(leaf: TMenuLeaf): ContactMenuLink | null {
  const base = { key: leaf.key, label: leaf.label, icon: leaf.icon };
  if (leaf.kind === 'EXTERNAL_LINK') return leaf.url ? { ...base, url: leaf.url } : null;
  // The fixed navigation has the area's screens already.
  if (!leaf.route || FIXED_ROUTES.has(leaf.route) || !leaf.route.startsWith('/ap/')) return null;
  return { ...base, to: leaf.route };
}

/**
 * What the contact type's stored menu adds to the fixed navigation: its entities, entity views,
 * form templates and links, groups kept (a group without a remaining link is dropped).
 */
export function contactMenuEntries(menu: TMenu | undefined): ContactMenuEntry[] {
  const entries: ContactMenuEntry[] = [];
  for (const item of menu?.items ?? []) {
    if (item.kind === 'GROUP') {
      const children = item.children.map(linkOf).filter((l): l is ContactMenuLink => l !== null);
      if (children.length > 0) entries.push({ key: item.key, label: item.label, icon: item.icon, children });
    } else {
      const link = linkOf(item);
      if (link) entries.push(link);
    }
  }
  return entries;
}

const isActiveLink = (link: ContactMenuLink, pathname: string) =>
  link.to !== undefined && (pathname === link.to.split('?')[0] || pathname.startsWith(`${link.to}/`));

/** An `/ap` screen, or an outside address in a new tab (the router's Link leaves absolute URLs to the browser). */
function linkProps(link: ContactMenuLink) {
  return link.url
    ? { component: Link, to: link.url, target: '_blank', rel: 'noopener noreferrer' }
    : { component: Link, to: link.to ?? '/ap/dashboard' };
}

/** Wide screens: the contact type's items under one button of the top navigation. */
export function ContactMenuButton({
  entries,
  label,
  pathname,
}: {
  entries: ContactMenuEntry[];
  label: string;
  pathname: string;
}) {
  const active = entries.some((e) => (e.children ?? [e]).some((l) => isActiveLink(l, pathname)));
  const item = (link: ContactMenuLink) => (
    <Menu.Item
      key={link.key}
      {...linkProps(link)}
      leftSection={<NamedIcon name={link.icon} size={16} />}
      rightSection={link.url ? <IconExternalLink size={14} /> : undefined}
    >
      {link.label}
    </Menu.Item>
  );
  return (
    <Menu position="bottom-start" withinPortal>
      <Menu.Target>
        <Button
          variant={active ? 'light' : 'subtle'}
          color={active ? undefined : 'gray'}
          size="sm"
          rightSection={<IconChevronDown size={14} />}
        >
          {label}
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="contact-menu-items">
        {entries.map((entry) =>
          entry.children ? (
            <div key={entry.key}>
              <Menu.Label>{entry.label}</Menu.Label>
              {entry.children.map(item)}
            </div>
          ) : (
            item(entry)
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

/** Phones: the contact type's items in the drawer, a group as a section that opens. */
export function ContactMenuNavLinks({
  entries,
  pathname,
  onFollow,
}: {
  entries: ContactMenuEntry[];
  pathname: string;
  onFollow: () => void;
}) {
  const link = (l: ContactMenuLink) => (
    <NavLink
      key={l.key}
      {...linkProps(l)}
      label={l.label}
      leftSection={<NamedIcon name={l.icon} size={18} />}
      active={isActiveLink(l, pathname)}
      onClick={onFollow}
    />
  );
  return entries.map((entry) =>
    entry.children ? (
      <NavLink
        key={entry.key}
        label={entry.label}
        leftSection={<NamedIcon name={entry.icon} size={18} />}
        defaultOpened={entry.children.some((l) => isActiveLink(l, pathname))}
      >
        {entry.children.map(link)}
      </NavLink>
    ) : (
      link(entry)
    ),
  );
}
