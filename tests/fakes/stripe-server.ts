/// <reference types="node" />
// The fake Stripe of tests/fakes/stripe-api.ts behind a Node HTTP server on loopback, for the browser tests: its API
// (the worker's Stripe client and the fake Stripe.js call it), a small fake Stripe.js, the bank's 3-D Secure page
// and the hosted payment page. Nothing leaves the machine.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { createFakeStripe, type FakeStripe } from './stripe-api.ts'

export interface StripeServer {
  origin: string
  fake: FakeStripe
  close(): Promise<void>
}

/**
 * Stripe.js as far as the store uses it: `Stripe(key)`, `elements({locale})`, a card element (here a plain input
 * in the page, no iframe) with `mount`, `on('ready'|'change')`, `destroy`, and `createPaymentMethod`, which posts the
 * number to the fake API with the publishable key as Stripe.js does. Its messages follow the element's locale.
 */
const STRIPE_JS = (origin: string) => `(() => {
  const TEXT = {
    en: { label: 'Card number', incomplete: 'Your card number is incomplete.' },
    de: { label: 'Kartennummer', incomplete: 'Ihre Kartennummer ist unvollständig.' },
  }
  function Stripe(key) {
    return {
      elements(options) {
        const text = TEXT[(options && options.locale) || 'en'] || TEXT.en
        return {
          create(type) {
            const handlers = {}
            const input = document.createElement('input')
            input.setAttribute('aria-label', text.label)
            input.setAttribute('data-fake-stripe-card', '')
            input.autocomplete = 'cc-number'
            input.style.cssText = 'width:100%;border:0;outline:0;font-size:16px;background:transparent'
            input.addEventListener('input', () => (handlers.change || (() => {}))({ complete: input.value.replace(/\\D/g, '').length >= 15, error: undefined }))
            return {
              _input: input,
              mount(target) {
                const node = typeof target === 'string' ? document.querySelector(target) : target
                node.appendChild(input)
                setTimeout(() => (handlers.ready || (() => {}))({ elementType: type }))
              },
              on(name, handler) { handlers[name] = handler },
              destroy() { input.remove() },
              _text: text,
            }
          },
        }
      },
      async createPaymentMethod({ card, billing_details }) {
        const digits = card._input.value.replace(/\\D/g, '')
        if (digits.length < 15) return { error: { type: 'validation_error', message: card._text.incomplete } }
        const body = new URLSearchParams({ type: 'card', 'card[number]': digits })
        if (billing_details && billing_details.name) body.set('billing_details[name]', billing_details.name)
        const res = await fetch('${origin}/v1/payment_methods', { method: 'POST', headers: { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' }, body })
        const json = await res.json()
        return res.ok ? { paymentMethod: json } : { error: json.error }
      },
    }
  }
  Stripe.version = 'endive'
  window.Stripe = Stripe
})()`

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><main><h1>${title}</h1>${body}</main></body></html>`

async function bodyOf(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of request) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

export async function startStripeServer(): Promise<StripeServer> {
  const server: Server = createServer()
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  const origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  const fake = createFakeStripe(origin)
  server.on('request', async (request, response) => {
    const url = new URL(request.url ?? '/', origin)
    const cors = { 'access-control-allow-origin': '*', 'access-control-allow-headers': 'authorization, content-type' }
    const html = (status: number, text: string) => response.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(text)
    const redirect = (to: string) => response.writeHead(303, { location: to }).end()
    try {
      if (request.method === 'OPTIONS') return void response.writeHead(204, cors).end()
      if (url.pathname === '/favicon.ico') return void response.writeHead(204).end()
      if (url.pathname === '/v3/stripe.js') return void response.writeHead(200, { 'content-type': 'text/javascript', 'cache-control': 'no-store' }).end(STRIPE_JS(origin))
      let m: RegExpMatchArray | null
      // the bank's 3-D Secure page: confirm or fail, then back to the store's return_url
      if ((m = url.pathname.match(/^\/3ds\/(pi_\w+)$/)) && fake.intents.has(m[1]!)) {
        if (request.method === 'POST') return redirect(fake.completeAction(m[1]!, new URLSearchParams(await bodyOf(request)).get('outcome') === 'complete'))
        return html(200, page('3-D Secure test page', `<form method="post"><button name="outcome" value="complete">Complete authentication</button> <button name="outcome" value="fail">Fail authentication</button></form>`))
      }
      // Stripe Checkout: a card number, then back to success_url (or cancel_url)
      if ((m = url.pathname.match(/^\/pay\/(cs_\w+)$/)) && fake.sessions.has(m[1]!)) {
        const session = fake.sessions.get(m[1]!)!
        if (request.method === 'POST') return redirect(fake.payHostedSession(m[1]!, new URLSearchParams(await bodyOf(request)).get('card') ?? ''))
        const amount = `${(session.amount_total / 100).toFixed(2)} ${String(session.currency).toUpperCase()}`
        return html(200, page('Stripe Checkout (test)', `<p>Pay ${amount}</p><form method="post"><label>Card number <input name="card" autocomplete="cc-number"></label> <button>Pay ${amount}</button></form><a href="${session.cancel_url}">Back to the store</a>`))
      }
      const body = request.method === 'GET' || request.method === 'HEAD' ? undefined : await bodyOf(request)
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers)) if (typeof value === 'string') headers.set(name, value)
      const answer = await fake.handle(new Request(url, { method: request.method, headers, body }))
      response.writeHead(answer.status, { ...Object.fromEntries(answer.headers), ...cors }).end(await answer.text())
    } catch (error) {
      response.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.message : String(error))
    }
  })
  return { origin, fake, close: () => new Promise<void>((done) => server.close(() => done())) }
}

