import { Button, Stack } from '@mantine/core';
import { IconClockExclamation } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { AccountHeader } from '../../shared/ui/account-forms/account-header';
import { signOutContact } from './contact-session';

/**
 * /ap/expire (behind the contact guard, as the spec lists it): the contact's session is over:
 * "Sign in again" ends it and opens the company's contact sign-in page. A signed-out visitor
 * is sent to that page by the guard itself.
 */
export function ContactExpireScreen() {
  const queryClient = useQueryClient();
  usePageTitle('Session expired');
  return (
    <Stack gap="md" maw={420} mx="auto" py="xl" data-testid="contact-expire">
      <AccountHeader
        title="Your session has expired"
        description="For your security, sign in again to continue."
        icon={<IconClockExclamation size={28} stroke={1.6} />}
      />
      <Button onClick={() => void signOutContact(queryClient)} fullWidth>
        Sign in again
      </Button>
    </Stack>
  );
}
