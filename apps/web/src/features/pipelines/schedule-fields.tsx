import { Group, NumberInput, Select, TextInput } from '@mantine/core';
import { PIPELINE_SCHEDULE_EVERY, type TPipelineSchedule } from '@esigns/contracts/pipelines';
import type { FieldErrors } from '../../shared/api/api-error';

const EVERY_LABELS: Record<TPipelineSchedule['every'], string> = {
  hour: 'Every hour',
  day: 'Every day',
  week: 'Every week',
  month: 'Every month',
};
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

let zones: string[] | null = null;
/** The browser's zones, with the chosen one first when the list lacks it (`UTC` is not in it). */
function timeZones(chosen: string): string[] {
  zones ??= Intl.supportedValuesOf('timeZone');
  return zones.includes(chosen) ? zones : [chosen, ...zones];
}

/** When a `schedule` pipeline runs: how often, on which day, at what time, in which time zone. */
export function ScheduleFields({
  schedule,
  onChange,
  errors,
}: {
  schedule: TPipelineSchedule;
  onChange: (next: TPipelineSchedule) => void;
  errors: FieldErrors;
}) {
  const set = (patch: Partial<TPipelineSchedule>) => onChange({ ...schedule, ...patch });
  return (
    <Group gap="sm" wrap="wrap" align="flex-start" data-testid="pipeline-schedule">
      <Select
        label="How often"
        data={PIPELINE_SCHEDULE_EVERY.map((value) => ({ value, label: EVERY_LABELS[value] }))}
        value={schedule.every}
        onChange={(every) => every && set({ every: every as TPipelineSchedule['every'] })}
        error={errors['schedule.every']}
        w={{ base: '100%', sm: 160 }}
      />
      {schedule.every === 'week' && (
        <Select
          label="On"
          data={WEEKDAYS.map((label, value) => ({ value: String(value), label }))}
          value={String(schedule.weekday)}
          onChange={(day) => day && set({ weekday: Number(day) })}
          error={errors['schedule.weekday']}
          w={{ base: '100%', sm: 150 }}
        />
      )}
      {schedule.every === 'month' && (
        <NumberInput
          label="On day"
          min={1}
          max={28}
          value={schedule.day}
          onChange={(day) => set({ day: typeof day === 'number' ? day : 1 })}
          error={errors['schedule.day']}
          w={{ base: '100%', sm: 110 }}
        />
      )}
      <TextInput
        label={schedule.every === 'hour' ? 'At minute (HH:MM, hour ignored)' : 'At'}
        type="time"
        value={schedule.at}
        onChange={(event) => set({ at: event.currentTarget.value })}
        error={errors['schedule.at']}
        w={{ base: '100%', sm: schedule.every === 'hour' ? 240 : 130 }}
      />
      <Select
        label="Time zone"
        data={timeZones(schedule.timezone)}
        value={schedule.timezone}
        onChange={(timezone) => timezone && set({ timezone })}
        error={errors['schedule.timezone']}
        searchable
        w={{ base: '100%', sm: 220 }}
      />
    </Group>
  );
}
