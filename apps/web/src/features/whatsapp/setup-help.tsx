import { Alert, List, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { TWhatsappStatus } from '@esigns/contracts/whatsapp';

/** What is still missing before WhatsApp sends anything (the server's list), or nothing when ready. */
export function MissingAlert({ status }: { status: TWhatsappStatus }) {
  if (status.missing.length === 0) return null;
  return (
    <Alert
      color="yellow"
      icon={<IconInfoCircle size={18} />}
      title="What is needed"
      data-testid="whatsapp-missing"
    >
      <List size="sm" spacing={4}>
        {status.missing.map((item) => (
          <List.Item key={item}>{item}</List.Item>
        ))}
      </List>
    </Alert>
  );
}

/** What the operator gets from Meta before connecting (the module README has the details). */
export function SetupSteps() {
  return (
    <List type="ordered" size="sm" spacing={4}>
      <List.Item>
        In Meta Business Suite, a WhatsApp Business account with a phone number: note its{' '}
        <strong>phone number id</strong> and the <strong>WhatsApp Business account id</strong>.
      </List.Item>
      <List.Item>
        A Meta app with the WhatsApp product; its <strong>app secret</strong> (App settings &gt; Basic).
      </List.Item>
      <List.Item>
        A <strong>permanent access token</strong> of a system user with whatsapp_business_messaging and
        whatsapp_business_management.
      </List.Item>
      <List.Item>Message templates approved by Meta, with body parameters such as {'{{1}}'}.</List.Item>
      <List.Item>
        <Text span size="sm">
          After connecting: give Meta the callback URL and verify token shown here (Webhooks, field
          &quot;messages&quot;).
        </Text>
      </List.Item>
    </List>
  );
}
