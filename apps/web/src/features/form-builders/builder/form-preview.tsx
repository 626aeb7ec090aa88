import { useState, type ReactNode } from 'react';
import { Badge, Button, Group, Paper, Progress, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconDeviceDesktop, IconDeviceMobile } from '@tabler/icons-react';
import type { FormDraft } from './form-draft';
import { PreviewStep } from './preview-step';
import { usePreviewWalk } from './use-preview-walk';
import { DesktopFrame, PhoneFrame, type Device } from './preview-frames';

const DEVICES = [
  { value: 'phone', label: 'Phone', Icon: IconDeviceMobile },
  { value: 'desktop', label: 'Desktop', Icon: IconDeviceDesktop },
] as const;

/**
 * The form as a filler sees it, step by step, on a phone or a desktop; it follows every edit. Beside
 * the builder (`isBeside`) it takes a phone's width, or more for the desktop.
 */
export function FormPreview({ draft, isBeside = false }: { draft: FormDraft; isBeside?: boolean }) {
  const [device, setDevice] = useState<Device>('phone');
  const steps = draft.steps;
  const walk = usePreviewWalk(steps);
  const { step, index, count } = walk;
  const Frame = device === 'phone' ? PhoneFrame : DesktopFrame;
  let body: ReactNode;
  if (steps.length === 0)
    body = (
      <Text c="dimmed" size="sm">
        Add a step to see the form.
      </Text>
    );
  else if (!step)
    body = (
      <Stack align="center" ta="center" gap="sm" py="xl">
        <IconCircleCheck size={40} color="var(--mantine-color-teal-6)" />
        <Text>{draft.settings.thank_you_message}</Text>
        <Button variant="light" onClick={walk.restart}>
          Start again
        </Button>
      </Stack>
    );
  else
    body = (
      <Stack gap="md">
        <Progress value={((index + 1) / count) * 100} size="sm" aria-label="Progress" />
        <Group justify="space-between" gap="xs" wrap="nowrap">
          <Text size="xs" c="dimmed">
            Step {index + 1} of {count}
          </Text>
          <Group gap={4}>
            {!(step.required ?? true) && (
              <Badge size="xs" variant="light" color="gray">
                Optional
              </Badge>
            )}
            {step.condition && (
              <Badge size="xs" variant="outline" color="grape">
                Conditional
              </Badge>
            )}
          </Group>
        </Group>
        <Title order={4}>{step.name || 'Untitled step'}</Title>
        <PreviewStep
          key={step.id}
          step={step}
          nextLabel={walk.isLast ? 'Submit' : 'Next'}
          onNext={walk.next}
        />
        <Group justify="space-between">
          <Button variant="subtle" size="compact-sm" disabled={index === 0} onClick={walk.back}>
            Back
          </Button>
          {!(step.required ?? true) && (
            <Button variant="subtle" size="compact-sm" onClick={() => walk.next()}>
              Skip
            </Button>
          )}
        </Group>
      </Stack>
    );
  return (
    <Stack gap="sm" data-testid="form-preview" w={isBeside ? (device === 'phone' ? 400 : 560) : '100%'}>
      <Group justify="space-between">
        <Text fw={600} size="sm">
          Preview
        </Text>
        <SegmentedControl
          size="xs"
          value={device}
          onChange={(value) => setDevice(value as Device)}
          data={DEVICES.map(({ value, label, Icon }) => ({
            value,
            label: (
              <Group gap={4} wrap="nowrap">
                <Icon size={14} />
                {label}
              </Group>
            ),
          }))}
        />
      </Group>
      <Frame>
        <Stack gap="md">
          <div>
            <Title order={3}>{draft.name || 'Untitled form'}</Title>
            {draft.description && (
              <Text size="sm" c="dimmed">
                {draft.description}
              </Text>
            )}
          </div>
          {body}
        </Stack>
      </Frame>
      {steps.some((s) => s.condition) && (
        <Paper p="xs" bg="gray.0">
          <Text size="xs" c="dimmed">
            Conditional steps show when their condition holds on the values typed here, as for fillers.
          </Text>
        </Paper>
      )}
    </Stack>
  );
}
