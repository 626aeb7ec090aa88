import { Skeleton, Tabs } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { formatFullName, formatInitials } from '../../shared/format/name';
import { LoadError, PageFrame } from '../../shared/ui/page-kit';
import { fetchContactProfile } from './contact-account-api';
import {
  CONTACT_PROFILE_KEY,
  ContactDetailsForm,
  ContactMarkPanel,
  ContactPasswordForm,
} from './contact-profile-parts';

/** /ap/profile: the signed-in contact's details, password, signature and initials. */
export function ContactProfileScreen() {
  usePageTitle('Profile');
  const profile = useQuery({ queryKey: CONTACT_PROFILE_KEY, queryFn: fetchContactProfile });
  let body;
  if (profile.isPending) body = <Skeleton h={240} radius="md" aria-label="Loading your profile" />;
  else if (profile.isError)
    body = (
      <LoadError
        title="Could not load your profile"
        error={profile.error}
        onRetry={() => void profile.refetch()}
      />
    );
  else {
    const user = profile.data;
    body = (
      <Tabs defaultValue="details" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="details">Details</Tabs.Tab>
          <Tabs.Tab value="password">Password</Tabs.Tab>
          <Tabs.Tab value="signature">Signature</Tabs.Tab>
          <Tabs.Tab value="initial">Initial</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="details" maw={520}>
          <ContactDetailsForm profile={user} />
        </Tabs.Panel>
        <Tabs.Panel value="password" maw={520}>
          <ContactPasswordForm />
        </Tabs.Panel>
        <Tabs.Panel value="signature" maw={720}>
          <ContactMarkPanel kind="signature" defaultText={formatFullName(user)} userId={user._id} />
        </Tabs.Panel>
        <Tabs.Panel value="initial" maw={720}>
          <ContactMarkPanel kind="initial" defaultText={formatInitials(user)} userId={user._id} />
        </Tabs.Panel>
      </Tabs>
    );
  }
  return (
    <PageFrame
      title="Profile"
      description={profile.data ? `${profile.data.email} · ${profile.data.company.name}` : undefined}
    >
      {body}
    </PageFrame>
  );
}
