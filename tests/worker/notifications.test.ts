import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { registerAndLogin } from '#tests/factories/api.ts'
import { createProduct } from '#tests/factories/catalogue.ts'
import { deliver, fakeMailApi, fakeQueue, mailEnv, namedShop, outboxRow } from '#tests/factories/mail.ts'
import { enqueueMail } from '#worker/mail/enqueue.ts'
import { sampleMail } from '#worker/mail/samples.ts'
import { MAIL_KINDS } from '#worker/mail/types.ts'
import { countFailedMail } from '#worker/admin/failed-mail.ts'
import { noticeText } from '#worker/admin/notices.ts'
import { ADMIN_PASSWORD, auditOf, consoleBrowser, operator, placeOrder } from './admin-helpers.ts'

// Issue 41 point 5: the emails the console's after-sale steps send (each once), the console's previews of every
// email in en and de, the mail that failed for good with a resend, and notices that say 'queued' until it is sent.

beforeAll(() => namedShop())

type Row = { id: number; to_email: string; kind: string; locale: string; subject: string; body: string; payload: string; event_key: string | null; resent_from: number | null }
const outboxOf = async (to: string, kind: string) => (await env.DB.prepare('SELECT * FROM outbox WHERE to_email = ? AND kind = ? ORDER BY id').bind(to.toLowerCase(), kind).all<Row>()).results
const token = () => crypto.randomUUID()
const text = (html: string) => html.replace(/<!-- -->/g, '').replace(/&#x27;|&#39;/g, "'")

describe('a gift card issued by the shop to an email', () => {
  it('emails the recipient its code and amount once, in the language chosen, even when the form is sent twice and the queue delivers twice', async () => {
    const { b } = await operator()
    const to = `sam-${crypto.randomUUID().slice(0, 6)}@example.com`
    const form = { form_token: token(), currency: 'AUD', amount: '75.50', recipient_name: 'Sam', recipient_email: to, locale: 'de' }
    const issued = await b.post('/admin/gift-cards', form)
    expect(issued.status).toBe(200)
    const code = /New card code: ([A-Z0-9-]{19})/.exec(issued.body)![1]!
    // the console says the email is queued, not sent
    expect(text(issued.body)).toContain(`the email with its code and amount is queued for ${to}`)
    // a double click: the same form again issues nothing and writes no second email
    expect((await b.post('/admin/gift-cards', form)).status).toBe(409)

    const [mail, ...more] = await outboxOf(to, 'gift_card')
    expect(more).toHaveLength(0)
    expect(mail).toMatchObject({ locale: 'de', subject: 'Sie haben eine Basecamp Outfitters Geschenkkarte erhalten' })
    expect(mail!.body).toContain(`Ihr Code: ${code}`)
    expect(mail!.body).toContain('Wert: 75,50')
    expect(JSON.parse(mail!.payload)).toMatchObject({ recipientName: 'Sam', senderName: null, amountCents: 7550, currency: 'AUD', code })

    // the queue delivers the message twice: one email, with the code in its HTML
    const api = fakeMailApi()
    const target = mailEnv(fakeQueue().queue)
    await deliver(target, [mail!.id, mail!.id])
    await deliver(target, [mail!.id], { attempts: 2 })
    expect(api.requests).toHaveLength(1)
    expect(api.requests[0]!.body.to).toEqual([to])
    expect(api.requests[0]!.body.html).toContain(code)
    expect((await outboxRow(mail!.id))!.sent_at).not.toBeNull()
  })

  it('writes in English by default (a recipient who is not a German-speaking member), and sends nothing without an email', async () => {
    const { b } = await operator()
    const to = `lee-${crypto.randomUUID().slice(0, 6)}@example.com`
    expect((await b.post('/admin/gift-cards', { form_token: token(), currency: 'USD', amount: '20.00', recipient_name: '', recipient_email: to, locale: '' })).status).toBe(200)
    const [mail] = await outboxOf(to, 'gift_card')
    expect(mail).toMatchObject({ locale: 'en', subject: 'You have received a Basecamp Outfitters gift card' })
    expect(mail!.body).toMatch(/Value: \S*\s?20\.00\n/)
    expect(JSON.parse(mail!.payload)).toMatchObject({ amountCents: 2000, currency: 'USD', senderName: null })

    const before = (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'gift_card'").first<{ n: number }>())!.n
    const unsent = await b.post('/admin/gift-cards', { form_token: token(), currency: 'AUD', amount: '10.00', recipient_name: '', recipient_email: '', locale: '' })
    expect(unsent.status).toBe(200)
    expect(text(unsent.body)).toContain('no email was given, so none is sent')
    expect((await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'gift_card'").first<{ n: number }>())!.n).toBe(before)

    // a language that is not offered is refused with a sentence, and nothing is issued
    const cards = (await env.DB.prepare('SELECT COUNT(*) AS n FROM gift_cards').first<{ n: number }>())!.n
    const refused = await b.post('/admin/gift-cards', { form_token: token(), currency: 'AUD', amount: '10.00', recipient_name: '', recipient_email: to, locale: 'fr' })
    expect(refused.status).toBe(422)
    expect(refused.body).toContain('Choose the language of the email.')
    expect((await env.DB.prepare('SELECT COUNT(*) AS n FROM gift_cards').first<{ n: number }>())!.n).toBe(cards)
  })
})

describe('store credit granted in the console', () => {
  it('tells the customer the amount and the new balance, in their language, once per grant', async () => {
    const { b } = await operator()
    const shopper = await registerAndLogin({ firstName: 'Jana' })
    await env.DB.prepare("UPDATE users SET selected_locale = 'de' WHERE id = ?").bind(shopper.userId).run()
    const grant = (amount: string, form_token = token()) => b.post('/admin/store-credit', { form_token, email: shopper.email, currency: 'AUD', amount, reason: 'Late delivery', password: ADMIN_PASSWORD })

    const first = token()
    expect((await grant('10.00', first)).status).toBe(303)
    expect((await grant('10.00', first)).status).toBe(409)
    expect((await grant('25.00')).status).toBe(303)

    const mails = await outboxOf(shopper.email, 'store_credit')
    expect(mails).toHaveLength(2)
    expect(mails.map((m) => m.locale)).toEqual(['de', 'de'])
    expect(mails[0]!.subject).toMatch(/^10,00\sAU\$ Basecamp Outfitters Guthaben für Sie$/)
    expect(mails[1]!.body).toContain('Hallo Jana,')
    expect(JSON.parse(mails[0]!.payload)).toMatchObject({ amountCents: 1000, balanceCents: 1000, currency: 'AUD' })
    expect(JSON.parse(mails[1]!.payload)).toMatchObject({ amountCents: 2500, balanceCents: 3500, currency: 'AUD' })
    expect(mails[1]!.body).toMatch(/Gutgeschrieben: 25,00/)
    expect(mails[1]!.body).toMatch(/Ihr Guthaben jetzt: 35,00/)
    // the operator's reason is for the audit log, not for the customer
    expect(mails[1]!.body).not.toContain('Late delivery')
  })
})

describe('one email per event', () => {
  it('a second mail with the same event key is not written', async () => {
    const to = `once-${crypto.randomUUID().slice(0, 6)}@example.com`
    const mail = { ...sampleMail('store_credit', 'en'), to, eventKey: `test:${to}` }
    const first = await enqueueMail(env as never, mail)
    // written again (a retried request, a second path telling the same event): nothing new, the first one answers
    expect(await enqueueMail(env as never, mail)).toBe(first)
    expect(await enqueueMail(env as never, { ...mail, eventKey: null })).not.toBe(first)
    expect((await outboxOf(to, 'store_credit')).map((r) => r.event_key)).toEqual([`test:${to}`, null])
  })
})

describe('the console previews every email in English and German', () => {
  it('lists each template with both subjects and opens each preview; only to an operator', async () => {
    const { b } = await operator()
    const page = await b.get('/admin/mail')
    expect(page.status).toBe(200)
    const html = text(page.body)
    for (const kind of MAIL_KINDS) expect(html).toContain(`/admin/mail/preview/${kind}/en`)
    expect(html).toContain('Store credit granted')
    expect(html).toContain('Alex Morgan hat Ihnen eine Basecamp Outfitters Geschenkkarte geschickt')
    expect(html).toMatch(/25,00\sAU\$ Basecamp Outfitters Guthaben für Sie/)
    expect(html).toContain('Your return for order R123456789 is approved: how to send it')
    // a row per kind, and one more per further state: return 4, order update 3 (cancelled; Click & Collect ready, collected)
    expect(page.body.match(/data-testid="template-row"/g)!.length).toBe((MAIL_KINDS.length + 7))
    expect(html).toContain('Your order R123456789 is ready for pickup')
    expect(html).toContain('Sie haben Ihre Bestellung R123456789 abgeholt')

    const en = await b.get('/admin/mail/preview/store_credit/en')
    expect(en.status).toBe(200)
    expect(en.headers.get('cache-control')).toContain('no-store')
    expect(text(en.body)).toContain('Your store credit now')
    const de = await b.get('/admin/mail/preview/return_update/de.txt?variant=declined')
    expect(de.status).toBe(200)
    expect(de.body).toContain('Subject: Ihre Rücksendeanfrage zu Bestellung R123456789')
    expect(de.body).toContain('Die Jacke wurde getragen')
    expect((await b.get('/admin/mail/preview/no_such_mail/en')).status).toBe(404)
    expect((await b.get('/admin/mail/preview/store_credit/fr')).status).toBe(404)

    // a shopper or a stranger finds nothing there
    expect((await consoleBrowser().get('/admin/mail')).status).toBe(404)
    expect((await consoleBrowser().get('/admin/mail/preview/store_credit/en')).status).toBe(404)
  })
})

describe('mail that failed for good', () => {
  it('is listed with recipient, template, reason and time, and is sent again once: a double click and a second operator resend nothing more', async () => {
    const to = `bad-${crypto.randomUUID().slice(0, 6)}@example.com`
    const id = await enqueueMail(env as never, { ...sampleMail('store_credit', 'de'), to })
    // the mail API refuses it as invalid: it will never be sent, the row is dead (logged as an error)
    const api = fakeMailApi({ failFirst: 1, status: 422 })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const target = mailEnv(fakeQueue().queue)
    await deliver(target, [id])
    expect(errors).toHaveBeenCalledTimes(1)
    expect((await outboxRow(id))!.dead_at).not.toBeNull()
    const failedBefore = await countFailedMail(env.DB)
    expect(failedBefore).toBeGreaterThanOrEqual(1)

    const { b, email: adminEmail } = await operator()
    const page = await b.get('/admin/mail/failed')
    expect(page.status).toBe(200)
    const row = text(page.body).split('data-testid="failed-mail-row"').find((r) => r.includes(to))!
    expect(row).toContain('Store credit granted')
    expect(row).toContain('mail API 422')
    expect(row).toContain('(de)')
    expect(row).toMatch(/\d{4}, \d{1,2}:\d{2}/)
    expect(page.body.match(/data-testid="failed-mail-row"/g)).toHaveLength(failedBefore)

    // without the form's key nothing is done
    expect((await b.post(`/admin/mail/failed/${id}/resend`, {})).status).toBe(422)
    const form = { form_token: token() }
    const resent = await b.post(`/admin/mail/failed/${id}/resend`, form)
    expect(resent.status).toBe(303)
    expect(text((await b.get(resent.location!)).body)).toContain('The email is queued to be sent again.')
    // a double click: the same form again
    const twice = await b.post(`/admin/mail/failed/${id}/resend`, form)
    expect(twice.status).toBe(409)
    expect(twice.body).toContain('This form was already sent')
    // another operator's fresh form: refused, the mail was resent already
    const other = await operator()
    const late = await other.b.post(`/admin/mail/failed/${id}/resend`, { form_token: token() })
    expect(late.status).toBe(409)
    expect(late.body).toContain('This email was already sent again')

    const copies = await outboxOf(to, 'store_credit')
    expect(copies.map((c) => c.resent_from)).toEqual([null, id])
    expect(await countFailedMail(env.DB)).toBe(failedBefore - 1)
    const [entry] = await auditOf('mail.resend')
    expect(entry).toMatchObject({ admin_email: adminEmail, subject_type: 'mail', subject_id: String(id), before: { to, kind: 'store_credit' } })
    expect((await auditOf('mail.resend')).filter((e) => e.subject_id === String(id))).toHaveLength(1)

    // the new copy goes out, under its own idempotency key, and the page says so
    await deliver(target, [copies[1]!.id])
    expect(api.delivered.has(`outbox-${copies[1]!.id}`)).toBe(true)
    const after = text((await b.get('/admin/mail/failed')).body)
    expect(after.split('aria-label="Sent again"')[0]).not.toContain(to)
    expect(after.split('data-testid="resent-mail-row"').find((r) => r.includes(to))).toContain('Sent ')
  })

  it('a message dead-lettered after its retries is listed too; a mail still being tried cannot be resent', async () => {
    const to = `dlq-${crypto.randomUUID().slice(0, 6)}@example.com`
    const id = await enqueueMail(env as never, { ...sampleMail('gift_card', 'en'), to })
    const live = await enqueueMail(env as never, { ...sampleMail('gift_card', 'en'), to: `live-${to}` })
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    await deliver(mailEnv(fakeQueue().queue), [id], { queue: 'storefront-mail-dlq' })
    expect(errors).toHaveBeenCalledTimes(1)
    const { b } = await operator()
    expect(text((await b.get('/admin/mail/failed')).body)).toContain(to)
    const refused = await b.post(`/admin/mail/failed/${live}/resend`, { form_token: token() })
    expect(refused.status).toBe(409)
    expect(refused.body).toContain('has not failed for good')
    expect(await outboxOf(`live-${to}`, 'gift_card')).toHaveLength(1)
    expect((await b.post('/admin/mail/failed/99999999/resend', { form_token: token() })).status).toBe(404)
  })
})

describe('notices say queued until the mail is sent', () => {
  it('no console notice claims an email was sent', () => {
    const keys = ['fulfilled', 'collected', 'refunded', 'line-refunded', 'units-refunded', 'canceled', 'resent', 'issued', 'reset-sent', 'return-approved', 'return-received', 'return-refunded', 'return-declined', 'mail-resent']
    for (const key of keys) {
      const said = noticeText(key)!
      expect(said, key).toBeTruthy()
      expect(said, key).not.toMatch(/has been emailed|was emailed|was sent again|were emailed/)
    }
    expect(noticeText('fulfilled')).toContain('queued')
  })

  it('after fulfilling, the notice says queued and the order page says queued, then sent once the queue sent it', async () => {
    const { b } = await operator()
    const shopper = await registerAndLogin()
    const product = await createProduct({ stock: 5 })
    const number = await placeOrder(product.variantId, { member: shopper })
    const ok = await b.post(`/admin/orders/${number}/fulfil`, { carrier: 'Australia Post', tracking: 'AP123456789AU' })
    expect(ok.status).toBe(303)
    const shown = text((await b.get(ok.location!)).body)
    expect(shown).toContain('the email with the tracking number is queued for the customer')
    expect(shown).not.toContain('has been emailed')
    const emails = (html: string) => text(html).split('>Emails to the customer</h2>')[1]!.split('</ul>')[0]!
    expect(emails(shown)).toMatch(/is on its way \(queued\)/)

    const [shipped] = await outboxOf(shopper.email, 'shipping_confirmation')
    fakeMailApi()
    await deliver(mailEnv(fakeQueue().queue), [shipped!.id])
    expect(emails((await b.get(`/admin/orders/${number}`)).body)).toMatch(/is on its way \(sent\)/)
  })
})
