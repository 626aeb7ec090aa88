import { Button, Group, SimpleGrid, Skeleton, Text } from '@mantine/core';
import {
  IconFileText,
  IconForms,
  IconGitBranch,
  IconLayoutDashboard,
  IconUserCircle,
} from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame } from '../../shared/ui/page-kit';
import {
  CONTACT_AREA_KEYS,
  fetchContactDocuments,
  fetchContactForms,
  useContactDetails,
} from './contact-area-api';
import { CountCard, FormToFillRow, ShortList, WaitingDocumentRow } from './dashboard-panels';
import { isFormToFill } from './form-state';

const SHORTCUTS = [
  { label: 'All documents', to: '/ap/documents', icon: IconFileText },
  { label: 'Forms', to: '/ap/formbuilder', icon: IconForms },
  { label: 'Workflows', to: '/ap/workflows', icon: IconGitBranch },
  { label: 'Your profile', to: '/ap/profile', icon: IconUserCircle },
];

/** The custom dashboards of the contact's type (`/ap/custom/dashboard/{contact_type_id}`), when they have a type. */
const dashboardsShortcut = (contactTypeId: string | undefined) =>
  contactTypeId
    ? [{ label: 'Dashboards', to: `/ap/custom/dashboard/${contactTypeId}`, icon: IconLayoutDashboard }]
    : [];

const failureOf = (query: { isError: boolean; error: unknown; refetch: () => unknown }) =>
  query.isError ? { error: query.error, retry: () => void query.refetch() } : undefined;

const WAITING = { page: 1, limit: 5, filter: 'waiting' as const };
/** Contacts have a handful of forms: one page is all of them. */
const FORMS = { page: 1, limit: 100 };

/**
 * `/ap/dashboard`: the contact's welcome, how many documents wait for their signature and how
 * many forms for them to fill (the first few of each, ready to act on), and shortcuts.
 */
export function ContactDashboardScreen() {
  usePageTitle('Dashboard');
  const me = useContactDetails();
  const documents = useQuery({
    queryKey: CONTACT_AREA_KEYS.documents(WAITING),
    queryFn: ({ signal }) => fetchContactDocuments(WAITING, signal),
  });
  const forms = useQuery({
    queryKey: CONTACT_AREA_KEYS.forms(FORMS),
    queryFn: ({ signal }) => fetchContactForms(FORMS, signal),
  });
  const toFill = forms.data?.data.filter(isFormToFill);
  const company = me?.company?.name ?? me?.company_name;
  return (
    <PageFrame
      title={me?.first_name ? `Welcome, ${me.first_name}` : 'Welcome'}
      description={company ? `Your documents and forms with ${company}.` : 'Your documents and forms.'}
    >
      <SimpleGrid cols={2} spacing={{ base: 'sm', sm: 'md' }}>
        <CountCard
          icon={IconFileText}
          color="orange"
          count={documents.isError ? null : documents.data?.total}
          label={documents.data?.total === 1 ? 'document waits for you' : 'documents wait for you'}
          to="/ap/documents"
          testId="count-documents"
        />
        <CountCard
          icon={IconForms}
          color="blue"
          count={forms.isError ? null : toFill?.length}
          label={toFill?.length === 1 ? 'form to fill' : 'forms to fill'}
          to="/ap/formbuilder"
          testId="count-forms"
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <ShortList
          title="Waiting for your signature"
          allTo="/ap/documents"
          empty={documents.data?.total === 0 ? 'Nothing waits for you. You are all caught up.' : null}
          failure={failureOf(documents)}
        >
          {documents.data ? (
            documents.data.data.map((doc) => <WaitingDocumentRow key={doc._id} document={doc} />)
          ) : (
            <Skeleton h={80} />
          )}
        </ShortList>
        <ShortList
          title="Forms to fill"
          allTo="/ap/formbuilder"
          empty={toFill?.length === 0 ? 'No form waits for you.' : null}
          failure={failureOf(forms)}
        >
          {toFill ? (
            toFill.slice(0, 5).map((f) => <FormToFillRow key={f._id} form={f} />)
          ) : (
            <Skeleton h={80} />
          )}
        </ShortList>
      </SimpleGrid>
      <div>
        <Text fw={600} mb="xs">
          Shortcuts
        </Text>
        <Group gap="sm">
          {[...dashboardsShortcut(me?.contact_type?._id), ...SHORTCUTS].map(({ label, to, icon: Icon }) => (
            <Button key={to} variant="default" component={Link} to={to} leftSection={<Icon size={16} />}>
              {label}
            </Button>
          ))}
        </Group>
      </div>
    </PageFrame>
  );
}
