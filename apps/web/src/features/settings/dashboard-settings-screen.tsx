import { useState } from 'react';
import { ActionIcon, Checkbox, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconArrowDown, IconArrowUp } from '@tabler/icons-react';
import {
  DASHBOARD_CARDS,
  DEFAULT_DASHBOARD_STATS,
  ZDashboardStatsSettings,
  type TDashboardStatsSettings,
} from '@esigns/contracts/settings';
import { validateWith } from '../auth/use-auth-form';
import { FormAlert } from '../profile/screen-states';
import { fetchDashboardStats, saveDashboardStats } from './settings-api';
import { SettingsFormScreen, SettingsSaveBar, useSettingsSave } from './settings-form-kit';

type DashboardCard = (typeof DASHBOARD_CARDS)[number];

export const DASHBOARD_CARD_LABELS: Record<DashboardCard, { label: string; description: string }> = {
  'waiting-for-me': { label: 'Waiting for me', description: 'Documents you still have to sign.' },
  'waiting-for-others': {
    label: 'Waiting for others',
    description: 'Sent documents others have not signed.',
  },
  completed: { label: 'Completed', description: 'Documents everyone has signed.' },
  drafts: { label: 'Drafts', description: 'Documents you have not sent yet.' },
  'expiring-soon': { label: 'Expiring soon', description: 'Documents close to their expiry date.' },
  declined: { label: 'Declined', description: 'Documents a signer declined.' },
  rejected: { label: 'Rejected', description: 'Documents an approver rejected.' },
  voided: { label: 'Voided', description: 'Documents the sender voided.' },
  expired: { label: 'Expired', description: 'Documents that expired before everyone signed.' },
};

type Row = { card: DashboardCard; isShown: boolean };

/** Shown cards first in their saved order, then the hidden ones in the default order. */
export function rowsOf(saved: TDashboardStatsSettings): Row[] {
  const shown = saved.cards.filter((card, index) => saved.cards.indexOf(card) === index);
  return [
    ...shown.map((card) => ({ card, isShown: true })),
    ...DASHBOARD_CARDS.filter((card) => !shown.includes(card)).map((card) => ({ card, isShown: false })),
  ];
}

export function moveRow(rows: readonly Row[], index: number, by: -1 | 1): Row[] {
  const target = index + by;
  if (target < 0 || target >= rows.length) return [...rows];
  const next = [...rows];
  const [row] = next.splice(index, 1);
  if (row) next.splice(target, 0, row);
  return next;
}

function DashboardSettingsForm({ saved }: { saved: TDashboardStatsSettings }) {
  const [rows, setRows] = useState<Row[]>(() => rowsOf(saved));
  const { form, save, saveValues } = useSettingsSave({
    group: 'dashboard',
    save: saveDashboardStats,
    fields: ['cards'],
    message: 'Dashboard settings saved',
  });
  const shownCount = rows.filter((row) => row.isShown).length;

  const submit = () => {
    const result = validateWith(ZDashboardStatsSettings, {
      cards: rows.filter((row) => row.isShown).map((row) => row.card),
    });
    if (form.showChecks(result.errors) && result.data) saveValues(result.data);
  };

  return (
    <Stack gap="md" maw={620}>
      <FormAlert message={form.critical ?? form.errors.cards ?? null} />
      <Text size="sm" c="dimmed">
        {shownCount === 0
          ? 'No cards are shown: the dashboard starts with your documents list.'
          : `${shownCount} of ${rows.length} cards shown, in this order.`}
      </Text>
      <Stack
        gap="xs"
        component="ol"
        style={{ listStyle: 'none', padding: 0, margin: 0 }}
        aria-label="Dashboard cards"
      >
        {rows.map((row, index) => {
          const text = DASHBOARD_CARD_LABELS[row.card];
          return (
            <Paper
              key={row.card}
              component="li"
              withBorder
              radius="md"
              p="sm"
              data-testid={`card-${row.card}`}
            >
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Checkbox
                  label={text.label}
                  description={text.description}
                  checked={row.isShown}
                  onChange={(event) => {
                    const isShown = event.currentTarget.checked;
                    setRows((current) =>
                      current.map((item) => (item.card === row.card ? { ...item, isShown } : item)),
                    );
                  }}
                  styles={{ body: { alignItems: 'flex-start' } }}
                />
                <Group gap={4} wrap="nowrap">
                  <Tooltip label="Move up">
                    <ActionIcon
                      variant="default"
                      aria-label={`Move ${text.label} up`}
                      disabled={index === 0}
                      onClick={() => setRows((current) => moveRow(current, index, -1))}
                    >
                      <IconArrowUp size={16} />
                    </ActionIcon>
                  </Tooltip>
                  <Tooltip label="Move down">
                    <ActionIcon
                      variant="default"
                      aria-label={`Move ${text.label} down`}
                      disabled={index === rows.length - 1}
                      onClick={() => setRows((current) => moveRow(current, index, 1))}
                    >
                      <IconArrowDown size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              </Group>
            </Paper>
          );
        })}
      </Stack>
      <SettingsSaveBar
        isPending={save.isPending}
        onSave={submit}
        onRestore={() => setRows(rowsOf(DEFAULT_DASHBOARD_STATS))}
      />
    </Stack>
  );
}

/** /profilesettings/dashboard-settings (the area's default): which stat cards show, in what order. */
export function DashboardSettingsScreen() {
  return (
    <SettingsFormScreen
      group="dashboard"
      fetch={fetchDashboardStats}
      title="Dashboard settings"
      description="Choose the document counts at the top of your dashboard and their order."
      skeletonRows={3}
    >
      {(saved) => <DashboardSettingsForm saved={saved} />}
    </SettingsFormScreen>
  );
}
