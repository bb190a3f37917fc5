import { SELF } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, registerAndLogin, uniqueEmail } from '#tests/factories/api.ts'
import { newsletterUnsubscribeLink } from '#worker/backend/commerce/newsletter-routes.ts'
import type { Env } from '#worker/env.ts'
import { clientAddress } from '#tests/factories/client.ts'
import { fakeQueue, mailEnv } from '#tests/factories/mail.ts'
import { ORIGIN } from '../worker/helpers.ts'

// The newsletter's double opt-in: the confirmation mail goes through the queue, only its link's button subscribes,
// repeated sign-ups do not flood the mailbox, unsubscribing works.

const subscribed = async (email: string) => (await env.DB.prepare('SELECT subscribed FROM newsletter_subscribers WHERE email = ?').bind(email).first<{ subscribed: number }>())?.subscribed ?? null
const confirmMails = async (email: string) =>
  (await env.DB.prepare("SELECT id, locale, body, enqueued_at FROM outbox WHERE to_email = ? AND kind = 'newsletter_confirm' ORDER BY id").bind(email).all<{ id: number; locale: string; body: string; enqueued_at: string | null }>()).results
const unsubscribeToken = async (email: string) => new URL(await newsletterUnsubscribeLink(env as unknown as Env, ORIGIN, email, 'en')).searchParams.get('token')!
const linkIn = (body: string) => /https?:\/\/\S+\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(body)!

describe('newsletter double opt-in', () => {
  it('mails a confirmation link through the queue; the link’s page confirms only by its button; one mail per 10 minutes; unsubscribe', async () => {
    const email = uniqueEmail('news')
    const queue = fakeQueue()
    const res = await call('/newsletter/subscribe?locale=de', { body: { email }, env: mailEnv(queue.queue) })
    expect(res.body.data).toEqual({ email, subscribed: false, pending: true })
    expect(await subscribed(email)).toBe(0)
    const [mail] = await confirmMails(email)
    expect(mail!.locale).toBe('de')
    expect(queue.ids).toEqual([mail!.id])
    expect(mail!.enqueued_at).not.toBeNull()
    const [link, token] = linkIn(mail!.body)
    expect(link).toContain('/de/newsletter/confirm?token=')

    // signing up again at once sends nothing more (and answers the same)
    expect((await call('/newsletter/subscribe', { body: { email } })).body.data).toEqual({ email, subscribed: false, pending: true })
    expect(await confirmMails(email)).toHaveLength(1)

    // a mail scanner opening the link changes nothing: the page shows a button that posts
    const page = await SELF.fetch(`${ORIGIN}/de/newsletter/confirm?token=${token}`, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(page.headers.get('cache-control')).toContain('no-store')
    const html = await page.text()
    expect(html).toContain('Ja, ich möchte den Newsletter')
    expect(html).toContain(`name="token" value="${token}"`)
    expect(await subscribed(email)).toBe(0)

    // the button, without JavaScript
    const form = { method: 'POST', headers: { accept: 'text/html', origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams({ token: token! }).toString() }
    const confirmed = await SELF.fetch(`${ORIGIN}/de/newsletter/confirm?token=${token}`, form)
    expect(confirmed.status).toBe(200)
    expect(await confirmed.text()).toContain('Sie haben den Newsletter abonniert. Willkommen!')
    expect(await subscribed(email)).toBe(1)
    const again = await SELF.fetch(`${ORIGIN}/newsletter/confirm?token=${token}`, form)
    expect(again.status).toBe(422)
    expect(await again.text()).toContain('This confirmation link is not valid or was already used.')

    // a confirmed address signing up again gets no mail; unsubscribing ends it
    await call('/newsletter/subscribe', { body: { email } })
    expect(await confirmMails(email)).toHaveLength(1)
    await call('/newsletter/unsubscribe', { body: { email, token: await unsubscribeToken(email) } })
    expect(await subscribed(email)).toBe(0)
  })

  it('unsubscribes only by a newsletter’s signed link or from the account itself: an address alone or a forged link is refused (422), changing nothing', async () => {
    const email = uniqueEmail('news')
    await env.DB.prepare("INSERT INTO newsletter_subscribers (email, subscribed, locale) VALUES (?, 1, 'en')").bind(email).run()
    // before: { email } alone unsubscribed anyone
    const refused = [{ email }, { email, token: 'x'.repeat(43) }, { email, token: await unsubscribeToken(uniqueEmail('other')) }, { email, token: '' }]
    for (const body of refused) {
      const res = await call('/newsletter/unsubscribe', { body })
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.body.error).toBe('This unsubscribe link is not valid. Please use the link in your latest newsletter, or log in and unsubscribe from your account.')
      expect(res.body.errors).toEqual({ token: ['is not valid'] })
    }
    expect((await call('/newsletter/unsubscribe?locale=de', { body: { email } })).body.error).toContain('Dieser Abmeldelink ist ungültig.')
    expect(await subscribed(email)).toBe(1)
    // the link of the newsletter: the address and its signature, on the store's own page
    const link = new URL(await newsletterUnsubscribeLink(env as unknown as Env, ORIGIN, email, 'de'))
    expect(link.pathname).toBe('/de/newsletter/unsubscribe')
    expect(link.searchParams.get('email')).toBe(email)
    // the page the link opens changes nothing by itself; its button posts (without JavaScript here)
    const page = await SELF.fetch(link.href, { headers: { accept: 'text/html' } })
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Abbestellen')
    expect(await subscribed(email)).toBe(1)
    const post = (url: string, fields: Record<string, string>) =>
      SELF.fetch(url, { method: 'POST', headers: { accept: 'text/html', origin: ORIGIN, 'content-type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields).toString() })
    const forged = await post(`${ORIGIN}/newsletter/unsubscribe?email=${encodeURIComponent(email)}&token=${'A'.repeat(43)}`, { email, token: 'A'.repeat(43) })
    expect(forged.status).toBe(422)
    expect(await forged.text()).toContain('This unsubscribe link is not valid.')
    expect(await subscribed(email)).toBe(1)
    const ok = await post(link.href, { email, token: link.searchParams.get('token')! })
    expect(ok.status).toBe(200)
    expect(await ok.text()).toContain('Sie haben den Newsletter abbestellt.')
    expect(await subscribed(email)).toBe(0)

    // a signed-in member unsubscribes themselves (their own address, whatever the body says)
    const member = await registerAndLogin()
    const victim = uniqueEmail('victim')
    await env.DB.batch([
      env.DB.prepare("INSERT INTO newsletter_subscribers (email, subscribed, locale) VALUES (?, 1, 'en')").bind(member.email),
      env.DB.prepare("INSERT INTO newsletter_subscribers (email, subscribed, locale) VALUES (?, 1, 'en')").bind(victim),
    ])
    const own = await call('/newsletter/unsubscribe', { bearer: member.bearer, body: { email: victim } })
    expect(own.status).toBe(200)
    expect(await subscribed(member.email)).toBe(0)
    expect(await subscribed(victim)).toBe(1)
  })

  it('sends at most 3 confirmation mails a day to one address, one per 10 minutes', async () => {
    const email = uniqueEmail('news')
    for (let i = 0; i < 5; i++) {
      await call('/newsletter/subscribe', { body: { email } })
      // the last mail went 11 minutes ago
      await env.DB.prepare('UPDATE newsletter_subscribers SET confirm_sent_at = ? WHERE email = ?').bind(new Date(Date.now() - 11 * 60_000).toISOString(), email).run()
    }
    const mails = await confirmMails(email)
    expect(mails).toHaveLength(3)
    // each mail has its own link; only the newest works
    const tokens = mails.map((m) => linkIn(m.body)[1]!)
    expect((await call('/newsletter/confirm', { body: { token: tokens[0] } })).status).toBe(422)
    expect((await call('/newsletter/confirm', { body: { token: tokens[2] } })).status).toBe(200)
    expect(await subscribed(email)).toBe(1)
  })

  it('one address signs up at most 10 mailboxes an hour: a script cannot send confirmation mails to a list of strangers', async () => {
    // before: every new address got its mail, however many one client sent
    const ip = clientAddress()
    const queue = fakeQueue()
    const emails = Array.from({ length: 11 }, () => uniqueEmail('list'))
    for (const email of emails.slice(0, 10)) expect((await call('/newsletter/subscribe', { body: { email }, ip, env: mailEnv(queue.queue) })).status).toBe(200)
    const refused = await call('/newsletter/subscribe', { body: { email: emails[10] }, ip, env: mailEnv(queue.queue) })
    expect(refused.status).toBe(429)
    expect(refused.body.error).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/)
    expect(await confirmMails(emails[10]!)).toEqual([])
    expect(queue.ids).toHaveLength(10)
    // someone else is not affected
    expect((await call('/newsletter/subscribe', { body: { email: emails[10] }, env: mailEnv(queue.queue) })).status).toBe(200)
  })
})
