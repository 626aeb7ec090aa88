import { Group, Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { DateField } from '../../shared/ui/date-field';
import { EMAIL_TEMPLATE_KEYS, fetchEmailTemplates } from '../email-templates/email-templates-api';

export type LogFilters = { template_id: string; from: string; to: string };
export const NO_LOG_FILTERS: LogFilters = { template_id: '', from: '', to: '' };

const TEMPLATES = { page: 1, limit: 100, type: 'ENTITY' };

/** The company's entity email templates to filter by; none when the caller may not read them. */
function useTemplateOptions(enabled: boolean) {
  const templates = useQuery({
    queryKey: EMAIL_TEMPLATE_KEYS.page(TEMPLATES),
    queryFn: ({ signal }) => fetchEmailTemplates(TEMPLATES, signal),
    enabled,
    retry: false,
  });
  return (templates.data?.data ?? []).map((t) => ({ value: t._id, label: t.name }));
}

/**
 * The email log's filters beside the status: the template (the company's email log only: the
 * operator has no company) and the days the mails were queued (from, to; both inclusive).
 */
export function OutboxFilters({
  value,
  onChange,
  withTemplates,
}: {
  value: LogFilters;
  onChange: (next: LogFilters) => void;
  withTemplates: boolean;
}) {
  const templates = useTemplateOptions(withTemplates);
  const set = (key: keyof LogFilters) => (next: string | null) => onChange({ ...value, [key]: next ?? '' });
  return (
    <Group gap="xs" wrap="wrap">
      {withTemplates && templates.length > 0 && (
        <Select
          aria-label="Filter by template"
          placeholder="All templates"
          data={templates}
          value={value.template_id || null}
          onChange={set('template_id')}
          clearable
          searchable
          w={{ base: '100%', xs: 220 }}
        />
      )}
      <DateField
        aria-label="Queued from"
        placeholder="From"
        value={value.from}
        onChange={set('from')}
        max={value.to || undefined}
        clearable
        w={{ base: '100%', xs: 160 }}
      />
      <DateField
        aria-label="Queued up to"
        placeholder="To"
        value={value.to}
        onChange={set('to')}
        min={value.from || undefined}
        clearable
        w={{ base: '100%', xs: 160 }}
      />
    </Group>
  );
}
