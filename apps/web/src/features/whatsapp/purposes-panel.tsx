import { useState } from 'react';
import { Button, Card, Group, Select, SimpleGrid, Stack, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  WHATSAPP_PURPOSE_LABELS,
  WHATSAPP_VARIABLES,
  type TWhatsappPurposeSetting,
  type TWhatsappTemplate,
} from '@esigns/contracts/whatsapp';
import { isApiError } from '../../shared/api/api-error';
import { ErrorAlert, errorText } from '../../shared/ui/page-kit';
import { WHATSAPP_KEYS, savePurpose } from './whatsapp-api';

const label = (t: TWhatsappTemplate) => `${t.name} (${t.language})${t.usable ? '' : ` · ${t.status}`}`;

/** One purpose: on/off, its template and which value fills each of the template's parameters. */
function PurposeRow({
  setting,
  templates,
  canManage,
}: {
  setting: TWhatsappPurposeSetting;
  templates: TWhatsappTemplate[];
  canManage: boolean;
}) {
  const [draft, setDraft] = useState(setting);
  const queryClient = useQueryClient();
  const template = templates.find((t) => t._id === draft.template_id) ?? null;
  const variables = WHATSAPP_VARIABLES[setting.purpose];
  const save = useMutation({
    mutationFn: () =>
      savePurpose(setting.purpose, {
        enabled: draft.enabled,
        template_id: draft.template_id,
        parameters: draft.parameters,
      }),
    onSuccess: (saved) => {
      setDraft(saved);
      void queryClient.invalidateQueries({ queryKey: WHATSAPP_KEYS.all });
      notifications.show({ color: 'teal', message: `${WHATSAPP_PURPOSE_LABELS[setting.purpose]}: saved` });
    },
  });
  const fieldErr = (key: string) =>
    isApiError(save.error) && save.error.isValidation ? save.error.fieldErrors[key] : undefined;
  const chooseTemplate = (id: string | null) => {
    const next = templates.find((t) => t._id === id);
    // A sensible start: the first values of the purpose, one per parameter.
    const parameters = next
      ? Array.from({ length: next.parameters }, (_, i) => draft.parameters[i] ?? variables[i] ?? 'link')
      : [];
    setDraft((d) => ({ ...d, template_id: id, parameters }));
  };
  const paramErr = fieldErr('parameters');
  return (
    <Card withBorder radius="md" padding="md" data-testid={`purpose-${setting.purpose}`}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600}>{WHATSAPP_PURPOSE_LABELS[setting.purpose]}</Text>
          <Switch
            aria-label={`Send ${WHATSAPP_PURPOSE_LABELS[setting.purpose]} over WhatsApp`}
            checked={draft.enabled}
            disabled={!canManage}
            onChange={(e) => {
              const enabled = e.currentTarget.checked;
              setDraft((d) => ({ ...d, enabled }));
            }}
          />
        </Group>
        <Select
          label="Template"
          placeholder={templates.length ? 'Choose an approved template' : 'No templates: sync an account'}
          data={templates.map((t) => ({ value: t._id, label: label(t), disabled: !t.usable }))}
          value={draft.template_id}
          onChange={chooseTemplate}
          disabled={!canManage}
          error={fieldErr('template_id')}
          clearable
        />
        {template && (
          <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-line' }}>
            {template.body || 'This template has no body text.'}
          </Text>
        )}
        {draft.parameters.length > 0 && (
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {draft.parameters.map((value, i) => (
              <Select
                key={i}
                label={`{{${i + 1}}}`}
                data={variables.map((v) => ({ value: v, label: v.replace(/_/g, ' ') }))}
                value={value}
                allowDeselect={false}
                disabled={!canManage}
                error={fieldErr(`parameters.${i}`)}
                onChange={(v) =>
                  v && setDraft((d) => ({ ...d, parameters: d.parameters.map((p, j) => (j === i ? v : p)) }))
                }
              />
            ))}
          </SimpleGrid>
        )}
        {paramErr && (
          <Text size="sm" c="red">
            {paramErr}
          </Text>
        )}
        {save.error && !(isApiError(save.error) && save.error.isValidation) && (
          <ErrorAlert>{errorText(save.error)}</ErrorAlert>
        )}
        {canManage && (
          <Group justify="flex-end">
            <Button size="xs" onClick={() => save.mutate()} loading={save.isPending}>
              Save
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** Which template carries which message (signing link, reminder, form link). */
export function PurposesPanel(props: {
  purposes: TWhatsappPurposeSetting[];
  templates: TWhatsappTemplate[];
  canManage: boolean;
}) {
  return (
    <Stack gap="sm">
      {props.purposes.map((setting) => (
        <PurposeRow
          key={setting.purpose}
          setting={setting}
          templates={props.templates}
          canManage={props.canManage}
        />
      ))}
    </Stack>
  );
}
