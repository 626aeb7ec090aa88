import { useState } from 'react';
import { Code, NativeSelect, Stack, Tabs, Text, Title } from '@mantine/core';
import {
  INTEGRATION_EVENT_LABELS,
  INTEGRATION_EVENT_TYPES,
  type IntegrationEventType,
} from '@esigns/contracts/integration-events';
import { WEBHOOK_EXAMPLE_DATA, WEBHOOK_USER_AGENT } from '@esigns/contracts/webhooks';

const NODE_SNIPPET = `// npm install standardwebhooks express
import express from 'express';
import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.WEBHOOK_SECRET); // whsec_...
const app = express();

// The signature covers the raw body: read it as text, not parsed JSON.
app.post('/webhooks/esigns', express.text({ type: 'application/json' }), (req, res) => {
  let event;
  try {
    event = webhook.verify(req.body, req.headers); // checks webhook-signature and the timestamp
  } catch {
    return res.status(400).send('bad signature');
  }
  // webhook-id is the same on every retry: skip ids you already handled.
  console.log(req.headers['webhook-id'], event.type, event.data);
  res.sendStatus(204); // any 2xx within 10 s; anything else is retried
});
app.listen(3000);`;

const SHELL_SNIPPET = `# The values of one request: its webhook-id and webhook-timestamp headers and its raw body.
SECRET='whsec_...'; ID='<webhook-id>'; TS='<webhook-timestamp>'; BODY='<raw body>'
KEY=$(printf '%s' "\${SECRET#whsec_}" | base64 -d | od -An -tx1 | tr -d ' \\n')
printf '%s' "$ID.$TS.$BODY" | openssl dgst -sha256 -mac HMAC -macopt "hexkey:$KEY" -binary | base64
# The request's webhook-signature holds "v1,<that value>" (several, space-separated, while a secret rotates).`;

/** "Try it": what each event type's request looks like, and how to check its signature. */
export function EventExamples() {
  const [type, setType] = useState<IntegrationEventType>('document.completed');
  const payload = JSON.stringify(
    { type, timestamp: '2026-03-04T10:15:00.000Z', data: WEBHOOK_EXAMPLE_DATA[type] },
    null,
    2,
  );
  const headers = [
    'POST /your/endpoint',
    'content-type: application/json',
    `user-agent: ${WEBHOOK_USER_AGENT}`,
    'webhook-id: 0b6f6a57-7c1e-4a4e-9d7e-2f0c1e5a9b11',
    'webhook-timestamp: 1772619300',
    'webhook-signature: v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=',
  ].join('\n');
  return (
    <Stack gap="sm" data-testid="webhook-examples">
      <div>
        <Title order={4}>Try it</Title>
        <Text size="sm" c="dimmed">
          Each event is a signed POST (Standard Webhooks). Pick an event to see its request.
        </Text>
      </div>
      <NativeSelect
        label="Event"
        maw={320}
        data={INTEGRATION_EVENT_TYPES.map((t) => ({ value: t, label: INTEGRATION_EVENT_LABELS[t] }))}
        value={type}
        onChange={(e) => setType(e.currentTarget.value as IntegrationEventType)}
      />
      <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
        {`${headers}\n\n${payload}`}
      </Code>
      <Tabs defaultValue="node">
        <Tabs.List>
          <Tabs.Tab value="node">Verify in Node</Tabs.Tab>
          <Tabs.Tab value="shell">Verify with openssl</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="node" pt="xs">
          <Code block style={{ whiteSpace: 'pre-wrap' }}>
            {NODE_SNIPPET}
          </Code>
        </Tabs.Panel>
        <Tabs.Panel value="shell" pt="xs">
          <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
            {SHELL_SNIPPET}
          </Code>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
