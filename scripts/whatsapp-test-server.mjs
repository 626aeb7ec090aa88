#!/usr/bin/env node
// A local WhatsApp Business Cloud API test server: the subset of Meta's Graph API the whatsapp
// module calls (pointed here with WHATSAPP_GRAPH_URL=<url>/v21.0), and signed status webhooks
// back (`X-Hub-Signature-256: sha256=<hex HMAC-SHA256 of the raw body with the app secret>`).
// Nothing here reaches the internet.
//
// API tests import it:
//   const wa = await startWhatsappTestServer({ accounts: [{ token, phoneNumberId, wabaId, templates }] });
//   -> { url, graphUrl, close, sent, postStatus({ webhookUrl | deliver, appSecret, wamid, status, ... }) }
// The journeys (or a person trying the screens) run it alone:
//   node scripts/whatsapp-test-server.mjs --port N [--token T --phone-number-id P --waba-id W]
//
// Covered: GET /v21.0/{phone-number-id}?fields=display_phone_number,verified_name,
// GET /v21.0/{waba-id}/message_templates (paged by `after`, 2 per page when `limit=2`),
// POST /v21.0/{phone-number-id}/messages (template messages: recorded, answered with a wamid).
// A token that is not the account's is refused like Meta does (401, OAuthException code 190).
// Control: GET /health, GET /__control/sent (the messages received).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

export const DEFAULT_TEMPLATES = [
  {
    id: '1001',
    name: 'signing_link',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Hello {{1}}, please sign {{2}}: {{3}}' }],
  },
  {
    id: '1002',
    name: 'signing_reminder',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Reminder {{1}}: {{2}} is waiting for you at {{3}}' }],
  },
  {
    id: '1003',
    name: 'form_link',
    language: 'en_US',
    status: 'APPROVED',
    category: 'UTILITY',
    components: [{ type: 'BODY', text: 'Hi {{1}}, please fill in {{2}}: {{3}}' }],
  },
  {
    id: '1004',
    name: 'promo_pending',
    language: 'en_US',
    status: 'PENDING',
    category: 'MARKETING',
    components: [{ type: 'BODY', text: 'Our offer for {{1}}' }],
  },
];

const graphError = (status, message, code, type = 'OAuthException') => ({
  status,
  body: { error: { message, type, code, fbtrace_id: randomBytes(8).toString('hex') } },
});

export function signBody(body, appSecret) {
  return `sha256=${createHmac('sha256', appSecret).update(body).digest('hex')}`;
}

/** A status callback as Meta posts it. */
export function statusPayload({ wabaId, phoneNumberId, wamid, status, recipient, timestamp, errors }) {
  return {
    object: 'whatsapp_business_account',
    entry: [
      {
        id: wabaId,
        changes: [
          {
            field: 'messages',
            value: {
              messaging_product: 'whatsapp',
              metadata: { display_phone_number: '15550001111', phone_number_id: phoneNumberId },
              statuses: [
                {
                  id: wamid,
                  status,
                  timestamp: String(timestamp ?? Math.floor(Date.now() / 1000)),
                  recipient_id: recipient ?? '',
                  ...(errors ? { errors } : {}),
                },
              ],
            },
          },
        ],
      },
    ],
  };
}

export async function startWhatsappTestServer(options = {}) {
  const { port = 0, host = '127.0.0.1' } = options;
  /** token -> { phoneNumberId, wabaId, templates } */
  const accounts = (options.accounts ?? []).map((a) => ({ templates: DEFAULT_TEMPLATES, ...a }));
  const sent = [];
  const find = (token) => accounts.find((a) => a.token === token);

  async function handle(req, res) {
    const url = new URL(req.url, 'http://localhost');
    const send = (status, body) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/health') return send(200, { ok: true });
    if (url.pathname === '/__control/sent') return send(200, { sent });
    const parts = url.pathname.split('/').filter(Boolean);
    if (parts[0] !== 'v21.0')
      return send(404, graphError(404, 'Unknown path', 100, 'GraphMethodException').body);
    const token = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const account = find(token);
    if (!account) {
      const e = graphError(401, 'Error validating access token: The session is invalid.', 190);
      return send(e.status, e.body);
    }
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const text = Buffer.concat(chunks).toString('utf8');

    const unknownObject = () => {
      const e = graphError(
        400,
        `Unsupported request. Object with ID '${parts[1]}' does not exist`,
        100,
        'GraphMethodException',
      );
      return send(e.status, e.body);
    };
    // GET /{phone-number-id}
    if (req.method === 'GET' && parts.length === 2) {
      if (parts[1] !== account.phoneNumberId) {
        return unknownObject();
      }
      return send(200, {
        id: account.phoneNumberId,
        display_phone_number: account.displayPhoneNumber ?? '+1 555-000-1111',
        verified_name: account.verifiedName ?? 'Test Business',
      });
    }
    // GET /{waba-id}/message_templates
    if (req.method === 'GET' && parts.length === 3 && parts[2] === 'message_templates') {
      if (parts[1] !== account.wabaId) {
        return unknownObject();
      }
      const asked = Math.max(1, Number(url.searchParams.get('limit') ?? 25) || 25);
      const limit = Math.min(asked, options.pageSize ?? asked);
      const after = Number(url.searchParams.get('after') ?? 0) || 0;
      const data = account.templates.slice(after, after + limit);
      const next = after + limit < account.templates.length;
      const base = `http://${req.headers.host}${url.pathname}`;
      return send(200, {
        data,
        paging: {
          cursors: { before: String(after), after: String(after + limit) },
          ...(next ? { next: `${base}?limit=${limit}&after=${after + limit}` } : {}),
        },
      });
    }
    // POST /{phone-number-id}/messages
    if (req.method === 'POST' && parts.length === 3 && parts[2] === 'messages') {
      if (parts[1] !== account.phoneNumberId) {
        return unknownObject();
      }
      let body;
      try {
        body = JSON.parse(text);
      } catch {
        const e = graphError(400, 'Invalid JSON', 100, 'OAuthException');
        return send(e.status, e.body);
      }
      const template = account.templates.find(
        (t) => t.name === body?.template?.name && t.language === body?.template?.language?.code,
      );
      if (body?.messaging_product !== 'whatsapp' || body?.type !== 'template' || !template) {
        const e = graphError(
          400,
          '(#132001) Template name does not exist in the translation',
          132001,
          'OAuthException',
        );
        return send(e.status, e.body);
      }
      if (template.status !== 'APPROVED') {
        const e = graphError(400, '(#132015) Template is paused or not approved', 132015, 'OAuthException');
        return send(e.status, e.body);
      }
      if (options.failNextSend) {
        const status = options.failNextSend;
        options.failNextSend = undefined;
        return send(status, graphError(status, 'Service temporarily unavailable', 2, 'OAuthException').body);
      }
      const wamid = `wamid.${randomBytes(16).toString('hex')}`;
      sent.push({ wamid, phoneNumberId: parts[1], body });
      return send(200, {
        messaging_product: 'whatsapp',
        contacts: [{ input: body.to, wa_id: body.to }],
        messages: [{ id: wamid }],
      });
    }
    return send(404, graphError(404, 'Unknown path', 100, 'GraphMethodException').body);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(err) } }));
    });
  });
  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const url = `http://${host}:${address.port}`;
  return {
    url,
    graphUrl: `${url}/v21.0`,
    sent,
    options,
    addAccount: (a) => accounts.push({ templates: DEFAULT_TEMPLATES, ...a }),
    /**
     * Posts a status callback, signed with `appSecret` (or `signature` as given), to `webhookUrl`
     * or through `deliver({ body, headers })` (a test's inject); answers the HTTP status.
     */
    async postStatus({ webhookUrl, deliver, appSecret, signature, ...status }) {
      const body = JSON.stringify(statusPayload(status));
      const headers = {
        'content-type': 'application/json',
        'x-hub-signature-256': signature ?? signBody(body, appSecret),
      };
      if (deliver) return deliver({ body, headers });
      const res = await fetch(webhookUrl, { method: 'POST', headers, body });
      return res.status;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '4790' },
      token: { type: 'string', default: 'EAAtesttoken0000000000000000' },
      'phone-number-id': { type: 'string', default: '100000000000001' },
      'waba-id': { type: 'string', default: '200000000000001' },
    },
  });
  const server = await startWhatsappTestServer({
    port: Number(values.port),
    accounts: [{ token: values.token, phoneNumberId: values['phone-number-id'], wabaId: values['waba-id'] }],
  });
  console.log(`WhatsApp test server on ${server.graphUrl}`);
}
