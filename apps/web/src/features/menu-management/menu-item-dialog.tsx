import { useMemo, useState } from 'react';
import { Loader, SegmentedControl, Select, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import {
  APPLICATION_MENU,
  DEFAULT_MENU,
  ZMenuItemInput,
  menuScreenOf,
  type TMenuArea,
  type TMenuItemKind,
} from '@esigns/contracts/menus';
import { AppDialog } from '../../shared/ui/app-dialog';
import { IconInput } from '../../shared/ui/icon-input';
import { errorText } from '../../shared/ui/page-kit';
import {
  MENU_KEYS,
  fetchDashboardTargets,
  fetchEntityTargets,
  fetchTemplateTargets,
  fetchViewTargets,
  type MenuTarget,
} from './menus-api';
import { newKey, type DraftGroup, type DraftItem } from './menu-tree';
import { DialogButtons } from '../../shared/ui/form-dialog';

export const KIND_LABELS: Record<TMenuItemKind, string> = {
  ROUTE: 'Screen',
  ENTITY: 'Entity',
  ENTITY_VIEW: 'Entity view',
  FORM_TEMPLATE: 'Form template',
  DASHBOARD: 'Dashboard',
  EXTERNAL_LINK: 'Link',
  GROUP: 'Group',
};

type TargetKind = 'ENTITY' | 'ENTITY_VIEW' | 'FORM_TEMPLATE' | 'DASHBOARD';
const TARGET_FIELD = {
  ENTITY: 'entity_id',
  ENTITY_VIEW: 'entity_view_id',
  FORM_TEMPLATE: 'form_template_id',
  DASHBOARD: 'dashboard_id',
} as const;
const TARGET_SOURCE = {
  ENTITY: {
    key: MENU_KEYS.targets('entities'),
    fetch: fetchEntityTargets,
    none: 'No entities yet: create one under Entities.',
  },
  ENTITY_VIEW: { key: MENU_KEYS.targets('views'), fetch: fetchViewTargets, none: 'No entity views yet.' },
  FORM_TEMPLATE: {
    key: MENU_KEYS.targets('templates'),
    fetch: fetchTemplateTargets,
    none: 'No form templates yet.',
  },
  DASHBOARD: {
    key: MENU_KEYS.targets('dashboards'),
    fetch: fetchDashboardTargets,
    none: 'No custom dashboards yet: build one under Custom dashboards.',
  },
} as const;
const isTargetKind = (kind: TMenuItemKind): kind is TargetKind => kind in TARGET_FIELD;

/** The screens an item may open: staff ones grouped as in the default menu, or the /ap area's. */
const SCREEN_OPTIONS: Record<TMenuArea, { group: string; items: { value: string; label: string }[] }[]> = {
  // The default menu's top-level links form one "Main" group (each group's label is its key).
  STAFF: [
    {
      group: 'Main',
      items: DEFAULT_MENU.flatMap((entry) =>
        'children' in entry ? [] : [{ value: entry.route, label: entry.label }],
      ),
    },
    ...DEFAULT_MENU.flatMap((entry) =>
      'children' in entry
        ? [{ group: entry.label, items: entry.children.map((l) => ({ value: l.route, label: l.label })) }]
        : [],
    ),
  ],
  APPLICATION: [
    { group: 'Application area', items: APPLICATION_MENU.map((l) => ({ value: l.route, label: l.label })) },
  ],
};

/** The names of the rows an item can point at, for the dialog and the editor's rows. */
export function useTargets(kind: TMenuItemKind, enabled = true) {
  const source = isTargetKind(kind) ? TARGET_SOURCE[kind] : TARGET_SOURCE.ENTITY;
  return useQuery({
    queryKey: source.key,
    queryFn: ({ signal }) => source.fetch(signal),
    enabled: enabled && isTargetKind(kind),
    staleTime: 60_000,
  });
}

type Draft = {
  kind: TMenuItemKind;
  label: string;
  icon: string | null;
  target: string;
  url: string;
  group: string;
};

function draftOf(item: DraftItem | null, groupKey: string | null): Draft {
  if (!item) return { kind: 'ROUTE', label: '', icon: null, target: '', url: '', group: groupKey ?? '' };
  const leaf = item.kind === 'GROUP' ? null : item;
  const target = !leaf
    ? ''
    : leaf.kind === 'ROUTE'
      ? (leaf.route ?? '')
      : isTargetKind(leaf.kind)
        ? (leaf[TARGET_FIELD[leaf.kind]] ?? '')
        : '';
  return {
    kind: item.kind,
    label: item.label,
    icon: item.icon,
    target,
    url: item.kind === 'EXTERNAL_LINK' ? (item.url ?? '') : '',
    group: groupKey ?? '',
  };
}

function toItem(draft: Draft, key: string): DraftItem {
  const base = { key, label: draft.label.trim(), icon: draft.icon };
  if (draft.kind === 'GROUP') return { ...base, kind: 'GROUP', children: [] };
  if (draft.kind === 'ROUTE') return { ...base, kind: 'ROUTE', route: draft.target };
  if (draft.kind === 'EXTERNAL_LINK') return { ...base, kind: 'EXTERNAL_LINK', url: draft.url.trim() };
  return { ...base, kind: draft.kind, [TARGET_FIELD[draft.kind]]: draft.target };
}

/** Client-side check with the API's own schema: first message per field. */
function problemsOf(item: DraftItem): Record<string, string> {
  const parsed = ZMenuItemInput.safeParse(item);
  const problems: Record<string, string> = {};
  for (const issue of parsed.success ? [] : parsed.error.issues) {
    const field = String(issue.path[0] ?? 'label');
    const key = Object.values(TARGET_FIELD).includes(field as never) || field === 'route' ? 'target' : field;
    problems[key] ??= issue.message;
  }
  return problems;
}

/**
 * A dashboard not assigned to the menu's type shows to nobody of it (staff who see every dashboard
 * aside): say so while it is picked.
 */
function unassignedNote(target: MenuTarget | undefined, area: TMenuArea, owner: string | undefined) {
  if (!target?.audience || !owner || target.audience.includes(owner)) return undefined;
  if (area === 'STAFF' && (owner === 'OWNER' || owner === 'ADMIN')) return undefined;
  return area === 'STAFF'
    ? `Not assigned to ${owner}: only those who see every dashboard will see this item. Assign it on the dashboard.`
    : 'Not assigned to this contact type: its contacts will not see this item. Assign it on the dashboard.';
}

export type MenuItemDialogProps = {
  /** Whose menu: staff screens or the application area's (/ap). */
  area: TMenuArea;
  /** The menu's user type, or contact type id (to say when a dashboard is not assigned to it). */
  owner?: string;
  opened: boolean;
  /** The item to change; null to add one. */
  item: DraftItem | null;
  /** The group the item is in (or, to add, the group to add it to). */
  groupKey: string | null;
  groups: readonly DraftGroup[];
  /** Problems the server reported for this item, by field. */
  serverErrors?: Record<string, string>;
  onClose: () => void;
  onSave: (item: DraftItem, groupKey: string | null) => void;
};

/** Adds or changes one menu item: its kind, what it opens, its label and its icon. */
export function MenuItemDialog({
  area,
  owner,
  opened,
  item,
  groupKey,
  groups,
  serverErrors = {},
  onClose,
  onSave,
}: MenuItemDialogProps) {
  // The parent mounts the dialog for each item it opens, so the draft starts from that item.
  const [draft, setDraft] = useState<Draft>(() => draftOf(item, groupKey));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const targets = useTargets(draft.kind, opened);
  const targetList = useMemo(() => targets.data ?? [], [targets.data]);
  const isGroup = draft.kind === 'GROUP';
  const kinds = (
    item?.kind === 'GROUP'
      ? ['GROUP']
      : item
        ? Object.keys(KIND_LABELS).filter((k) => k !== 'GROUP')
        : Object.keys(KIND_LABELS)
  ) as TMenuItemKind[];
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));

  /** Picking a target fills the label and icon while they are still empty or automatic. */
  const pickTarget = (value: string, named?: MenuTarget | { name: string; icon: string | null }) => {
    const previous =
      draft.kind === 'ROUTE'
        ? menuScreenOf(area, draft.target)?.label
        : targetList.find((t) => t._id === draft.target)?.name;
    const isAutomatic = draft.label.trim() === '' || draft.label === previous;
    set({
      target: value,
      ...(named && isAutomatic ? { label: named.name } : {}),
      ...(named && (draft.icon === null || isAutomatic) && named.icon ? { icon: named.icon } : {}),
    });
  };

  const save = () => {
    const next = toItem(draft, item?.key ?? newKey(draft.kind));
    const found = problemsOf(next);
    setProblems(found);
    if (Object.keys(found).length === 0) onSave(next, isGroup ? null : draft.group || null);
  };
  const errorFor = (field: string, ...serverFields: string[]) =>
    problems[field] ?? serverFields.map((f) => serverErrors[f]).find(Boolean);

  return (
    <AppDialog
      opened={opened}
      onClose={onClose}
      title={item ? `Change ${KIND_LABELS[item.kind].toLowerCase()}` : 'Add a menu item'}
      size="lg"
      footer={
        <DialogButtons onCancel={onClose} confirmLabel={item ? 'Apply' : 'Add item'} onConfirm={save} />
      }
    >
      <Stack gap="md">
        {kinds.length > 1 && (
          <SegmentedControl
            fullWidth
            aria-label="Kind of item"
            value={draft.kind}
            onChange={(kind) => set({ kind: kind as TMenuItemKind, target: '' })}
            data={kinds.map((kind) => ({ value: kind, label: KIND_LABELS[kind] }))}
          />
        )}
        {draft.kind === 'ROUTE' && (
          <Select
            label="Screen"
            placeholder={
              area === 'STAFF'
                ? 'Choose a screen of the default menu'
                : 'Choose a screen of the application area'
            }
            searchable
            data={SCREEN_OPTIONS[area]}
            value={draft.target || null}
            onChange={(value) => {
              const link = value ? menuScreenOf(area, value) : undefined;
              pickTarget(value ?? '', link ? { name: link.label, icon: link.icon } : undefined);
            }}
            error={errorFor('target', 'route')}
          />
        )}
        {isTargetKind(draft.kind) && (
          <Select
            label={KIND_LABELS[draft.kind]}
            placeholder={targets.isPending ? 'Loading...' : `Choose ${KIND_LABELS[draft.kind].toLowerCase()}`}
            searchable
            nothingFoundMessage="Nothing matches"
            rightSection={targets.isFetching ? <Loader size="xs" /> : undefined}
            data={targetList.map((t) => ({ value: t._id, label: t.hint ? `${t.name} (${t.hint})` : t.name }))}
            value={draft.target || null}
            onChange={(value) =>
              pickTarget(
                value ?? '',
                targetList.find((t) => t._id === value),
              )
            }
            error={
              errorFor('target', TARGET_FIELD[draft.kind]) ??
              (targets.isError ? `Could not load the list: ${errorText(targets.error)}` : undefined)
            }
            description={
              targets.isSuccess && targetList.length === 0
                ? TARGET_SOURCE[draft.kind].none
                : unassignedNote(
                    targetList.find((t) => t._id === draft.target),
                    area,
                    owner,
                  )
            }
          />
        )}
        {draft.kind === 'EXTERNAL_LINK' && (
          <TextInput
            label="Address"
            placeholder="https://"
            value={draft.url}
            onChange={(e) => set({ url: e.currentTarget.value })}
            error={errorFor('url', 'url')}
            description="Opens in a new tab. Only https:// addresses."
          />
        )}
        <TextInput
          label="Label"
          value={draft.label}
          onChange={(e) => set({ label: e.currentTarget.value })}
          error={errorFor('label', 'label')}
          maxLength={60}
        />
        <IconInput
          label="Icon"
          value={draft.icon}
          onChange={(icon) => set({ icon })}
          error={errorFor('icon', 'icon')}
        />
        {!isGroup && groups.length > 0 && !item && (
          <Select
            label="Place"
            data={[
              { value: '', label: 'Top level' },
              ...groups.map((g) => ({ value: g.key, label: `In ${g.label}` })),
            ]}
            value={draft.group}
            onChange={(value) => set({ group: value ?? '' })}
            allowDeselect={false}
          />
        )}
        {isGroup && (
          <Text size="sm" c="dimmed">
            A group shows its items when opened, and only to users who may open one of them.
          </Text>
        )}
      </Stack>
    </AppDialog>
  );
}
