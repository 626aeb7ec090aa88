/*
 * The WhatsApp Business Cloud API over plain HTTPS (Meta's Graph API): the three calls this module
 * makes. The base URL is the config's WHATSAPP_GRAPH_URL (default https://graph.facebook.com/v21.0; the tests'
 * local server, scripts/whatsapp-test-server.mjs, speaks the same subset).
 */

const TIMEOUT_MS = 15_000;

/** A refusal or failure of the Cloud API: `status` 0 is no answer (network, timeout). */
export class GraphError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
  ) {
    super(message);
    this.name = 'GraphError';
  }

  /** The token or the ids were refused: the operator must fix the account, a retry will not help. */
  get permanent(): boolean {
    return this.status >= 400 && this.status < 500 && this.status !== 429;
  }
}

/** Where the calls go, and with which token. */
export type GraphAuth = { base: string; token: string };

type GraphBody = {
  error?: { message?: string; code?: number; error_user_msg?: string };
  [key: string]: unknown;
};

async function call(
  auth: GraphAuth,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
): Promise<GraphBody> {
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      headers: {
        authorization: `Bearer ${auth.token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (err) {
    throw new GraphError(`The Cloud API did not answer: ${(err as Error).message}`, 0, null);
  }
  const text = await res.text();
  let json: GraphBody = {};
  try {
    json = text ? (JSON.parse(text) as GraphBody) : {};
  } catch {
    json = {};
  }
  if (!res.ok) {
    const e = json.error;
    const message = e?.error_user_msg || e?.message || `HTTP ${res.status}`;
    throw new GraphError(message.slice(0, 500), res.status, typeof e?.code === 'number' ? e.code : null);
  }
  return json;
}

export type PhoneNumberInfo = { displayPhoneNumber: string; verifiedName: string };

/** `GET /{phone-number-id}`: the number's display form and verified name (tries the token and id). */
export async function fetchPhoneNumber(auth: GraphAuth, phoneNumberId: string): Promise<PhoneNumberInfo> {
  const url = `${auth.base}/${encodeURIComponent(phoneNumberId)}?fields=display_phone_number,verified_name`;
  const json = await call(auth, 'GET', url);
  return {
    displayPhoneNumber: typeof json.display_phone_number === 'string' ? json.display_phone_number : '',
    verifiedName: typeof json.verified_name === 'string' ? json.verified_name : '',
  };
}

export type GraphTemplate = {
  id: string;
  name: string;
  language: string;
  status: string;
  category: string;
  body: string;
  parameters: number;
};

type RawTemplate = {
  id?: unknown;
  name?: unknown;
  language?: unknown;
  status?: unknown;
  category?: unknown;
  components?: { type?: unknown; text?: unknown }[];
};

/** The highest `{{n}}` of a body text: how many parameters a send must give. */
export function parameterCount(body: string): number {
  let max = 0;
  for (const m of body.matchAll(/\{\{\s*(\d{1,2})\s*\}\}/g)) max = Math.max(max, Number(m[1]));
  return max;
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');

/** At most this many pages of templates are read (100 each). */
const MAX_PAGES = 20;

/** `GET /{waba-id}/message_templates`, every page (the `paging.next` links, same host only). */
export async function fetchTemplates(auth: GraphAuth, wabaId: string): Promise<GraphTemplate[]> {
  const base = auth.base;
  let url: string | null =
    `${base}/${encodeURIComponent(wabaId)}/message_templates?fields=id,name,language,status,category,components&limit=100`;
  const out: GraphTemplate[] = [];
  for (let page = 0; url && page < MAX_PAGES; page++) {
    const json = await call(auth, 'GET', url);
    const data = Array.isArray(json.data) ? (json.data as RawTemplate[]) : [];
    for (const t of data) {
      const bodyText = str((t.components ?? []).find((c) => c?.type === 'BODY')?.text);
      if (!str(t.name) || !str(t.language)) continue;
      out.push({
        id: str(t.id),
        name: str(t.name),
        language: str(t.language),
        status: str(t.status).toUpperCase(),
        category: str(t.category),
        body: bodyText,
        parameters: parameterCount(bodyText),
      });
    }
    const next = str((json.paging as { next?: unknown } | undefined)?.next);
    url = next && new URL(next).origin === new URL(base).origin ? next : null;
  }
  return out;
}

/** `POST /{phone-number-id}/messages`, a template message; answers the message id (wamid). */
export async function sendTemplateMessage(
  auth: GraphAuth,
  phoneNumberId: string,
  input: { to: string; template: string; language: string; parameters: string[] },
): Promise<string> {
  const json = await call(auth, 'POST', `${auth.base}/${encodeURIComponent(phoneNumberId)}/messages`, {
    messaging_product: 'whatsapp',
    recipient_type: 'individual',
    to: input.to,
    type: 'template',
    template: {
      name: input.template,
      language: { code: input.language },
      components:
        input.parameters.length > 0
          ? [{ type: 'body', parameters: input.parameters.map((text) => ({ type: 'text', text })) }]
          : [],
    },
  });
  const id = str((json.messages as { id?: unknown }[] | undefined)?.[0]?.id);
  if (!id) throw new GraphError('The Cloud API answered without a message id', 502, null);
  return id;
}
