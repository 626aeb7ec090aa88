import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  Grid,
  List,
  NumberInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconSend } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { isEmail, type TConfigurableDocument, type TEmployeeDocument } from '@esigns/contracts/documents';
import { isApiError } from '../../../shared/api/api-error';
import { usePageTitle } from '../../../shared/branding/use-page-title';
import {
  ErrorAlert,
  LoadError,
  NoAccess,
  PageFrame,
  Panel,
  errorText,
  isForbidden,
} from '../../../shared/ui/page-kit';
import { useCan } from '../../../shared/permissions/use-can';
import { editorPathOf } from '../upload/upload-api';
import { DOCUMENT_KEYS, fetchConfigurableDocument, sendFromTemplate, type TRolePerson } from './send-api';
import { SendSuccess, describeProblem } from './send-parts';
import { TemplateRoleCard, isPrefillable } from './template-role-card';
import { useSendKey } from './use-send-key';

/** Keys of the inputs outside the role cards. */
const KEYS = {
  name: 'name',
  subject: 'settings.email_subject',
  message: 'settings.email_message',
  expiry: 'settings.expire_after_days',
} as const;

function initialPeople(template: TConfigurableDocument): TRolePerson[] {
  return template.document_users.map((role) => ({
    key: role.key,
    email: role.email,
    first_name: role.first_name,
    last_name: role.last_name,
    contact_id: role.contact_id,
  }));
}

/** Client checks before the call: every role needs a valid email and a name. */
function checkPeople(people: TRolePerson[]): Record<string, string> {
  const errors: Record<string, string> = {};
  const seen = new Set<string>();
  people.forEach((person, index) => {
    const email = person.email.trim().toLowerCase();
    if (!isEmail(email)) errors[`document_users.${index}.email`] = 'Enter a valid email address';
    else if (seen.has(email)) errors[`document_users.${index}.email`] = `${email} already takes another role`;
    seen.add(email);
    if (!person.first_name.trim() && !person.last_name.trim()) {
      errors[`document_users.${index}.first_name`] = 'Enter a name';
    }
  });
  return errors;
}

function SendTemplateForm({
  template,
  onSent,
  canPickContact,
}: {
  template: TConfigurableDocument;
  onSent: (sent: TEmployeeDocument) => void;
  canPickContact: boolean;
}) {
  const sendKey = useSendKey();
  const [name, setName] = useState(template.name);
  const [people, setPeople] = useState(() => initialPeople(template));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(
      template.fields.filter(isPrefillable).map((field) => [field.key, field.default_value]),
    ),
  );
  const [subject, setSubject] = useState(template.settings.email_subject);
  const [message, setMessage] = useState(template.settings.email_message);
  const [expiryDays, setExpiryDays] = useState<number | string | null>(template.settings.expire_after_days);
  const [checks, setChecks] = useState<Record<string, string>>({});

  const fieldsByRole = useMemo(() => {
    const map = new Map<string, typeof template.fields>();
    for (const field of template.fields) {
      if (!isPrefillable(field)) continue;
      map.set(field.recipient_key, [...(map.get(field.recipient_key) ?? []), field]);
    }
    return map;
  }, [template]);

  const send = useMutation({
    mutationFn: () => {
      const prefill: Record<string, string> = {};
      for (const field of template.fields) {
        const value = values[field.key];
        if (isPrefillable(field) && value !== undefined && value !== field.default_value)
          prefill[field.key] = value;
      }
      return sendFromTemplate({
        configurable_document_id: template._id,
        name: name.trim(),
        document_users: people.map((person) => ({
          key: person.key,
          email: person.email.trim().toLowerCase(),
          first_name: person.first_name.trim(),
          last_name: person.last_name.trim(),
          ...(person.contact_id ? { contact_id: person.contact_id } : {}),
        })),
        ...(Object.keys(prefill).length ? { prefill } : {}),
        // The whole settings, not a patch: a partial patch lets the API fill the rest with defaults.
        settings: {
          ...template.settings,
          email_subject: subject.trim(),
          email_message: message,
          expire_after_days: expiryDays === null ? null : Number(expiryDays),
        },
        send_key: sendKey,
      });
    },
    onSuccess: onSent,
  });

  const serverErrors = isApiError(send.error) && send.error.isValidation ? send.error.fieldErrors : {};
  const errors = { ...serverErrors, ...checks };
  const shownKeys = new Set<string>([...Object.values(KEYS)]);
  people.forEach((_, index) =>
    ['email', 'first_name', 'last_name'].forEach((part) => shownKeys.add(`document_users.${index}.${part}`)),
  );
  for (const fields of fieldsByRole.values())
    fields.forEach((field) => shownKeys.add(`prefill.${field.key}`));
  const otherErrors = Object.entries(serverErrors)
    .filter(([key]) => !shownKeys.has(key))
    .map(([key, text]) => describeProblem(key, text, template));

  const clear = (key: string) => {
    if (!(key in checks)) return;
    setChecks((current) => {
      const next = { ...current };
      delete next[key];
      return next;
    });
  };

  const onSend = () => {
    const found = checkPeople(people);
    if (!name.trim()) found[KEYS.name] = 'Enter a document name';
    if (
      expiryDays !== null &&
      !(Number.isInteger(Number(expiryDays)) && Number(expiryDays) >= 1 && Number(expiryDays) <= 365)
    ) {
      found[KEYS.expiry] = 'Enter 1 to 365 days';
    }
    setChecks(found);
    if (Object.keys(found).length === 0) send.mutate();
  };

  if (template.document_users.length === 0) {
    return (
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="This template has no roles"
      >
        Add at least one role and its fields in the editor before sending it.{' '}
        <Anchor component={Link} to={editorPathOf(template)}>
          Open the editor
        </Anchor>
      </Alert>
    );
  }

  return (
    <Grid gap="lg">
      <Grid.Col span={{ base: 12, md: 8 }}>
        <Stack gap="lg">
          <Card withBorder radius="md" padding="lg">
            <TextInput
              label="Document name"
              withAsterisk
              value={name}
              maxLength={200}
              onChange={(event) => {
                setName(event.currentTarget.value);
                clear(KEYS.name);
              }}
              error={errors[KEYS.name]}
            />
          </Card>
          {template.document_users.map((role, index) => (
            <TemplateRoleCard
              key={role.key}
              role={role}
              index={index}
              person={people[index]!}
              onPerson={(change) => {
                setPeople((current) =>
                  current.map((person, i) => (i === index ? { ...person, ...change } : person)),
                );
                Object.keys(change).forEach((part) => clear(`document_users.${index}.${part}`));
              }}
              fields={fieldsByRole.get(role.key) ?? []}
              values={values}
              onValue={(key, value) => setValues((current) => ({ ...current, [key]: value }))}
              errors={errors}
              canPickContact={canPickContact}
              order={template.settings.signing_order ? role.signing_order : undefined}
              takenEmails={people.filter((_, i) => i !== index).map((other) => other.email)}
            />
          ))}
          <Card withBorder radius="md" padding="lg">
            <Stack gap="md">
              <Text fw={600}>Email to recipients</Text>
              <TextInput
                label="Subject"
                placeholder={`Please sign: ${name || template.name}`}
                value={subject}
                maxLength={200}
                onChange={(event) => setSubject(event.currentTarget.value)}
                error={errors[KEYS.subject]}
              />
              <Textarea
                label="Message"
                placeholder="Add a personal note for the recipients (optional)"
                value={message}
                maxLength={5000}
                rows={4}
                resize="vertical"
                onChange={(event) => setMessage(event.currentTarget.value)}
                error={errors[KEYS.message]}
              />
            </Stack>
          </Card>
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, md: 4 }}>
        <Stack gap="lg" style={{ position: 'sticky', top: 76 }}>
          <Card withBorder radius="md" padding="lg">
            <Stack gap="sm">
              <Text fw={600}>Expiry</Text>
              <Checkbox
                label="Never expires"
                checked={expiryDays === null}
                onChange={(event) => setExpiryDays(event.currentTarget.checked ? null : 30)}
              />
              {expiryDays !== null && (
                <NumberInput
                  label="Expires after (days)"
                  min={1}
                  max={365}
                  allowDecimal={false}
                  allowNegative={false}
                  value={expiryDays}
                  onChange={(value) => {
                    setExpiryDays(value);
                    clear(KEYS.expiry);
                  }}
                  error={errors[KEYS.expiry]}
                />
              )}
              <Text size="xs" c="dimmed">
                {template.settings.reminder_every_days === null
                  ? 'No reminders.'
                  : `Reminders every ${template.settings.reminder_every_days} days until signed.`}
              </Text>
            </Stack>
          </Card>
          {otherErrors.length > 0 && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertTriangle size={18} />}
              title="Could not send"
              role="alert"
            >
              <List size="sm" spacing={4}>
                {otherErrors.map((text) => (
                  <List.Item key={text}>{text}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {send.error && !(isApiError(send.error) && send.error.isValidation) && (
            <ErrorAlert>{errorText(send.error)}</ErrorAlert>
          )}
          <Button
            size="md"
            fullWidth
            leftSection={<IconSend size={18} />}
            onClick={onSend}
            loading={send.isPending}
          >
            Send
          </Button>
        </Stack>
      </Grid.Col>
    </Grid>
  );
}

/**
 * /send-template/mail/{id}/{document_id}: a new document from a template. The sender picks a person
 * for each role, may fill in the roles' text, number, date, checkbox and dropdown fields, words the
 * email and the expiry, and sends once per visit (one send key however often Send is pressed).
 */
export function SendTemplateScreen() {
  usePageTitle('Send template');
  const { id = '' } = useParams();
  const rights = useCan();
  const [sent, setSent] = useState<TEmployeeDocument | null>(null);
  const canSend = rights.can('templates:send');
  const template = useQuery({
    queryKey: DOCUMENT_KEYS.configurable(id),
    queryFn: ({ signal }) => fetchConfigurableDocument(id, signal),
    enabled: canSend && Boolean(id),
  });

  if (sent) {
    return (
      <PageFrame title="Send template">
        <SendSuccess document={sent} isFromTemplate />
      </PageFrame>
    );
  }

  const frame = (content: ReactNode) => (
    <PageFrame
      title={template.data ? `Send “${template.data.name}”` : 'Send template'}
      description="Choose who takes each role, fill in what you already know and send."
      actions={
        <Button component={Link} to="/templates" variant="default" leftSection={<IconArrowLeft size={16} />}>
          Templates
        </Button>
      }
    >
      {content}
    </PageFrame>
  );

  if (rights.isLoading) return frame(<Skeleton h={360} radius="md" aria-busy="true" />);
  if (!canSend || isForbidden(template.error)) {
    return frame(
      <Panel>
        <NoAccess>Your user type cannot send templates. Ask an owner or admin if you need to.</NoAccess>
      </Panel>,
    );
  }
  if (template.isPending)
    return frame(<Skeleton h={360} radius="md" aria-busy="true" aria-label="Loading the template" />);
  if (template.isError) {
    return frame(
      <Panel>
        <LoadError
          title="Could not load the template"
          error={template.error}
          onRetry={() => void template.refetch()}
        />
      </Panel>,
    );
  }
  if (template.data.status === 'INACTIVE') {
    return frame(
      <Alert
        color="orange"
        variant="light"
        icon={<IconAlertTriangle size={18} />}
        title="This template is inactive"
      >
        Activate it in the templates list before sending it.
      </Alert>,
    );
  }
  return frame(
    <SendTemplateForm
      key={template.data._id}
      template={template.data}
      onSent={setSent}
      canPickContact={rights.can('contacts:view')}
    />,
  );
}
