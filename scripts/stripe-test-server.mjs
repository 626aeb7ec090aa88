#!/usr/bin/env node
// A local Stripe-compatible test server: the subset of Stripe's API the payment gateway calls
// through the official SDK (pointed here with STRIPE_API_URL), a hosted checkout page with Pay /
// Fail / Cancel buttons, and signed webhook deliveries (`Stripe-Signature: t=..,v1=HMAC-SHA256 of
// "t.body"`, what `stripe.webhooks.constructEvent` checks). Nothing here reaches the internet.
//
// API tests import it:
//   const stripe = await startStripeTestServer({ webhookUrl, webhookSecret, deliver? });
//   -> { url, port, close, state, completeCheckout(id, outcome), advanceSubscription(id),
//        resend(eventId), setWebhookEndpoint(apiKey, { url?, secret, deliver? }) }
// The journeys run it as a webServer:
//   node scripts/stripe-test-server.mjs --port N --webhook-url U --webhook-secret S
//
// Covered (form-encoded like Stripe): customers (create, retrieve), products, prices, coupons
// (create, retrieve), checkout sessions (payment and subscription mode: create, retrieve,
// expire), payment_intents (retrieve), subscriptions (retrieve, cancel), invoices (retrieve),
// webhook_endpoints (create: answers its secret; later events of that key go there).
// Control: GET /health, POST /__control/checkout/{id}/{pay|fail|cancel},
// POST /__control/subscriptions/{id}/advance (one more period paid: `invoice.paid`),
// GET /__control/state (sessions, events delivered).
import { createHmac, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { parseArgs } from 'node:util';

const API_VERSION = '2025-01-01.test';
const DAY = 86_400;

const newId = (prefix) => `${prefix}_test_${randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

/** `a[b][0][c]=1` form fields -> nested objects and arrays (Stripe's encoding). */
export function parseForm(text) {
  const root = {};
  for (const [rawKey, value] of new URLSearchParams(text)) {
    const parts = rawKey.replace(/\]/g, '').split('[');
    let node = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]);
      if (last) node[part] = value;
      else node = node[part] ??= nextIsIndex ? [] : {};
    });
  }
  return root;
}

const int = (value, fallback = 0) => {
  const n = Number(value);
  return Number.isInteger(n) ? n : fallback;
};

class StripeError extends Error {
  constructor(status, message, type = 'invalid_request_error', param) {
    super(message);
    this.status = status;
    this.body = { error: { type, message, ...(param ? { param } : {}) } };
  }
}

export function signPayload(payload, secret, timestamp = now()) {
  const v1 = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex');
  return `t=${timestamp},v1=${v1}`;
}

export async function startStripeTestServer(options = {}) {
  const { webhookUrl, webhookSecret = 'whsec_test_default', deliver, port = 0, host = '127.0.0.1' } = options;
  const state = {
    customers: new Map(),
    products: new Map(),
    prices: new Map(),
    coupons: new Map(),
    sessions: new Map(),
    paymentIntents: new Map(),
    subscriptions: new Map(),
    invoices: new Map(),
    events: [],
    /** apiKey -> { url, secret, deliver } */
    endpoints: new Map(),
    idempotency: new Map(),
    /** The API key each object was made with (its events go to that key's endpoint). */
    keyOf: new Map(),
  };
  let baseUrl = '';

  const endpointOf = (apiKey) =>
    state.endpoints.get(apiKey) ?? { url: webhookUrl, secret: webhookSecret, deliver };

  async function post(endpoint, payload, signature) {
    const headers = { 'content-type': 'application/json', 'stripe-signature': signature };
    if (endpoint.deliver) return endpoint.deliver({ body: payload, headers, url: endpoint.url });
    if (!endpoint.url) return 0;
    try {
      const res = await fetch(endpoint.url, { method: 'POST', headers, body: payload });
      return res.status;
    } catch {
      return 0;
    }
  }

  async function emit(apiKey, type, object) {
    const event = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      livemode: false,
      pending_webhooks: 1,
      type,
      data: { object: structuredClone(object) },
    };
    const record = { event, apiKey, deliveries: [] };
    state.events.push(record);
    await deliverRecord(record);
    return event;
  }

  /**
   * Events caused by an API call are delivered after its answer, as Stripe does (the caller may
   * hold a database transaction while it waits for the answer). The hosted page's buttons deliver
   * before redirecting, so the return page finds the outcome recorded.
   */
  const pending = new Set();
  function emitLater(apiKey, type, object) {
    const copy = structuredClone(object);
    const job = new Promise((resolve) => setTimeout(resolve, 5))
      .then(() => emit(apiKey, type, copy))
      .catch(() => {})
      .finally(() => pending.delete(job));
    pending.add(job);
  }
  /** Waits for the events still to be delivered. */
  async function settled() {
    while (pending.size > 0) await Promise.all([...pending]);
  }

  async function deliverRecord(record) {
    const endpoint = endpointOf(record.apiKey);
    const payload = JSON.stringify(record.event, null, 2);
    const status = await post(endpoint, payload, signPayload(payload, endpoint.secret));
    record.deliveries.push({ at: Date.now(), status });
    return status;
  }

  /** Delivers an event again (the same id): receivers must not act twice. */
  async function resend(eventId) {
    const record = state.events.find((r) => r.event.id === eventId);
    if (!record) throw new Error(`No event ${eventId}`);
    return deliverRecord(record);
  }

  function sessionTotal(session) {
    const subtotal = session.line_items.reduce((sum, li) => sum + li.amount * li.quantity, 0);
    const coupon = session.discounts?.[0]?.coupon
      ? state.coupons.get(session.discounts[0].coupon)
      : undefined;
    let discount = 0;
    if (coupon?.amount_off) discount = Math.min(subtotal, coupon.amount_off);
    else if (coupon?.percent_off) discount = Math.round((subtotal * coupon.percent_off) / 100);
    return { subtotal, total: subtotal - discount };
  }

  function ensureCustomer(apiKey, email) {
    const customer = { id: newId('cus'), object: 'customer', email: email ?? null, name: null, metadata: {} };
    state.customers.set(customer.id, customer);
    state.keyOf.set(customer.id, apiKey);
    return customer;
  }

  function createSession(apiKey, p) {
    const mode = p.mode;
    if (!['payment', 'subscription'].includes(mode))
      throw new StripeError(400, 'Invalid mode', undefined, 'mode');
    if (!p.success_url)
      throw new StripeError(400, 'Missing required param: success_url.', undefined, 'success_url');
    const items = Array.isArray(p.line_items) ? p.line_items : [];
    if (items.length === 0)
      throw new StripeError(400, 'Missing required param: line_items.', undefined, 'line_items');
    let currency;
    let interval = null;
    const lineItems = items.map((item, i) => {
      const priceData = item.price_data ?? (item.price ? state.prices.get(item.price) : undefined);
      if (!priceData)
        throw new StripeError(400, `Missing price for line_items[${i}]`, undefined, `line_items[${i}]`);
      const amount = int(priceData.unit_amount, -1);
      if (amount < 0)
        throw new StripeError(
          400,
          'Invalid unit_amount',
          undefined,
          `line_items[${i}][price_data][unit_amount]`,
        );
      currency = priceData.currency;
      if (priceData.recurring?.interval) interval = priceData.recurring.interval;
      return {
        id: newId('li'),
        object: 'item',
        description: priceData.product_data?.name ?? priceData.nickname ?? 'Item',
        amount,
        quantity: int(item.quantity, 1),
        currency,
      };
    });
    if (mode === 'subscription' && !interval) {
      throw new StripeError(400, 'Subscription mode needs a recurring price', undefined, 'line_items');
    }
    const customer = p.customer ? state.customers.get(p.customer) : undefined;
    const session = {
      id: newId('cs'),
      object: 'checkout.session',
      mode,
      status: 'open',
      payment_status: 'unpaid',
      currency,
      line_items: lineItems,
      interval,
      discounts: p.discounts ? p.discounts.map((d) => ({ coupon: d.coupon })) : [],
      client_reference_id: p.client_reference_id ?? null,
      customer: customer?.id ?? null,
      customer_email: p.customer_email ?? null,
      metadata: p.metadata ?? {},
      payment_intent_data: p.payment_intent_data ?? {},
      subscription_data: p.subscription_data ?? {},
      success_url: p.success_url,
      cancel_url: p.cancel_url ?? null,
      payment_intent: null,
      subscription: null,
      invoice: null,
      livemode: false,
      created: now(),
      expires_at: now() + DAY,
      url: null,
    };
    const totals = sessionTotal(session);
    session.amount_subtotal = totals.subtotal;
    session.amount_total = totals.total;
    session.url = `${baseUrl}/checkout/${session.id}`;
    state.sessions.set(session.id, session);
    state.keyOf.set(session.id, apiKey);
    return session;
  }

  const publicSession = (session) => {
    const {
      line_items: _items,
      interval: _interval,
      payment_intent_data: _p,
      subscription_data: _s,
      ...rest
    } = session;
    return rest;
  };

  function periodEnd(start, interval) {
    const d = new Date(start * 1000);
    if (interval === 'year') d.setUTCFullYear(d.getUTCFullYear() + 1);
    else d.setUTCMonth(d.getUTCMonth() + 1);
    return Math.floor(d.getTime() / 1000);
  }

  function newInvoice(subscription, billingReason, amount) {
    const invoice = {
      id: newId('in'),
      object: 'invoice',
      status: 'paid',
      paid: true,
      billing_reason: billingReason,
      customer: subscription.customer,
      subscription: subscription.id,
      parent: {
        type: 'subscription_details',
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      currency: subscription.currency,
      amount_due: amount,
      amount_paid: amount,
      period_start: subscription.current_period_start,
      period_end: subscription.current_period_end,
      lines: {
        object: 'list',
        data: [
          {
            id: newId('il'),
            object: 'line_item',
            amount,
            currency: subscription.currency,
            period: { start: subscription.current_period_start, end: subscription.current_period_end },
          },
        ],
      },
      created: now(),
    };
    state.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** The hosted page's buttons: 'pay', 'fail' or 'cancel'. Answers where the browser goes next. */
  async function completeCheckout(sessionId, outcome) {
    const session = state.sessions.get(sessionId);
    if (!session) throw new StripeError(404, `No such checkout.session: '${sessionId}'`, undefined, 'id');
    if (session.status !== 'open') throw new StripeError(400, `This Checkout Session is ${session.status}`);
    const apiKey = state.keyOf.get(session.id);
    if (outcome === 'cancel') {
      // The payer gave up: Stripe would expire the session after 24 h; the test server at once.
      session.status = 'expired';
      await emit(apiKey, 'checkout.session.expired', publicSession(session));
      return session.cancel_url ?? session.success_url;
    }
    if (!session.customer) session.customer = ensureCustomer(apiKey, session.customer_email).id;
    const paid = outcome === 'pay';
    session.status = 'complete';
    if (session.mode === 'payment') {
      const intent = {
        id: newId('pi'),
        object: 'payment_intent',
        amount: session.amount_total,
        currency: session.currency,
        customer: session.customer,
        status: paid ? 'succeeded' : 'requires_payment_method',
        metadata: session.payment_intent_data.metadata ?? {},
        last_payment_error: paid ? null : { message: 'Your card was declined.', code: 'card_declined' },
      };
      state.paymentIntents.set(intent.id, intent);
      session.payment_intent = intent.id;
    } else if (paid) {
      const start = now();
      const subscription = {
        id: newId('sub'),
        object: 'subscription',
        status: 'active',
        customer: session.customer,
        currency: session.currency,
        interval: session.interval,
        amount: sessionTotal({ ...session, discounts: [] }).subtotal,
        current_period_start: start,
        current_period_end: periodEnd(start, session.interval),
        metadata: session.subscription_data.metadata ?? {},
        cancel_at_period_end: false,
        canceled_at: null,
      };
      state.subscriptions.set(subscription.id, subscription);
      state.keyOf.set(subscription.id, apiKey);
      session.subscription = subscription.id;
      const invoice = newInvoice(subscription, 'subscription_create', session.amount_total);
      session.invoice = invoice.id;
      await emit(apiKey, 'invoice.paid', invoice);
    }
    session.payment_status = paid ? 'paid' : 'unpaid';
    await emit(apiKey, 'checkout.session.completed', publicSession(session));
    if (!paid) {
      if (session.payment_intent) {
        await emit(apiKey, 'payment_intent.payment_failed', state.paymentIntents.get(session.payment_intent));
      }
      await emit(apiKey, 'checkout.session.async_payment_failed', publicSession(session));
    }
    return session.success_url;
  }

  /** One more period of a subscription paid: `invoice.paid` with billing reason subscription_cycle. */
  async function advanceSubscription(subscriptionId) {
    const subscription = state.subscriptions.get(subscriptionId);
    if (!subscription)
      throw new StripeError(404, `No such subscription: '${subscriptionId}'`, undefined, 'id');
    if (subscription.status !== 'active')
      throw new StripeError(400, `The subscription is ${subscription.status}`);
    subscription.current_period_start = subscription.current_period_end;
    subscription.current_period_end = periodEnd(subscription.current_period_start, subscription.interval);
    const invoice = newInvoice(subscription, 'subscription_cycle', subscription.amount);
    await emit(state.keyOf.get(subscription.id), 'invoice.paid', invoice);
    return invoice;
  }

  function setWebhookEndpoint(apiKey, endpoint) {
    state.endpoints.set(apiKey, endpoint);
  }

  function retrieve(map, id, what) {
    const object = map.get(id);
    if (!object) throw new StripeError(404, `No such ${what}: '${id}'`, undefined, 'id');
    return object;
  }

  async function api(method, path, apiKey, params) {
    const [, resource, id, action] = path.split('/').slice(1); // ['v1', resource, id, action]
    const route = `${method} ${resource}${id ? '/:id' : ''}${action ? `/${action}` : ''}`;
    switch (route) {
      case 'POST customers': {
        const customer = ensureCustomer(apiKey, params.email);
        customer.name = params.name ?? null;
        customer.metadata = params.metadata ?? {};
        return customer;
      }
      case 'GET customers/:id':
        return retrieve(state.customers, id, 'customer');
      case 'POST products': {
        const product = {
          id: newId('prod'),
          object: 'product',
          name: params.name,
          active: true,
          metadata: params.metadata ?? {},
        };
        state.products.set(product.id, product);
        return product;
      }
      case 'POST prices': {
        const price = {
          id: newId('price'),
          object: 'price',
          currency: params.currency,
          unit_amount: int(params.unit_amount),
          product: params.product,
          recurring: params.recurring ?? null,
          nickname: params.nickname ?? null,
        };
        state.prices.set(price.id, price);
        return price;
      }
      case 'POST coupons': {
        const coupon = {
          id: params.id ?? newId('coupon'),
          object: 'coupon',
          amount_off: params.amount_off ? int(params.amount_off) : null,
          percent_off: params.percent_off ? Number(params.percent_off) : null,
          currency: params.currency ?? null,
          duration: params.duration ?? 'once',
          name: params.name ?? null,
          valid: true,
        };
        if (!coupon.amount_off && !coupon.percent_off)
          throw new StripeError(400, 'Coupons need amount_off or percent_off');
        state.coupons.set(coupon.id, coupon);
        return coupon;
      }
      case 'GET coupons/:id':
        return retrieve(state.coupons, id, 'coupon');
      case 'POST webhook_endpoints': {
        const endpoint = {
          id: newId('we'),
          object: 'webhook_endpoint',
          url: params.url,
          secret: `whsec_${randomBytes(24).toString('hex')}`,
          status: 'enabled',
        };
        setWebhookEndpoint(apiKey, { url: params.url, secret: endpoint.secret });
        return endpoint;
      }
      case 'GET payment_intents/:id':
        return retrieve(state.paymentIntents, id, 'payment_intent');
      case 'GET subscriptions/:id':
        return retrieve(state.subscriptions, id, 'subscription');
      case 'DELETE subscriptions/:id': {
        const subscription = retrieve(state.subscriptions, id, 'subscription');
        if (subscription.status !== 'canceled') {
          subscription.status = 'canceled';
          subscription.canceled_at = now();
          emitLater(state.keyOf.get(subscription.id), 'customer.subscription.deleted', subscription);
        }
        return subscription;
      }
      case 'GET invoices/:id':
        return retrieve(state.invoices, id, 'invoice');
      default:
        throw new StripeError(
          404,
          `Unrecognized request URL (${method}: /v1/${path.split('/').slice(2).join('/')})`,
        );
    }
  }

  async function checkoutApi(method, parts, apiKey, params) {
    // /v1/checkout/sessions[/:id[/expire]]
    const [, , , , id, action] = parts;
    if (method === 'POST' && !id) return publicSession(createSession(apiKey, params));
    const session = retrieve(state.sessions, id, 'checkout.session');
    if (state.keyOf.get(session.id) !== apiKey)
      throw new StripeError(404, `No such checkout.session: '${id}'`, undefined, 'id');
    if (method === 'GET' && !action) return publicSession(session);
    if (method === 'POST' && action === 'expire') {
      if (session.status !== 'open')
        throw new StripeError(400, `Only open sessions can be expired (this one is ${session.status})`);
      session.status = 'expired';
      emitLater(apiKey, 'checkout.session.expired', publicSession(session));
      return publicSession(session);
    }
    throw new StripeError(404, 'Unrecognized request URL');
  }

  function checkoutPage(session) {
    const esc = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
    const money = (minor) => `${(session.currency ?? '').toUpperCase()} ${(minor / 100).toFixed(2)}`;
    const rows = session.line_items
      .map(
        (li) =>
          `<tr><td>${esc(li.description)} × ${li.quantity}</td><td>${money(li.amount * li.quantity)}</td></tr>`,
      )
      .join('');
    const open = session.status === 'open';
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Test checkout</title><style>body{font-family:system-ui,sans-serif;max-width:420px;margin:40px auto;padding:0 16px;color:#1a1f36}
table{width:100%;border-collapse:collapse}td{padding:6px 0;border-bottom:1px solid #e3e8ee}td+td{text-align:right}
button{display:block;width:100%;margin:10px 0;padding:12px;font-size:16px;border-radius:6px;border:1px solid #635bff;cursor:pointer}
.pay{background:#635bff;color:#fff}.fail{background:#fff;color:#c0123c;border-color:#c0123c}.cancel{background:#fff;color:#1a1f36;border-color:#aab}</style></head>
<body><p>TEST MODE · Stripe test server</p><h1>${esc(money(session.amount_total))}${session.interval ? ` / ${esc(session.interval)}` : ''}</h1>
<p>${esc(session.customer_email ?? '')}</p><table>${rows}</table>
${
  open
    ? `<form method="post" action="/checkout/${esc(session.id)}/pay"><button class="pay" type="submit">Pay</button></form>
<form method="post" action="/checkout/${esc(session.id)}/fail"><button class="fail" type="submit">Fail</button></form>
<form method="post" action="/checkout/${esc(session.id)}/cancel"><button class="cancel" type="submit">Cancel</button></form>`
    : `<p>This checkout is ${esc(session.status)}.</p>`
}
</body></html>`;
  }

  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  };

  async function readBody(req) {
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    return Buffer.concat(chunks).toString('utf8');
  }

  const server = createServer(async (req, res) => {
    try {
      const url = new URL(req.url ?? '/', baseUrl);
      const parts = url.pathname.split('/'); // ['', 'v1', ...]
      const text = await readBody(req);
      if (url.pathname === '/health') return send(res, 200, { ok: true });
      if (url.pathname === '/__control/state') {
        return send(res, 200, {
          sessions: [...state.sessions.values()].map(publicSession),
          subscriptions: [...state.subscriptions.values()],
          events: state.events.map((r) => ({ id: r.event.id, type: r.event.type, deliveries: r.deliveries })),
        });
      }
      let m = /^\/(?:__control\/)?checkout\/([^/]+)\/(pay|fail|cancel)$/.exec(url.pathname);
      if (m && req.method === 'POST') {
        const next = await completeCheckout(m[1], m[2]);
        if (url.pathname.startsWith('/__control')) return send(res, 200, { redirect: next });
        res.writeHead(303, { location: next });
        return res.end();
      }
      m = /^\/checkout\/([^/]+)$/.exec(url.pathname);
      if (m && req.method === 'GET') {
        const session = state.sessions.get(m[1]);
        if (!session)
          return send(res, 404, '<!doctype html><p>No such checkout.</p>', { 'content-type': 'text/html' });
        return send(res, 200, checkoutPage(session), { 'content-type': 'text/html; charset=utf-8' });
      }
      m = /^\/__control\/subscriptions\/([^/]+)\/advance$/.exec(url.pathname);
      if (m && req.method === 'POST') return send(res, 200, await advanceSubscription(m[1]));
      if (parts[1] !== 'v1') throw new StripeError(404, 'Unrecognized request URL');

      const auth = req.headers.authorization ?? '';
      const apiKey = auth.startsWith('Bearer ') ? auth.slice(7) : '';
      if (!/^(sk|rk)_test_/.test(apiKey)) {
        throw new StripeError(
          401,
          'Invalid API Key provided (the test server takes test keys only)',
          'invalid_request_error',
        );
      }
      const params =
        req.method === 'GET' || req.method === 'DELETE' ? parseForm(url.search.slice(1)) : parseForm(text);
      const idemKey = req.headers['idempotency-key'];
      const cacheKey = idemKey ? `${apiKey}\n${req.method}\n${url.pathname}\n${idemKey}` : undefined;
      if (cacheKey && state.idempotency.has(cacheKey)) {
        return send(res, 200, state.idempotency.get(cacheKey), { 'idempotent-replayed': 'true' });
      }
      const body =
        parts[2] === 'checkout' && parts[3] === 'sessions'
          ? await checkoutApi(req.method, parts, apiKey, params)
          : await api(req.method, url.pathname, apiKey, params);
      if (cacheKey) state.idempotency.set(cacheKey, body);
      return send(res, 200, body, { 'request-id': newId('req') });
    } catch (err) {
      if (err instanceof StripeError) return send(res, err.status, err.body);
      return send(res, 500, { error: { type: 'api_error', message: String(err?.message ?? err) } });
    }
  });

  await new Promise((resolve) => server.listen(port, host, resolve));
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  baseUrl = `http://${host}:${actualPort}`;
  return {
    url: baseUrl,
    port: actualPort,
    state,
    completeCheckout,
    advanceSubscription,
    resend,
    settled,
    setWebhookEndpoint,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      port: { type: 'string', default: '12111' },
      host: { type: 'string', default: '127.0.0.1' },
      'webhook-url': { type: 'string' },
      'webhook-secret': { type: 'string', default: 'whsec_test_default' },
    },
  });
  const server = await startStripeTestServer({
    port: Number(values.port),
    host: values.host,
    webhookUrl: values['webhook-url'],
    webhookSecret: values['webhook-secret'],
  });
  console.log(`Stripe test server on ${server.url} (webhooks -> ${values['webhook-url'] ?? 'nowhere'})`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
