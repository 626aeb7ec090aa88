import { useState, type FormEvent, type ReactNode } from 'react';
import {
  Anchor,
  Autocomplete,
  Box,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Skeleton,
  Stack,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconDeviceFloppy, IconUserPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import {
  ZContactEmail,
  ZCreateContactRequest,
  type TContact,
  type TCreateContactRequest,
} from '@esigns/contracts/contacts';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useAuthForm } from '../auth/use-auth-form';
import { PhoneInput } from '../../shared/ui/account-forms/account-fields';
import { ContactsFrame } from './contacts-frame';
import { WhatsappOptInPanel } from '../whatsapp/contact-opt-in-panel';
import { PortalAccessPanel } from './portal-access-panel';
import { ErrorAlert, LoadError, NoAccess, Panel } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import {
  CONTACT_KEYS,
  checkContactEmail,
  createContact,
  fetchAccountNames,
  fetchContactTypes,
  updateContact,
  useContact,
} from './contacts-api';

type FormValues = {
  email: string;
  first_name: string;
  last_name: string;
  phone: string;
  title: string;
  account_name: string;
  contact_type_id: string;
};
const FIELDS: readonly (keyof FormValues)[] = [
  'email',
  'first_name',
  'last_name',
  'phone',
  'title',
  'account_name',
  'contact_type_id',
];

const EMPTY: FormValues = {
  email: '',
  first_name: '',
  last_name: '',
  phone: '',
  title: '',
  account_name: '',
  contact_type_id: '',
};

function valuesOf(contact: TContact): FormValues {
  return {
    email: contact.email,
    first_name: contact.first_name,
    last_name: contact.last_name,
    phone: contact.phone,
    title: contact.title,
    account_name: contact.account_name,
    contact_type_id: contact.contact_type_id ?? '',
  };
}

/** The request body of the form: the type select's '' means no type. */
function bodyOf(values: FormValues): TCreateContactRequest {
  return { ...values, contact_type_id: values.contact_type_id || null };
}

const TAKEN = 'Another contact already has this email';

function ContactForm({ contact, onDone }: { contact?: TContact; onDone: (saved: TContact) => void }) {
  const rights = useCan();
  const queryClient = useQueryClient();
  const form = useAuthForm<FormValues>(contact ? valuesOf(contact) : EMPTY, FIELDS);
  /** The last availability answer, for the email it was asked about. */
  const [emailCheck, setEmailCheck] = useState<{ email: string; available: boolean } | null>(null);
  const [accountSearch] = useDebouncedValue(form.values.account_name.trim(), 250);

  const types = useQuery({
    queryKey: CONTACT_KEYS.types,
    queryFn: ({ signal }) => fetchContactTypes(signal),
  });
  const accounts = useQuery({
    queryKey: CONTACT_KEYS.accountNames(accountSearch),
    queryFn: ({ signal }) => fetchAccountNames(accountSearch, signal),
  });

  const save = useMutation({
    mutationFn: (body: TCreateContactRequest) =>
      contact ? updateContact(contact._id, body) : createContact(body),
    onSuccess: (saved) => {
      notifications.show({
        color: 'teal',
        title: contact ? 'Contact updated' : 'Contact added',
        message: saved.email,
      });
      void queryClient.invalidateQueries({ queryKey: CONTACT_KEYS.all });
      onDone(saved);
    },
    onError: (error) => {
      if (isApiError(error) && error.status === 409 && error.hasCode('CONTACT_EMAIL_EXISTS')) {
        form.setCritical(null);
        form.setErrors({ email: error.message });
        return;
      }
      form.showError(error);
    },
  });

  /** Tells at once when the email belongs to another contact (the server checks again on save). */
  const checkEmail = async () => {
    const parsed = ZContactEmail.safeParse(form.values.email);
    if (!parsed.success) return;
    if (contact && parsed.data === contact.email) return;
    try {
      const result = await checkContactEmail(parsed.data, contact?._id);
      setEmailCheck({ email: parsed.data, available: result.available });
    } catch {
      // The check is a convenience: saving reports the real answer.
    }
  };

  const normalisedEmail = form.values.email.trim().toLowerCase();
  const isEmailTaken = emailCheck?.email === normalisedEmail && !emailCheck.available;
  const isEmailFree = emailCheck?.email === normalisedEmail && emailCheck.available;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The checked values go out as the schema leaves them (trimmed, email lowercased).
    const body = form.check(ZCreateContactRequest, bodyOf(form.values));
    if (body && !isEmailTaken) save.mutate(body);
  };
  const typeOptions = [
    { value: '', label: 'No type' },
    ...(types.data ?? []).map((type) => ({ value: type._id, label: type.name })),
  ];

  return (
    <form onSubmit={submit} noValidate aria-label={contact ? 'Edit contact' : 'Add contact'}>
      <Stack gap="md">
        {form.critical && <ErrorAlert>{form.critical}</ErrorAlert>}
        <TextInput
          {...form.inputProps('email')}
          onChange={(event) => form.setValue('email', event.currentTarget.value)}
          error={form.errors.email ?? (isEmailTaken ? TAKEN : undefined)}
          onBlur={() => void checkEmail()}
          label="Email"
          type="email"
          inputMode="email"
          autoComplete="off"
          placeholder="name@example.com"
          required
          data-autofocus
          rightSection={
            isEmailFree && !form.errors.email ? (
              <IconCheck size={16} color="var(--mantine-color-teal-6)" aria-label="Email is free" />
            ) : undefined
          }
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <TextInput {...form.inputProps('first_name')} label="First name" required autoComplete="off" />
          <TextInput {...form.inputProps('last_name')} label="Last name" autoComplete="off" />
          <PhoneInput {...form.inputProps('phone')} autoComplete="off" />
          <TextInput {...form.inputProps('title')} label="Title" placeholder="Director" autoComplete="off" />
          <Autocomplete
            label="Account name"
            description="The organisation the contact belongs to"
            name="account_name"
            value={form.values.account_name}
            onChange={(value) => form.setValue('account_name', value)}
            error={form.errors.account_name}
            data={accounts.data ?? []}
            autoComplete="off"
          />
          <NativeSelect
            label="Contact type"
            description={
              rights.can('contact-types:view') ? (
                <Anchor component={Link} to="/contact-types" size="xs">
                  Manage contact types
                </Anchor>
              ) : (
                'Buyer, tenant, vendor…'
              )
            }
            name="contact_type_id"
            value={form.values.contact_type_id}
            onChange={(event) => form.setValue('contact_type_id', event.currentTarget.value)}
            error={form.errors.contact_type_id}
            disabled={types.isPending}
            data={typeOptions}
          />
        </SimpleGrid>
        <Group justify="flex-end" gap="sm" mt="xs">
          <Button component={Link} to="/contacts" variant="default" disabled={save.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            loading={save.isPending}
            leftSection={contact ? <IconDeviceFloppy size={16} /> : <IconUserPlus size={16} />}
          >
            {contact ? 'Save changes' : 'Add contact'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function FormPanel({ children }: { children: ReactNode }) {
  return (
    <Panel>
      <Box p={{ base: 'md', sm: 'xl' }}>{children}</Box>
    </Panel>
  );
}

/** /contacts/add: a new contact; the email is checked against the address book as it is typed. */
export function AddContactScreen() {
  usePageTitle('Add contact');
  const rights = useCan();
  const navigate = useNavigate();
  const frame = (content: ReactNode) => (
    <ContactsFrame maw={760} title="Add contact" description="Someone you send documents to.">
      {content}
    </ContactsFrame>
  );
  if (rights.isLoading) return frame(<Skeleton h={360} radius="md" aria-busy="true" />);
  if (!rights.can('contacts:create')) {
    return frame(
      <Panel>
        <NoAccess>Your user type cannot add contacts. Ask an owner or admin if you need access.</NoAccess>
      </Panel>,
    );
  }
  return frame(
    <FormPanel>
      <ContactForm onDone={() => void navigate('/contacts')} />
    </FormPanel>,
  );
}

/** /contacts/edit/{contact_id}: change a contact. */
export function EditContactScreen() {
  usePageTitle('Edit contact');
  const rights = useCan();
  const navigate = useNavigate();
  const { contact_id: id = '' } = useParams();
  const canUpdate = rights.can('contacts:update');
  const contact = useContact(id, canUpdate);
  const frame = (content: ReactNode) => (
    <ContactsFrame
      maw={760}
      title="Edit contact"
      description="Changes apply to documents you send from now on."
    >
      {content}
    </ContactsFrame>
  );
  if (rights.isLoading) return frame(<Skeleton h={360} radius="md" aria-busy="true" />);
  if (!canUpdate) {
    return frame(
      <Panel>
        <NoAccess>Your user type cannot change contacts. Ask an owner or admin if you need access.</NoAccess>
      </Panel>,
    );
  }
  if (contact.isError) {
    const isMissing = isApiError(contact.error) && contact.error.status === 404;
    return frame(
      <Panel>
        {isMissing ? (
          <NoAccess title="Contact not found">
            This contact does not exist or was deleted.{' '}
            <Anchor component={Link} to="/contacts">
              Back to contacts
            </Anchor>
          </NoAccess>
        ) : (
          <LoadError
            title="Could not load the contact"
            error={contact.error}
            onRetry={() => void contact.refetch()}
          />
        )}
      </Panel>,
    );
  }
  if (!contact.data) return frame(<Skeleton h={360} radius="md" aria-busy="true" />);
  return frame(
    <Stack gap="lg">
      <FormPanel>
        <ContactForm
          key={contact.data._id}
          contact={contact.data}
          onDone={() => void navigate('/contacts')}
        />
      </FormPanel>
      <PortalAccessPanel contactId={contact.data._id} canUpdate={canUpdate} />
      <WhatsappOptInPanel contactId={contact.data._id} canUpdate={canUpdate} />
    </Stack>,
  );
}
