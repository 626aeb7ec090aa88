import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Group,
  NumberInput,
  Paper,
  Skeleton,
  Stack,
  Switch,
  Text,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconArrowLeft, IconInfoCircle } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import type { TEmployeeDocument } from '@esigns/contracts/documents';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { ErrorAlert, LoadError, PageFrame, StateMessage, errorText } from '../../shared/ui/page-kit';
import { CorrectFields } from './correct-fields';
import { CorrectRecipients } from './correct-recipients';
import { formOf, formProblems, requestOf, type CorrectForm } from './correct-state';
import { DOCUMENT_ACTION_KEYS, correctDocument, fetchDocument } from './document-actions-api';
import { documentDetailPath } from './document-paths';

function Section({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        <div>
          <Title order={4}>{title}</Title>
          <Text size="sm" c="dimmed">
            {description}
          </Text>
        </div>
        {children}
      </Stack>
    </Paper>
  );
}

/** A switch for a number of days that may be off (`null`), and the days while it is on. */
function OptionalDays({
  label,
  daysLabel,
  days,
  onChange,
  initial,
  max,
  w,
}: {
  label: string;
  daysLabel: string;
  days: number | null;
  onChange: (days: number | null) => void;
  /** The days when it is switched on. */
  initial: number;
  max: number;
  w: number;
}) {
  return (
    <>
      <Switch
        label={label}
        checked={days !== null}
        onChange={(e) => onChange(e.currentTarget.checked ? initial : null)}
      />
      {days !== null && (
        <NumberInput
          label={daysLabel}
          min={1}
          max={max}
          value={days}
          onChange={(v) => onChange(typeof v === 'number' ? v : 1)}
          w={w}
        />
      )}
    </>
  );
}

const OPTIONAL_DAYS = [
  {
    key: 'expire_after_days',
    label: 'Expires',
    daysLabel: 'Days after it was sent',
    initial: 30,
    max: 365,
    w: 200,
  },
  { key: 'reminder_every_days', label: 'Reminders', daysLabel: 'Every (days)', initial: 3, max: 60, w: 140 },
] as const;

function SettingsPanel({ form, onChange }: { form: CorrectForm; onChange: (form: CorrectForm) => void }) {
  const set = (patch: Partial<CorrectForm['settings']>) =>
    onChange({ ...form, settings: { ...form.settings, ...patch } });
  const s = form.settings;
  return (
    <Stack gap="sm">
      <Switch
        label="Signing order"
        description="Recipients act one after another, by their order number (equal numbers at the same time)."
        checked={s.signing_order}
        onChange={(e) => set({ signing_order: e.currentTarget.checked })}
      />
      <Group align="flex-end" gap="md" wrap="wrap">
        {OPTIONAL_DAYS.map(({ key, ...days }) => (
          <OptionalDays key={key} {...days} days={s[key]} onChange={(value) => set({ [key]: value })} />
        ))}
      </Group>
      <TextInput
        label="Mail subject"
        description="Empty: the default subject"
        maxLength={200}
        value={s.email_subject}
        onChange={(e) => set({ email_subject: e.currentTarget.value })}
      />
      <Textarea
        label="Mail message"
        rows={3}
        maxLength={5000}
        value={s.email_message}
        onChange={(e) => set({ email_message: e.currentTarget.value })}
      />
    </Stack>
  );
}

/** Server and client problems as field key -> first message. */
function problemMap(problems: { key: string; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const p of problems) if (!(p.key in out)) out[p.key] = p.message;
  return out;
}

function CorrectEditor({ document }: { document: TEmployeeDocument }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [form, setForm] = useState<CorrectForm>(() => formOf(document));
  const [isChecked, setChecked] = useState(false);
  const problems = useMemo(() => formProblems(form, document.pages), [form, document.pages]);
  const save = useMutation({
    mutationFn: () => correctDocument(document._id, requestOf(form)),
    onSuccess: async (saved) => {
      notifications.show({
        color: 'teal',
        title: 'Document corrected',
        message: `${saved.name}: recipients whose turn it is were sent the document again`,
      });
      await queryClient.invalidateQueries({ queryKey: DOCUMENT_ACTION_KEYS.all });
      void navigate(documentDetailPath(document._id));
    },
  });
  const serverErrors = isApiError(save.error) && save.error.isValidation ? save.error.fieldErrors : {};
  const errors = { ...(isChecked ? problemMap(problems) : {}), ...serverErrors };
  const change = (next: CorrectForm) => {
    setForm(next);
    if (save.error) save.reset();
  };
  const submit = () => {
    setChecked(true);
    if (problems.length === 0) save.mutate();
  };
  return (
    <Stack gap="md">
      <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} />}>
        Recipients who have finished keep their signature and cannot change. When you save, everyone whose
        turn it is and who has not finished is sent the document again with a new link; the links they had
        stop working.
      </Alert>
      {save.error && Object.keys(serverErrors).length === 0 ? (
        <ErrorAlert>{errorText(save.error)}</ErrorAlert>
      ) : null}
      {isChecked && problems.length > 0 && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />} role="alert">
          {problems.length === 1
            ? problems[0]!.message
            : `${problems.length} things to fix: ${problems[0]!.message}`}
        </Alert>
      )}
      <Section title="Recipients" description="Change, add or remove the recipients who have not finished.">
        <CorrectRecipients form={form} onChange={change} errors={errors} />
      </Section>
      <Section
        title="Fields"
        description="Drag fields of recipients who have not finished to their place, give them to another recipient, remove them, or drag new ones onto the page."
      >
        <CorrectFields
          documentId={document._id}
          form={form}
          pages={document.pages}
          onChange={change}
          errors={errors}
        />
      </Section>
      <Section title="Settings" description="A new expiry counts from the day the document was sent.">
        <SettingsPanel form={form} onChange={change} />
      </Section>
      <Group justify="flex-end">
        <Button
          variant="default"
          component={Link}
          to={documentDetailPath(document._id)}
          disabled={save.isPending}
        >
          Cancel
        </Button>
        <Button onClick={submit} loading={save.isPending}>
          Save and resend
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * /emp-documents/custom/{employee_document_id}/edit: correct a document out for signature
 * (`POST /documents/{id}/correct`): its recipients, their fields and its settings.
 */
export function CorrectDocumentScreen() {
  const { employee_document_id: id = '' } = useParams();
  usePageTitle('Correct document');
  const query = useQuery({
    queryKey: DOCUMENT_ACTION_KEYS.detail(id),
    queryFn: ({ signal }) => fetchDocument(id, signal),
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
  const back = (
    <Button
      variant="subtle"
      component={Link}
      to={documentDetailPath(id)}
      leftSection={<IconArrowLeft size={16} />}
    >
      Back to the document
    </Button>
  );
  return (
    <PageFrame
      title={query.data ? `Correct "${query.data.name}"` : 'Correct document'}
      description="Fix recipients, fields and settings of a document out for signature."
      actions={back}
    >
      {query.isPending ? (
        <Skeleton h={320} />
      ) : query.isError ? (
        <LoadError
          error={query.error}
          onRetry={() => void query.refetch()}
          title="The document could not be loaded"
        />
      ) : query.data.status !== 'WAITING' || query.data.archived_at ? (
        <StateMessage icon={<IconInfoCircle size={28} />} title="This document cannot be corrected">
          <Text size="sm" c="dimmed">
            Only a document that is out for signature can be corrected.
          </Text>
        </StateMessage>
      ) : (
        <CorrectEditor key={query.data.updated_at} document={query.data} />
      )}
    </PageFrame>
  );
}
