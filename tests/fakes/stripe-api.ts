/**
 * A local fake of the parts of Stripe's API the store uses, answering in the shapes of Stripe's objects
 * (worker/backend/payments/stripe-types.ts: PaymentIntent, PaymentMethod, Customer, Refund, Checkout.Session, Event,
 * and its error shape). It checks what a real Stripe would refuse: the secret key, an idempotency key on every POST
 * (a replay answers the first answer; the same key with other parameters is an error), whole amounts of at least 50
 * cents, AUD or USD. Web APIs only, so it
 * runs as a fetch spy in workerd (worker tests) and behind a Node http server (e2e, tests/fakes/stripe-server.ts).
 *
 * Cards behave like Stripe's documented test cards: 4242… approves, 4000 0000 0000 0002 is declined,
 * 4000 0000 0000 9995 has insufficient funds, 4000 0027 6000 3184 asks for 3-D Secure.
 */
export const FAKE_SECRET_KEY = 'sk_test_fake_store_0123456789'
export const FAKE_PUBLISHABLE_KEY = 'pk_test_fake_store_0123456789'
export const FAKE_WEBHOOK_SECRET = 'whsec_fake_store_0123456789'

type Json = Record<string, any>
const CARDS: Record<string, { brand: string; outcome: 'ok' | 'declined' | 'insufficient' | '3ds' }> = {
  '4242424242424242': { brand: 'visa', outcome: 'ok' },
  '5555555555554444': { brand: 'mastercard', outcome: 'ok' },
  '4000000000000002': { brand: 'visa', outcome: 'declined' },
  '4000000000009995': { brand: 'visa', outcome: 'insufficient' },
  '4000002760003184': { brand: 'visa', outcome: '3ds' },
}

/** Rails-style bracket keys (`metadata[order_id]`, `expand[0]`) into objects, as Stripe reads form bodies. */
export function parseForm(body: string): Json {
  const out: Json = {}
  for (const [key, value] of new URLSearchParams(body)) {
    const path = key.replace(/\]/g, '').split('[')
    let node = out
    path.forEach((part, i) => {
      if (i === path.length - 1) node[part] = value
      else node = node[part] ??= /^\d+$/.test(path[i + 1]!) ? [] : {}
    })
  }
  return out
}

const hex = (buf: ArrayBuffer) => [...new Uint8Array(buf)].map((b) => b.toString(16).padStart(2, '0')).join('')

export async function signPayload(payload: string, secret = FAKE_WEBHOOK_SECRET, timestamp = Math.floor(Date.now() / 1000)) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${timestamp}.${payload}`))
  return `t=${timestamp},v1=${hex(mac)}`
}

export function createFakeStripe(base = 'http://stripe.fake') {
  let seq = 0
  const id = (prefix: string) => `${prefix}_fake${String(++seq).padStart(6, '0')}${Math.random().toString(36).slice(2, 8)}`
  const paymentMethods = new Map<string, Json>()
  const numbers = new Map<string, string>()
  const intents = new Map<string, Json>()
  const sessions = new Map<string, Json>()
  const customers = new Map<string, Json>()
  const refunds: Json[] = []
  const idempotency = new Map<string, { params: string; status: number; body: string }>()
  /** Every request the store made: method, path, idempotency key and parsed params (tests assert on them). */
  const requests: Array<{ method: string; path: string; key: string | null; params: Json }> = []

  const error = (status: number, type: string, message: string, extra: Json = {}) => ({ status, body: { error: { type, message, ...extra } } })
  const expandIntent = (pi: Json, expand: string[] = []) =>
    expand.includes('payment_method') && pi.payment_method ? { ...pi, payment_method: paymentMethods.get(pi.payment_method) ?? pi.payment_method } : pi

  /**
   * A payment method as the Payment Element makes it: a card (a wallet's card when `wallet` names one: apple_pay,
   * google_pay), or a pay-later method (`type`: afterpay_clearpay, zip) that approves like 4242….
   */
  function createPaymentMethod(number: string, options: { name?: string; fingerprint?: string; wallet?: string; type?: string } = {}): Json {
    if (options.type && options.type !== 'card') {
      const pm = { id: id('pm'), object: 'payment_method', type: options.type, [options.type]: {}, created: Math.floor(Date.now() / 1000), livemode: false, customer: null, metadata: {}, billing_details: { name: options.name ?? 'Ada Lovelace', email: null, phone: null, address: null } }
      paymentMethods.set(pm.id, pm)
      numbers.set(pm.id, '4242424242424242')
      return pm
    }
    const exp = { month: 12, year: new Date().getUTCFullYear() + 3 }
    const digits = number.replace(/\D/g, '')
    const card = CARDS[digits] ?? { brand: 'visa', outcome: 'declined' as const }
    const pm = {
      id: id('pm'),
      object: 'payment_method',
      type: 'card',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
      customer: null,
      metadata: {},
      billing_details: { name: options.name ?? 'Ada Lovelace', email: null, phone: null, address: null },
      card: { brand: card.brand, last4: digits.slice(-4), exp_month: exp.month, exp_year: exp.year, fingerprint: options.fingerprint ?? `fp_${digits.slice(-8)}`, funding: 'credit', country: 'AU', wallet: options.wallet ? { type: options.wallet } : null },
    }
    paymentMethods.set(pm.id, pm)
    numbers.set(pm.id, digits)
    return pm
  }

  function newIntent(params: Json): Json {
    const pi = {
      id: id('pi'),
      object: 'payment_intent',
      amount: Number(params.amount),
      amount_capturable: 0,
      amount_received: 0,
      currency: params.currency,
      capture_method: params.capture_method ?? 'automatic',
      payment_method_types: (params.allowed_payment_method_types ?? ['card']) as string[],
      status: 'requires_payment_method',
      payment_method: null as string | null,
      customer: params.customer ?? null,
      description: params.description ?? null,
      metadata: params.metadata ?? {},
      next_action: null as Json | null,
      last_payment_error: null as Json | null,
      latest_charge: null as string | null,
      setup_future_usage: null as string | null,
      return_url: null as string | null,
      client_secret: '',
      created: Math.floor(Date.now() / 1000),
      livemode: false,
    }
    pi.client_secret = `${pi.id}_secret_fake`
    intents.set(pi.id, pi)
    return pi
  }

  function authorise(pi: Json) {
    pi.status = pi.capture_method === 'manual' ? 'requires_capture' : 'succeeded'
    pi.amount_capturable = pi.status === 'requires_capture' ? pi.amount : 0
    pi.amount_received = pi.status === 'succeeded' ? pi.amount : 0
    pi.latest_charge = id('ch')
    pi.next_action = null
    pi.last_payment_error = null
    const pm = paymentMethods.get(pi.payment_method)
    if (pm && pi.customer && pi.setup_future_usage) pm.customer = pi.customer
  }

  function confirm(pi: Json, params: Json): { status: number; body: Json } {
    if (params.payment_method) pi.payment_method = params.payment_method
    if (params.setup_future_usage) pi.setup_future_usage = params.setup_future_usage
    if (params.return_url) pi.return_url = params.return_url
    const pm = paymentMethods.get(pi.payment_method)
    if (!pm) return error(400, 'invalid_request_error', `No such PaymentMethod: '${pi.payment_method}'`, { code: 'resource_missing' })
    if (pm.customer && pm.customer !== pi.customer) return error(400, 'invalid_request_error', 'The PaymentMethod belongs to another customer.')
    if (!pi.payment_method_types.includes(pm.type)) return error(400, 'invalid_request_error', `The PaymentMethod type ${pm.type} is not allowed on this PaymentIntent.`, { code: 'payment_intent_incompatible_payment_method' })
    const outcome = CARDS[numbers.get(pm.id)!]?.outcome ?? 'declined'
    if (outcome === 'declined' || outcome === 'insufficient') {
      const decline_code = outcome === 'declined' ? 'generic_decline' : 'insufficient_funds'
      pi.status = 'requires_payment_method'
      pi.last_payment_error = { type: 'card_error', code: 'card_declined', decline_code, message: 'Your card was declined.', payment_method: pm }
      return error(402, 'card_error', 'Your card was declined.', { code: 'card_declined', decline_code, payment_intent: expandIntent(pi, params.expand) })
    }
    if (outcome === '3ds' && !pi.authenticated) {
      if (!pi.return_url) return error(400, 'invalid_request_error', 'A return_url is needed for a card that asks for 3-D Secure.')
      pi.status = 'requires_action'
      pi.next_action = { type: 'redirect_to_url', redirect_to_url: { url: `${base}/3ds/${pi.id}`, return_url: pi.return_url } }
      return { status: 200, body: expandIntent(pi, params.expand) }
    }
    authorise(pi)
    return { status: 200, body: expandIntent(pi, params.expand) }
  }

  /** The bank's 3-D Secure page answered: authenticated (then authorised) or failed. Returns where the shopper goes. */
  function completeAction(piId: string, ok = true): string {
    const pi = intents.get(piId)!
    if (ok) {
      pi.authenticated = true
      authorise(pi)
    } else {
      pi.status = 'requires_payment_method'
      pi.next_action = null
      pi.last_payment_error = { type: 'card_error', code: 'payment_intent_authentication_failure', message: 'The bank could not authenticate the payment.' }
    }
    const back = new URL(pi.return_url)
    back.searchParams.set('payment_intent', pi.id)
    back.searchParams.set('redirect_status', ok ? 'succeeded' : 'failed')
    return back.href
  }

  /** The hosted page paid with this card: the session gets an authorised intent. Returns the success URL. */
  function payHostedSession(sessionId: string, number = '4242424242424242'): string {
    const session = sessions.get(sessionId)!
    const pi = newIntent({ amount: session.amount_total, currency: session.currency, capture_method: session.payment_intent_data?.capture_method, metadata: session.payment_intent_data?.metadata ?? {}, customer: session.customer })
    pi.payment_method = createPaymentMethod(number).id
    // as Checkout does: the card is attached to the session's customer only when setup_future_usage was asked for
    pi.setup_future_usage = session.payment_intent_data?.setup_future_usage ?? null
    authorise(pi)
    session.payment_intent = pi.id
    session.status = 'complete'
    session.payment_status = 'unpaid'
    return session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id)
  }

  async function route(method: string, path: string, params: Json): Promise<{ status: number; body: Json }> {
    let m: RegExpMatchArray | null
    if (method === 'POST' && path === '/v1/payment_methods') return { status: 200, body: createPaymentMethod(params.card?.number ?? '', { name: params.billing_details?.name }) }
    if (method === 'GET' && (m = path.match(/^\/v1\/payment_methods\/([\w]+)$/))) {
      const pm = paymentMethods.get(m[1]!)
      return pm ? { status: 200, body: pm } : error(404, 'invalid_request_error', `No such PaymentMethod: '${m[1]}'`, { code: 'resource_missing' })
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer = { id: id('cus'), object: 'customer', email: params.email ?? null, metadata: params.metadata ?? {}, created: Math.floor(Date.now() / 1000), livemode: false }
      customers.set(customer.id, customer)
      return { status: 200, body: customer }
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      if (!/^\d+$/.test(params.amount ?? '') || Number(params.amount) < 50) return error(400, 'invalid_request_error', 'Amount must be at least 50 cents', { param: 'amount' })
      if (!['aud', 'usd'].includes(params.currency)) return error(400, 'invalid_request_error', `Invalid currency: ${params.currency}`, { param: 'currency' })
      if (params.customer && !customers.has(params.customer)) return error(400, 'invalid_request_error', `No such customer: '${params.customer}'`, { code: 'resource_missing' })
      return { status: 200, body: newIntent(params) }
    }
    if ((m = path.match(/^\/v1\/payment_intents\/(pi_\w+)(?:\/(confirm|capture|cancel))?$/))) {
      const pi = intents.get(m[1]!)
      if (!pi) return error(404, 'invalid_request_error', `No such payment_intent: '${m[1]}'`, { code: 'resource_missing' })
      const action = m[2]
      if (method === 'GET' && !action) return { status: 200, body: expandIntent(pi, params.expand) }
      if (action === 'confirm') {
        if (!['requires_payment_method', 'requires_confirmation'].includes(pi.status)) return error(400, 'invalid_request_error', `This PaymentIntent's status is ${pi.status}.`, { code: 'payment_intent_unexpected_state' })
        return confirm(pi, params)
      }
      if (action === 'capture') {
        if (pi.status !== 'requires_capture') return error(400, 'invalid_request_error', `This PaymentIntent could not be captured because it has a status of ${pi.status}.`, { code: 'payment_intent_unexpected_state' })
        pi.status = 'succeeded'
        pi.amount_received = pi.amount
        pi.amount_capturable = 0
        return { status: 200, body: pi }
      }
      if (action === 'cancel') {
        if (pi.status === 'succeeded' || pi.status === 'canceled') return error(400, 'invalid_request_error', `This PaymentIntent's status is ${pi.status}.`, { code: 'payment_intent_unexpected_state' })
        pi.status = 'canceled'
        pi.amount_capturable = 0
        pi.cancellation_reason = params.cancellation_reason ?? null
        return { status: 200, body: pi }
      }
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(params.payment_intent)
      if (!pi || pi.status !== 'succeeded') return error(400, 'invalid_request_error', 'This PaymentIntent has no captured charge to refund.')
      const refunded = refunds.filter((r) => r.payment_intent === pi.id).reduce((sum, r) => sum + r.amount, 0)
      const amount = Number(params.amount ?? pi.amount - refunded)
      if (amount + refunded > pi.amount) return error(400, 'invalid_request_error', 'Refund amount is greater than the unrefunded amount.', { code: 'charge_already_refunded' })
      const refund = { id: id('re'), object: 'refund', amount, currency: pi.currency, payment_intent: pi.id, charge: pi.latest_charge, status: 'succeeded', reason: params.reason ?? null, created: Math.floor(Date.now() / 1000), metadata: {} }
      refunds.push(refund)
      return { status: 200, body: refund }
    }
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const line = params.line_items?.[0]
      const amount = Number(line?.price_data?.unit_amount)
      if (!(amount >= 50) || !['aud', 'usd'].includes(line?.price_data?.currency)) return error(400, 'invalid_request_error', 'A line needs an amount of at least 50 cents in AUD or USD.')
      if (params.customer && params.customer_email) return error(400, 'invalid_request_error', 'You may only specify one of these parameters: customer, customer_email.')
      if (params.customer && !customers.has(params.customer)) return error(400, 'invalid_request_error', `No such customer: '${params.customer}'`, { code: 'resource_missing' })
      const session = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: params.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: amount,
        currency: line.price_data.currency,
        client_reference_id: params.client_reference_id ?? null,
        customer: (params.customer ?? null) as string | null,
        customer_email: params.customer_email ?? null,
        metadata: params.metadata ?? {},
        payment_intent: null as string | null,
        payment_intent_data: params.payment_intent_data,
        success_url: params.success_url,
        cancel_url: params.cancel_url,
        url: '',
        livemode: false,
      }
      session.url = `${base}/pay/${session.id}`
      sessions.set(session.id, session)
      const { payment_intent_data, ...shown } = session
      void payment_intent_data
      return { status: 200, body: shown }
    }
    if (method === 'GET' && (m = path.match(/^\/v1\/checkout\/sessions\/(cs_\w+)$/))) {
      const session = sessions.get(m[1]!)
      if (!session) return error(404, 'invalid_request_error', `No such checkout.session: '${m[1]}'`, { code: 'resource_missing' })
      const { payment_intent_data, ...shown } = session
      void payment_intent_data
      const pi = session.payment_intent ? intents.get(session.payment_intent) : null
      const expand: string[] = params.expand ?? []
      return { status: 200, body: { ...shown, payment_intent: pi && expand.includes('payment_intent.payment_method') ? expandIntent(pi, ['payment_method']) : session.payment_intent } }
    }
    return error(404, 'invalid_request_error', `Unrecognized request URL (${method}: ${path}).`)
  }

  /** Stripe's API: answers a Request like api.stripe.com would. */
  async function handle(request: Request): Promise<Response> {
    const url = new URL(request.url)
    const text = request.method === 'GET' ? url.search.slice(1) : new TextDecoder().decode(await request.arrayBuffer())
    const params = parseForm(text)
    const key = request.headers.get('idempotency-key')
    requests.push({ method: request.method, path: url.pathname, key, params })
    const json = (status: number, body: Json) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', 'request-id': id('req') } })
    const publishable = url.pathname === '/v1/payment_methods' && request.method === 'POST'
    const auth = request.headers.get('authorization')
    if (auth !== `Bearer ${publishable ? FAKE_PUBLISHABLE_KEY : FAKE_SECRET_KEY}`) {
      return json(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } })
    }
    if (request.method === 'POST' && !publishable) {
      if (!key) return json(400, { error: { type: 'invalid_request_error', message: 'The store must send an Idempotency-Key with every POST (fake Stripe rule).' } })
      const seen = idempotency.get(`${url.pathname}|${key}`)
      if (seen) {
        if (seen.params !== text) return json(400, { error: { type: 'idempotency_error', message: `Keys for idempotent requests can only be used with the same parameters they were first used with. Key: ${key}` } })
        return new Response(seen.body, { status: seen.status, headers: { 'content-type': 'application/json', 'idempotent-replayed': 'true' } })
      }
      const answer = await route(request.method, url.pathname, params)
      idempotency.set(`${url.pathname}|${key}`, { params: text, status: answer.status, body: JSON.stringify(answer.body) })
      return json(answer.status, answer.body)
    }
    const answer = await route(request.method, url.pathname, params)
    return json(answer.status, answer.body)
  }

  /** A signed webhook delivery of `type` about `object`, as Stripe posts it. */
  async function event(type: string, object: Json, secret = FAKE_WEBHOOK_SECRET) {
    const body = JSON.stringify({ id: id('evt'), object: 'event', api_version: '2026-10-28.endive', created: Math.floor(Date.now() / 1000), livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type, data: { object } })
    return { body, signature: await signPayload(body, secret) }
  }

  return { base, handle, requests, intents, paymentMethods, sessions, customers, refunds, numbers, createPaymentMethod, completeAction, payHostedSession, event }
}

export type FakeStripe = ReturnType<typeof createFakeStripe>
