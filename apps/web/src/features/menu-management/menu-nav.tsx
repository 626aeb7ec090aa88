import { useState, type CSSProperties } from 'react';
import { NavLink } from '@mantine/core';
import { IconExternalLink } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { TMenuItem, TMenuLeaf } from '@esigns/contracts/menus';
import { NamedIcon } from '../../shared/ui/named-icon';

/*
 * A menu (the items of `GET /menu/v2/{userType}`) drawn as the staff sidebar: top-level links,
 * groups that open to show their links, external links in a new tab. The staff layout and the
 * menu editor's preview both use it.
 */

export const NAV_ITEM_STYLE: CSSProperties = { borderRadius: 'var(--mantine-radius-md)' };
/** Active item: brand tint behind brand-coloured text, icon and a bar on the left. */
export const NAV_ACTIVE_STYLE = {
  ...NAV_ITEM_STYLE,
  '--nl-color': 'var(--mantine-primary-color-filled)',
  boxShadow: 'inset 3px 0 0 var(--mantine-primary-color-filled)',
} as CSSProperties;

const AREA_OF_KIND: Partial<Record<TMenuLeaf['kind'], string>> = {
  ENTITY: 'entities',
  ENTITY_VIEW: 'entity-views',
  FORM_TEMPLATE: 'form-templates',
};

/** The route area of the profile pages (routes.ts). */
const PERSONAL_AREA = 'profile';

/**
 * The key of the link to highlight for `pathname`: the link whose route is the path or its longest
 * prefix; else the first link of the current route area (`areaOf` tells a route's area).
 */
export function findActiveKey(
  items: readonly TMenuItem[],
  pathname: string,
  area: string | undefined,
  areaOf: (route: string) => string | undefined = () => undefined,
): string | null {
  const leaves = items.flatMap((item): TMenuLeaf[] => (item.kind === 'GROUP' ? item.children : [item]));
  let best: { key: string; length: number } | null = null;
  for (const leaf of leaves) {
    const route = leaf.route;
    if (!route || (pathname !== route && !pathname.startsWith(`${route}/`))) continue;
    if (!best || route.length > best.length) best = { key: leaf.key, length: route.length };
  }
  if (best) return best.key;
  // The profile area mixes personal pages (opened from the user menu: no sidebar item is theirs)
  // with a few the menu links by path, matched above.
  if (!area || area === PERSONAL_AREA) return null;
  const byArea = leaves.find(
    (leaf) => (AREA_OF_KIND[leaf.kind] ?? (leaf.route ? areaOf(leaf.route) : undefined)) === area,
  );
  return byArea?.key ?? null;
}

type NavProps = {
  items: readonly TMenuItem[];
  activeKey?: string | null;
  onNavigate?: () => void;
  /** Draws the menu without links (the editor's preview). */
  preview?: boolean;
};

function Leaf({
  item,
  isActive,
  preview,
  onNavigate,
}: { item: TMenuLeaf; isActive: boolean } & Omit<NavProps, 'items' | 'activeKey'>) {
  const common = {
    label: item.label,
    leftSection: (
      <NamedIcon name={item.icon} color={isActive ? 'var(--mantine-primary-color-filled)' : undefined} />
    ),
    active: isActive,
    fw: isActive ? 600 : 500,
    mb: 2,
    style: isActive ? NAV_ACTIVE_STYLE : NAV_ITEM_STYLE,
  };
  if (preview) return <NavLink {...common} component="div" role="listitem" />;
  if (item.kind === 'EXTERNAL_LINK') {
    return (
      <NavLink
        {...common}
        component="a"
        href={item.url}
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<IconExternalLink size={14} aria-label="opens in a new tab" />}
        onClick={onNavigate}
      />
    );
  }
  return (
    <NavLink
      {...common}
      component={Link}
      to={item.route ?? '/'}
      aria-current={isActive ? 'page' : undefined}
      onClick={onNavigate}
    />
  );
}

function Group({ item, activeKey, preview, onNavigate }: { item: TMenuItem } & Omit<NavProps, 'items'>) {
  const holdsActive = item.children.some((child) => child.key === activeKey);
  // Open while it holds the current page, until the user closes it.
  const [choice, setOpen] = useState<boolean | null>(null);
  const isOpen = choice ?? (holdsActive || Boolean(preview));
  return (
    <NavLink
      label={item.label}
      leftSection={<NamedIcon name={item.icon} />}
      opened={isOpen}
      onChange={setOpen}
      fw={holdsActive ? 600 : 500}
      mb={2}
      style={NAV_ITEM_STYLE}
      childrenOffset={20}
    >
      {item.children.map((child) => (
        <Leaf
          key={child.key}
          item={child}
          isActive={child.key === activeKey}
          preview={preview}
          onNavigate={onNavigate}
        />
      ))}
    </NavLink>
  );
}

export function MenuNav({ items, activeKey = null, onNavigate, preview }: NavProps) {
  return (
    <div role={preview ? 'list' : undefined}>
      {items.map((item) =>
        item.kind === 'GROUP' ? (
          <Group key={item.key} item={item} activeKey={activeKey} preview={preview} onNavigate={onNavigate} />
        ) : (
          <Leaf
            key={item.key}
            item={item}
            isActive={item.key === activeKey}
            preview={preview}
            onNavigate={onNavigate}
          />
        ),
      )}
    </div>
  );
}
