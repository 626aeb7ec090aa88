import { useState, type ReactNode } from 'react';
import {
  ActionIcon,
  Avatar,
  Button,
  Card,
  Group,
  Input,
  NativeSelect,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconArrowLeft, IconSend, IconX } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatFullName, formatInitials } from '../../shared/format/name';
import { DateField } from '../../shared/ui/date-field';
import { ContactPicker, type ContactPickerValue } from '../contacts/contact-picker';
import { useContact } from '../contacts/contacts-api';
import {
  ErrorAlert,
  NoAccess,
  PageFrame,
  Panel,
  QueryFailure,
  errorText,
  isForbidden,
} from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { CARD_TYPES, OTHER_CARD_TYPE, cardTypeSegment, findCardType } from './card-types';
import {
  REQUEST_KEYS,
  REQUEST_STATUSES,
  createRequest,
  fetchRequest,
  updateRequest,
  type RequestStatus,
  type TDocumentRequest,
} from './request-documents-api';

const STATUS_LABELS: Record<RequestStatus, string> = {
  REQUESTED: 'Requested (waiting for the client)',
  UPLOADED: 'Uploaded (to review)',
  APPROVED: 'Approved',
  REJECTED: 'Rejected (ask again)',
  CANCELLED: 'Cancelled (closed)',
};

type PickedContact = ContactPickerValue & { contact_id: string };

/** `YYYY-MM-DD` of a stored due date, in the browser's time zone. */
function toDateInput(value: string | null): string {
  return value ? dayjs(value).format('YYYY-MM-DD') : '';
}

/** The end of the chosen day in the browser's time zone, as the API's ISO date-time. */
function toDueAt(date: string): string | null {
  return date ? dayjs(`${date}T23:59:59`).toISOString() : null;
}

function ChosenContact({ contact, onClear }: { contact: PickedContact; onClear?: () => void }) {
  const name = formatFullName(contact) || contact.email;
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      p="sm"
      data-testid="chosen-contact"
      style={{ border: '1px solid var(--mantine-color-gray-3)', borderRadius: 'var(--mantine-radius-md)' }}
    >
      <Avatar radius="xl" color="brand" size={36}>
        {formatInitials(contact)}
      </Avatar>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={500} truncate="end">
          {name}
        </Text>
        <Text size="xs" c="dimmed" truncate="end">
          {contact.email}
        </Text>
      </Stack>
      {onClear && (
        <Tooltip label="Choose another contact">
          <ActionIcon variant="subtle" color="gray" onClick={onClear} aria-label="Choose another contact">
            <IconX size={16} />
          </ActionIcon>
        </Tooltip>
      )}
    </Group>
  );
}

type FormProps =
  | { mode: 'create'; initialSlug: string; initialContact: PickedContact | null; existing?: undefined }
  | { mode: 'edit'; existing: TDocumentRequest; initialSlug?: undefined; initialContact?: undefined };

/** The request's fields, for a new request or an existing one (whose contact cannot change). */
function RequestForm(props: FormProps) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const existing = props.existing;
  const known = existing ? findCardType(existing.card_type) : findCardType(props.initialSlug ?? '');
  const [slug, setSlug] = useState(known?.slug ?? (existing ? OTHER_CARD_TYPE : ''));
  const [otherName, setOtherName] = useState(existing && !known ? existing.card_type : '');
  const [contact, setContact] = useState<PickedContact | null>(
    existing ? { ...existing.contact, contact_id: existing.contact._id } : (props.initialContact ?? null),
  );
  const [message, setMessage] = useState(existing?.message ?? '');
  const [dueDate, setDueDate] = useState(toDateInput(existing?.due_at ?? null));
  const [status, setStatus] = useState<RequestStatus>(existing?.status ?? 'REQUESTED');
  const [checks, setChecks] = useState<Record<string, string>>({});

  const cardType = slug === OTHER_CARD_TYPE ? otherName.trim() : (findCardType(slug)?.label ?? '');

  const save = useMutation({
    mutationFn: () => {
      const dueAt = toDueAt(dueDate);
      if (existing) {
        return updateRequest(existing._id, {
          card_type: cardType,
          message: message.trim(),
          due_at: dueAt,
          status,
        });
      }
      return createRequest({
        contact_id: contact!.contact_id,
        card_type: cardType,
        message: message.trim(),
        due_at: dueAt,
      });
    },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: REQUEST_KEYS.lists });
      queryClient.setQueryData(REQUEST_KEYS.one(saved._id), saved);
      notifications.show({
        color: 'teal',
        title: existing ? 'Request saved' : 'Request sent',
        message: existing
          ? `${saved.card_type} of ${formatFullName(saved.contact) || saved.contact.email}`
          : `${formatFullName(saved.contact) || saved.contact.email} gets an email to upload their ${saved.card_type}.`,
      });
      navigate(`/request-documents/all/${encodeURIComponent(cardTypeSegment(saved.card_type))}`);
    },
  });

  const serverErrors = isApiError(save.error) && save.error.isValidation ? save.error.fieldErrors : {};
  const errors: Record<string, string> = { ...serverErrors, ...checks };
  const shown = new Set(['card_type', 'contact_id', 'message', 'due_at', 'status']);
  const otherErrors = Object.entries(serverErrors)
    .filter(([key]) => !shown.has(key))
    .map(([, text]) => text);

  const onSubmit = () => {
    const found: Record<string, string> = {};
    if (!slug) found.card_type = 'Choose a card type';
    else if (!cardType) found.card_type = 'Name the document';
    if (!contact) found.contact_id = 'Choose a contact';
    if (dueDate && !existing && dayjs(`${dueDate}T23:59:59`).isBefore(dayjs())) {
      found.due_at = 'Choose a day from today on';
    }
    setChecks(found);
    if (Object.keys(found).length === 0) save.mutate();
  };

  const clearCheck = (key: string) =>
    setChecks((current) => {
      if (!(key in current)) return current;
      const next = { ...current };
      delete next[key];
      return next;
    });

  return (
    <Card withBorder radius="md" padding="lg" maw={640}>
      <form
        aria-label={existing ? 'Edit request' : 'Request a document'}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <Stack gap="md">
          {save.error && !(isApiError(save.error) && save.error.isValidation) ? (
            <ErrorAlert>{errorText(save.error)}</ErrorAlert>
          ) : null}
          {otherErrors.length > 0 && <ErrorAlert>{otherErrors.join(' ')}</ErrorAlert>}
          <NativeSelect
            label="Document"
            withAsterisk
            data={[
              { value: '', label: 'Choose a card type', disabled: true },
              ...CARD_TYPES.map((type) => ({ value: type.slug, label: type.label })),
            ]}
            value={slug}
            onChange={(event) => {
              setSlug(event.currentTarget.value);
              clearCheck('card_type');
            }}
            error={slug === OTHER_CARD_TYPE ? undefined : errors.card_type}
          />
          {slug === OTHER_CARD_TYPE && (
            <TextInput
              label="Name of the document"
              withAsterisk
              placeholder="e.g. Electricity bill"
              value={otherName}
              maxLength={100}
              onChange={(event) => {
                setOtherName(event.currentTarget.value);
                clearCheck('card_type');
              }}
              error={errors.card_type}
            />
          )}
          {contact ? (
            <Stack gap={4}>
              <Input.Label>Contact</Input.Label>
              <ChosenContact contact={contact} onClear={existing ? undefined : () => setContact(null)} />
              {errors.contact_id && (
                <Text size="xs" c="red">
                  {errors.contact_id}
                </Text>
              )}
            </Stack>
          ) : (
            <ContactPicker
              label="Contact"
              description="The client who uploads the document"
              aria-label="Contact"
              onSelect={(picked) => {
                if (!picked.contact_id) return;
                setContact({ ...picked, contact_id: picked.contact_id });
                clearCheck('contact_id');
              }}
              error={errors.contact_id}
            />
          )}
          <Textarea
            label="Message"
            placeholder="e.g. Please upload a clear scan of both sides."
            value={message}
            maxLength={5000}
            rows={4}
            resize="vertical"
            onChange={(event) => setMessage(event.currentTarget.value)}
            error={errors.message}
          />
          <DateField
            label="Due date"
            description="Optional. Shown to the client; after it the request shows as overdue."
            value={dueDate}
            min={existing ? undefined : dayjs().format('YYYY-MM-DD')}
            onChange={(value) => {
              setDueDate(value);
              clearCheck('due_at');
            }}
            error={errors.due_at}
          />
          {existing && (
            <NativeSelect
              label="Status"
              data={REQUEST_STATUSES.map((value) => ({ value, label: STATUS_LABELS[value] }))}
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value as RequestStatus)}
              error={errors.status}
              maw={320}
            />
          )}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" component={Link} to="/request-documents/all">
              Cancel
            </Button>
            <Button
              type="submit"
              loading={save.isPending}
              leftSection={existing ? undefined : <IconSend size={16} />}
            >
              {existing ? 'Save' : 'Send request'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

/** Back to the list of requested documents (the request screens' heading action). */
export function BackToRequestsButton() {
  return (
    <Button
      component={Link}
      to="/request-documents/all"
      variant="default"
      leftSection={<IconArrowLeft size={16} />}
    >
      Requested documents
    </Button>
  );
}

/**
 * /request-documents/upload?card_type=<slug>&contact_id=<id>: asks a contact to upload a document
 * (card type, contact, message, due date); the contact is mailed a link to their documents area.
 */
export function RequestDocumentScreen() {
  usePageTitle('Request a document');
  const [params] = useSearchParams();
  const rights = useCan();
  const contactId = params.get('contact_id') ?? '';
  const contact = useContact(contactId, rights.can('request-documents:create'));
  const frame = (content: ReactNode) => (
    <PageFrame
      title="Request a document"
      description="Your client gets an email with a link to upload it."
      actions={<BackToRequestsButton />}
    >
      {content}
    </PageFrame>
  );
  if (rights.isLoading || (contactId && contact.isPending))
    return frame(<Skeleton h={360} maw={640} radius="md" />);
  if (!rights.can('request-documents:create')) {
    return frame(
      <Panel>
        <NoAccess>Your user type cannot request documents. Ask an owner or admin if you need to.</NoAccess>
      </Panel>,
    );
  }
  const initialContact: PickedContact | null = contact.data
    ? {
        contact_id: contact.data._id,
        email: contact.data.email,
        first_name: contact.data.first_name,
        last_name: contact.data.last_name,
      }
    : null;
  return frame(
    <RequestForm mode="create" initialSlug={params.get('card_type') ?? ''} initialContact={initialContact} />,
  );
}

/** /request-documents/{request_document_id}/edit: change a request's card type, message, due date or status. */
export function EditRequestScreen() {
  usePageTitle('Edit requested document');
  const { request_document_id: id = '' } = useParams();
  const rights = useCan();
  const canUpdate = rights.can('request-documents:update');
  const request = useQuery({
    queryKey: REQUEST_KEYS.one(id),
    queryFn: ({ signal }) => fetchRequest(id, signal),
    enabled: canUpdate && Boolean(id),
  });
  const frame = (content: ReactNode) => (
    <PageFrame title="Edit request" actions={<BackToRequestsButton />}>
      {content}
    </PageFrame>
  );
  if (rights.isLoading) return frame(<Skeleton h={360} maw={640} radius="md" />);
  if (!canUpdate || isForbidden(request.error)) {
    return frame(
      <Panel>
        <NoAccess>
          Your user type cannot edit document requests. Ask an owner or admin if you need to.
        </NoAccess>
      </Panel>,
    );
  }
  if (request.isPending)
    return frame(<Skeleton h={360} maw={640} radius="md" aria-label="Loading the request" />);
  if (request.isError) {
    return frame(<QueryFailure query={request} title="Could not load the request" />);
  }
  return frame(<RequestForm key={request.data._id} mode="edit" existing={request.data} />);
}
