import { useState } from 'react';
import { Alert, Badge, Box, Button, Grid, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPlus, IconRestore, IconArrowBackUp } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { resolveMenu, type TMenu, type TMenuArea, type TMenuItemStored } from '@esigns/contracts/menus';
import { isApiError } from '../../shared/api/api-error';
import { formatDate } from '../../shared/format/date';
import { ConfirmDialog, ErrorAlert, LoadError, Panel, errorText } from '../../shared/ui/page-kit';
import { MenuItemDialog } from './menu-item-dialog';
import { MenuNav } from './menu-nav';
import { MenuOwnerPicker, NoContactType, useMenuOwner } from './menu-owner-picker';
import { MenuTreeEditor } from './menu-tree-editor';
import {
  addItem,
  errorsOf,
  findItem,
  fromMenu,
  moveToGroup,
  removeItem,
  replaceItem,
  toInput,
  type DraftGroup,
  type DraftItem,
} from './menu-tree';
import { MENU_KEYS, fetchMenu, menuOwnerName, resetMenu, saveMenu } from './menus-api';

type DialogState = { key: string | null; groupKey: string | null };

/**
 * The sidebar as a user of the type will see it (staff: before permissions, the server drops what
 * they may not open; contacts: every item, in the /ap area).
 */
function Preview({ items, name, area }: { items: DraftItem[]; name: string; area: TMenuArea }) {
  const resolved = resolveMenu(items as TMenuItemStored[], undefined, false, area);
  return (
    <Stack gap="xs">
      <Title order={5}>Preview</Title>
      <Box
        bg="white"
        p="sm"
        data-testid="menu-preview"
        style={{
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-md)',
          width: '100%',
          maxWidth: 280,
        }}
      >
        {resolved.length === 0 ? (
          <Text size="sm" c="dimmed">
            The menu is empty.
          </Text>
        ) : (
          <MenuNav items={resolved} preview />
        )}
      </Box>
      <Text size="xs" c="dimmed" maw={280}>
        {area === 'STAFF'
          ? `A ${name} sees the items their permissions open; empty groups are hidden.`
          : `Contacts of the type ${name} see these items in the application area (/ap); empty groups are hidden.`}
      </Text>
    </Stack>
  );
}

/**
 * The "Menus" tab: the sidebar of one staff user type, or of one contact type's application users,
 * as a tree with a live preview.
 */
export function MenusPanel() {
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const owner = useMenuOwner(params.get('user_type'));
  const ownerKey = owner.key ?? '';
  const menu = useQuery({
    queryKey: MENU_KEYS.edit(ownerKey),
    queryFn: ({ signal }) => fetchMenu(ownerKey, true, signal),
    enabled: owner.key !== null,
  });
  const name = menu.data ? menuOwnerName(menu.data) : ownerKey;
  const [draft, setDraft] = useState<DraftItem[] | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [dialog, setDialog] = useState<DialogState | null>(null);
  const [pendingType, setPendingType] = useState<string | null>(null);
  const [isResetting, setResetting] = useState(false);
  const items = draft ?? (menu.data ? fromMenu(menu.data) : []);
  const groups = items.filter((i): i is DraftGroup => i.kind === 'GROUP');

  const edit = (next: DraftItem[]) => setDraft(next);
  const discard = () => {
    setDraft(null);
    setFieldErrors({});
  };
  const saved = (next: TMenu, message: string) => {
    queryClient.setQueryData(MENU_KEYS.edit(next.user_type), next);
    void queryClient.invalidateQueries({ queryKey: [...MENU_KEYS.all, 'sidebar'] });
    discard();
    notifications.show({ color: 'teal', message });
  };
  const save = useMutation({
    mutationFn: () => saveMenu(menu.data!, toInput(items)),
    onSuccess: (next) => saved(next, `The ${menuOwnerName(next)} menu is saved`),
    onError: (error) => setFieldErrors(isApiError(error) ? error.fieldErrors : {}),
  });
  const reset = useMutation({
    mutationFn: () => resetMenu(ownerKey),
    onSuccess: (next) => {
      setResetting(false);
      saved(next, `The ${menuOwnerName(next)} menu is back to the default`);
    },
  });
  const switchTo = (next: string) => {
    setPendingType(null);
    discard();
    save.reset();
    setParams(
      (p) => {
        p.set('user_type', next);
        return p;
      },
      { replace: true },
    );
  };

  const dialogItem = dialog?.key ? findItem(items, dialog.key) : null;
  const isStale = isApiError(save.error) && save.error.status === 409;
  const listError = fieldErrors.items;

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <MenuOwnerPicker owner={owner} onChange={(next) => (draft ? setPendingType(next) : switchTo(next))} />
        {menu.data && (
          <Group gap="xs">
            {menu.data.is_default ? (
              <Badge variant="light" color="gray">
                Default menu
              </Badge>
            ) : (
              <Badge variant="light" color="teal">
                Own menu · saved {menu.data.updated_at ? formatDate(menu.data.updated_at) : ''}
              </Badge>
            )}
            {draft && (
              <Badge variant="light" color="orange">
                Unsaved changes
              </Badge>
            )}
          </Group>
        )}
      </Group>

      {owner.key === null ? (
        <NoContactType owner={owner} />
      ) : menu.isError ? (
        <LoadError
          error={menu.error}
          onRetry={() => void menu.refetch()}
          title="The menu could not be loaded"
        />
      ) : !menu.data ? (
        <Stack gap="xs" aria-label="Loading the menu">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} h={44} radius="md" />
          ))}
        </Stack>
      ) : (
        <Grid gap="lg">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              {isStale && (
                <Alert color="orange" variant="light" title="Changed meanwhile">
                  <Text size="sm">{errorText(save.error)}</Text>
                  <Button
                    size="xs"
                    mt="xs"
                    variant="light"
                    onClick={() => {
                      discard();
                      save.reset();
                      void menu.refetch();
                    }}
                  >
                    Reload the saved menu
                  </Button>
                </Alert>
              )}
              {save.isError && !isStale && (
                <ErrorAlert>
                  {Object.keys(fieldErrors).length > 0
                    ? (listError ?? 'Some items need attention: see below.')
                    : errorText(save.error)}
                </ErrorAlert>
              )}
              <Panel>
                <Box p="sm">
                  {items.length === 0 ? (
                    <Text c="dimmed" size="sm" ta="center" py="xl">
                      No items: add the first one.
                    </Text>
                  ) : (
                    <MenuTreeEditor
                      area={owner.area}
                      items={items}
                      onChange={edit}
                      onEdit={(key) => setDialog({ key, groupKey: findItem(items, key)?.groupKey ?? null })}
                      onAddToGroup={(groupKey) => setDialog({ key: null, groupKey })}
                      onRemove={(key) => edit(removeItem(items, key))}
                      fieldErrors={fieldErrors}
                    />
                  )}
                </Box>
              </Panel>
              <Group justify="space-between" wrap="wrap">
                <Button
                  variant="light"
                  leftSection={<IconPlus size={16} />}
                  onClick={() => setDialog({ key: null, groupKey: null })}
                >
                  Add item
                </Button>
                <Group gap="xs">
                  {!menu.data.is_default && (
                    <Button
                      variant="subtle"
                      color="red"
                      leftSection={<IconRestore size={16} />}
                      onClick={() => setResetting(true)}
                    >
                      Reset to default
                    </Button>
                  )}
                  {draft && (
                    <Button variant="default" leftSection={<IconArrowBackUp size={16} />} onClick={discard}>
                      Discard changes
                    </Button>
                  )}
                  <Button
                    leftSection={<IconDeviceFloppy size={16} />}
                    onClick={() => save.mutate()}
                    loading={save.isPending}
                    disabled={!draft}
                  >
                    Save menu
                  </Button>
                </Group>
              </Group>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Preview items={items} name={name} area={owner.area} />
          </Grid.Col>
        </Grid>
      )}

      {dialog && (
        <MenuItemDialog
          key={dialog.key ?? `new-${dialog.groupKey ?? ''}`}
          area={owner.area}
          owner={ownerKey}
          opened
          item={dialogItem?.item ?? null}
          groupKey={dialog.groupKey}
          groups={groups}
          serverErrors={dialog.key ? errorsOf(items, dialog.key, fieldErrors) : {}}
          onClose={() => setDialog(null)}
          onSave={(item, groupKey) => {
            if (dialog.key) {
              const current = findItem(items, dialog.key);
              let next = replaceItem(items, dialog.key, item);
              if (current && current.groupKey !== groupKey && item.kind !== 'GROUP')
                next = moveToGroup(next, item.key, groupKey);
              edit(next);
            } else edit(addItem(items, item, groupKey));
            setDialog(null);
          }}
        />
      )}
      <ConfirmDialog
        opened={pendingType !== null}
        title="Discard your changes?"
        confirmLabel="Discard and switch"
        onConfirm={() => pendingType && switchTo(pendingType)}
        onClose={() => setPendingType(null)}
      >
        The {name} menu has changes that are not saved.
      </ConfirmDialog>
      <ConfirmDialog
        opened={isResetting}
        title={`Reset the ${name} menu?`}
        confirmLabel="Reset to default"
        onConfirm={() => reset.mutate()}
        onClose={() => setResetting(false)}
        isPending={reset.isPending}
        error={reset.error}
      >
        The {name} menu goes back to the default menu; its own items are removed.
      </ConfirmDialog>
    </Stack>
  );
}
