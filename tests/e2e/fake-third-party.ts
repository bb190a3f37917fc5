/// <reference types="node" />
// A local stand-in for the third-party services of spec §1/§5 (live chat, fonts service, email verification): a tiny
// Node HTTP server on loopback that serves their scripts and stylesheet, records what was asked, and can be told to
// fail, so the browser tests check when each loads and that the store works when one is down. Nothing leaves the machine.
import { createServer, type Server } from 'node:http'

export interface FakeThirdParty {
  origin: string
  /** Paths asked for, in order. */
  requests: string[]
  /** While true every answer is a 500. */
  failing: boolean
  close(): Promise<void>
}

const FILES: Record<string, FakeFile> = {
  // Records that it ran and with which nonce its element was inserted.
  '/chat.js': { type: 'text/javascript', body: "window.__fakeChat = (document.querySelector('script[data-chat-widget]') || {}).nonce || 'none'" },
  '/fonts.css': { type: 'text/css', body: ':root { --fake-fonts-service: loaded; }' },
}

/** A fixed file, or an answer made from the request's body (a POST to a verify endpoint). */
export type FakeFile = { type: string; body: string | ((requestBody: string) => string) }

export async function startFakeThirdParty(extra: Record<string, FakeFile> = {}): Promise<FakeThirdParty> {
  const files = { ...FILES, ...extra }
  const fake: FakeThirdParty = { origin: '', requests: [], failing: false, close: async () => {} }
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    fake.requests.push(path)
    const file = files[path]
    if (fake.failing || !file) {
      response.writeHead(fake.failing ? 500 : 404).end()
      return
    }
    const answer = (body: string) => response.writeHead(200, { 'content-type': file.type, 'access-control-allow-origin': '*', 'cache-control': 'no-store' }).end(body)
    const make = file.body
    if (typeof make === 'string') return answer(make)
    let body = ''
    request.setEncoding('utf8')
    request.on('data', (chunk: string) => (body += chunk))
    request.on('end', () => answer(make(body)))
  })
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done))
  fake.origin = `http://127.0.0.1:${(server.address() as { port: number }).port}`
  fake.close = () => new Promise<void>((done) => server.close(() => done()))
  return fake
}

/** Cloudflare Turnstile as far as the store uses it (turnstile.render/remove): a button that answers 'fake-pass'. */
const FAKE_TURNSTILE = `window.turnstile = {
  render: function (container, options) {
    var button = document.createElement('button')
    button.type = 'button'
    button.textContent = 'I am human (' + options.sitekey + ')'
    button.onclick = function () { button.textContent = 'Success!'; options.callback('fake-pass') }
    container.appendChild(button)
    return 'w' + Math.random()
  },
  remove: function () {},
}`

/**
 * The captcha's files for startFakeThirdParty (the widget and its siteverify, which passes 'fake-pass' with `secret`),
 * and the store's variables pointing at them.
 */
export const fakeCaptcha = (secret: string) => ({
  files: {
    '/turnstile.js': { type: 'text/javascript', body: FAKE_TURNSTILE },
    '/siteverify': {
      type: 'application/json',
      body: (body: string) => {
        const form = new URLSearchParams(body)
        return JSON.stringify({ success: form.get('secret') === secret && form.get('response') === 'fake-pass' })
      },
    },
  } satisfies Record<string, FakeFile>,
  vars: (origin: string) => ({ CAPTCHA_SITE_KEY: 'e2e-site-key', CAPTCHA_SECRET_KEY: secret, CAPTCHA_SCRIPT_URL: `${origin}/turnstile.js`, CAPTCHA_VERIFY_URL: `${origin}/siteverify` }),
})
