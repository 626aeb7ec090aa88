import { Badge, Group, Tabs } from '@mantine/core';
import type { TFormBuilder } from '@esigns/contracts/form-builders';
import { ApprovalsSection } from './approvals-section';
import { BUILDER_TABS, tabHasErrors, type BuilderTab } from './builder-tabs';
import { DetailsSection } from './details-section';
import { RemindersSection } from './reminders-section';
import type { SectionProps } from './section-props';
import { SharingSection } from './sharing-section';
import { StepsEditor } from './steps-editor';

type Props = SectionProps & { saved: TFormBuilder | null; tab: BuilderTab; onTab: (tab: BuilderTab) => void };

/** The builder's settings by tab; a tab with problems is marked. */
export function BuilderEditor({ tab, onTab, saved, ...section }: Props) {
  const { draft, errors, onDraft } = section;
  return (
    <Tabs value={tab} onChange={(value) => value && onTab(value as BuilderTab)} keepMounted={false}>
      {/* One row that scrolls sideways on a phone, never two rows of tabs. */}
      <Tabs.List
        mb="md"
        style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden', scrollbarWidth: 'thin' }}
      >
        {BUILDER_TABS.map(({ value, label }) => (
          <Tabs.Tab key={value} value={value} style={{ flexShrink: 0 }}>
            <Group gap={6} wrap="nowrap">
              {label}
              {value === 'steps' && (
                <Badge size="xs" variant="light" circle>
                  {draft.steps.length}
                </Badge>
              )}
              {tabHasErrors(errors, value) && (
                <Badge size="xs" color="red" circle aria-label="Has problems">
                  !
                </Badge>
              )}
            </Group>
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="steps">
        <StepsEditor steps={draft.steps} errors={errors} onChange={(steps) => onDraft({ steps })} />
      </Tabs.Panel>
      <Tabs.Panel value="details">
        <DetailsSection {...section} />
      </Tabs.Panel>
      <Tabs.Panel value="sharing">
        <SharingSection {...section} saved={saved} />
      </Tabs.Panel>
      <Tabs.Panel value="approvals">
        <ApprovalsSection {...section} />
      </Tabs.Panel>
      <Tabs.Panel value="reminders">
        <RemindersSection {...section} />
      </Tabs.Panel>
    </Tabs>
  );
}
