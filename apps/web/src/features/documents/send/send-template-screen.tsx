import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  NumberInput,
  Skeleton,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isEmail, type TConfigurableDocument, type TEmployeeDocument } from '@esigns/contracts/documents';
import { isApiError } from '../../../shared/api/api-error';
import { usePageTitle } from '../../../shared/branding/use-page-title';
import { ErrorAlert, PageFrame, errorText } from '../../../shared/ui/page-kit';
import { editorPathOf } from '../upload/upload-api';
import { sendFromTemplate, type TRolePerson } from './send-api';
import { EmailCard, ProblemList, SendButton, SendColumns, sendGate, useSendSource } from './send-layout';
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

type TemplateSendInput = {
  name: string;
  people: TRolePerson[];
  values: Record<string, string>;
  subject: string;
  message: string;
  expiryDays: number | string | null;
};

/** The send request of the form's inputs (without its send key). */
function templateSendBody(template: TConfigurableDocument, input: TemplateSendInput) {
  const prefill: Record<string, string> = {};
  for (const field of template.fields) {
    const value = input.values[field.key];
    if (isPrefillable(field) && value !== undefined && value !== field.default_value)
      prefill[field.key] = value;
  }
  return {
    configurable_document_id: template._id,
    name: input.name.trim(),
    document_users: input.people.map((person) => ({
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
      email_subject: input.subject.trim(),
      email_message: input.message,
      expire_after_days: input.expiryDays === null ? null : Number(input.expiryDays),
    },
  };
}

/** The server's 422 messages that no input of the form shows, as sentences. */
function unshownErrors(
  serverErrors: Record<string, string>,
  template: TConfigurableDocument,
  roleCount: number,
  fieldsByRole: Map<string, TConfigurableDocument['fields']>,
): string[] {
  const shownKeys = new Set<string>([...Object.values(KEYS)]);
  for (let index = 0; index < roleCount; index++)
    ['email', 'first_name', 'last_name'].forEach((part) => shownKeys.add(`document_users.${index}.${part}`));
  for (const fields of fieldsByRole.values())
    fields.forEach((field) => shownKeys.add(`prefill.${field.key}`));
  return Object.entries(serverErrors)
    .filter(([key]) => !shownKeys.has(key))
    .map(([key, text]) => describeProblem(key, text, template));
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
    mutationFn: () =>
      sendFromTemplate({
        ...templateSendBody(template, { name, people, values, subject, message, expiryDays }),
        send_key: sendKey,
      }),
    onSuccess: onSent,
  });

  const serverErrors = isApiError(send.error) && send.error.isValidation ? send.error.fieldErrors : {};
  const errors = { ...serverErrors, ...checks };
  const otherErrors = unshownErrors(serverErrors, template, people.length, fieldsByRole);

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
    <SendColumns
      main={
        <>
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
          <EmailCard
            subject={subject}
            message={message}
            onSubject={setSubject}
            onMessage={setMessage}
            subjectPlaceholder={`Please sign: ${name || template.name}`}
            errors={{ subject: errors[KEYS.subject], message: errors[KEYS.message] }}
          />
        </>
      }
      side={
        <>
          <ExpiryCard
            expiryDays={expiryDays}
            onChange={(value) => {
              setExpiryDays(value);
              clear(KEYS.expiry);
            }}
            error={errors[KEYS.expiry]}
            reminderEveryDays={template.settings.reminder_every_days}
          />
          {otherErrors.length > 0 && (
            <ProblemList color="red" title="Could not send" problems={otherErrors} role="alert" />
          )}
          {send.error && !(isApiError(send.error) && send.error.isValidation) && (
            <ErrorAlert>{errorText(send.error)}</ErrorAlert>
          )}
          <SendButton onClick={onSend} isPending={send.isPending} />
        </>
      }
    />
  );
}

function ExpiryCard({
  expiryDays,
  onChange,
  error,
  reminderEveryDays,
}: {
  expiryDays: number | string | null;
  onChange: (value: number | string | null) => void;
  error: string | undefined;
  reminderEveryDays: number | null;
}) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack gap="sm">
        <Text fw={600}>Expiry</Text>
        <Checkbox
          label="Never expires"
          checked={expiryDays === null}
          onChange={(event) => onChange(event.currentTarget.checked ? null : 30)}
        />
        {expiryDays !== null && (
          <NumberInput
            label="Expires after (days)"
            min={1}
            max={365}
            allowDecimal={false}
            allowNegative={false}
            value={expiryDays}
            onChange={onChange}
            error={error}
          />
        )}
        <Text size="xs" c="dimmed">
          {reminderEveryDays === null
            ? 'No reminders.'
            : `Reminders every ${reminderEveryDays} days until signed.`}
        </Text>
      </Stack>
    </Card>
  );
}

/**
 * /send-template/mail/{id}/{document_id}: a new document from a template. The sender picks a person
 * for each role, may fill in the roles' text, number, date, checkbox and dropdown fields, words the
 * email and the expiry, and sends once per visit (one send key however often Send is pressed).
 */
export function SendTemplateScreen() {
  usePageTitle('Send template');
  const target = useSendSource('templates:send');
  const { source: template, sent } = target;

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

  const gate = sendGate(target, {
    skeleton: <Skeleton h={360} radius="md" aria-busy="true" aria-label="Loading the template" />,
    noAccess: 'Your user type cannot send templates. Ask an owner or admin if you need to.',
    loadError: 'Could not load the template',
  });
  if (gate || !template.data) return frame(gate);
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
      onSent={target.setSent}
      canPickContact={target.rights.can('contacts:view')}
    />,
  );
}
