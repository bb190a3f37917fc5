import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { call, registerAndLogin } from '#tests/factories/api.ts'
import { auditOf, operator } from './admin-helpers.ts'

describe('customers in the console', () => {
  it('finds a customer, blocks the account (sessions end, log-in refused), unblocks it and emails a reset link', async () => {
    const { b } = await operator()
    const shopper = await registerAndLogin({ firstName: 'Grace' })
    const found = await b.get(`/admin/customers?q=${encodeURIComponent(shopper.email)}`)
    expect(found.body).toContain(shopper.email)
    const page = (await b.get(`/admin/customers/${shopper.userId}`)).body
    expect(page).toContain('Club member')
    // no saved address yet: the panel says so instead of standing empty
    expect(page).toContain('No saved addresses: the addresses of an order are on the order.')

    expect((await b.post(`/admin/customers/${shopper.userId}/block`, {})).status).toBe(303)
    expect((await call('/account', { bearer: shopper.bearer })).status).toBe(401)
    expect((await call('/spree_oauth/token', { body: { grant_type: 'password', username: shopper.email, password: shopper.password } })).status).toBe(400)
    expect((await auditOf('customer.block'))[0]).toMatchObject({ subject_id: shopper.email, before: { blocked: false }, after: { blocked: true } })

    expect((await b.post(`/admin/customers/${shopper.userId}/unblock`, {})).status).toBe(303)
    expect((await call('/spree_oauth/token', { body: { grant_type: 'password', username: shopper.email, password: shopper.password } })).status).toBe(200)
    expect((await auditOf('customer.unblock'))[0]).toMatchObject({ subject_id: shopper.email, before: { blocked: true }, after: { blocked: false } })

    const reset = await b.post(`/admin/customers/${shopper.userId}/reset`, {})
    expect(reset.location).toContain('notice=reset-sent')
    const mail = await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE to_email = ? AND kind = 'password_reset'").bind(shopper.email).first<{ n: number }>()
    expect(mail!.n).toBe(1)
    expect((await auditOf('customer.password_reset'))[0]).toMatchObject({ subject_id: shopper.email, after: { sent: true } })
  })

  it('a blocked customer cannot come back through a refresh token rotated moments before the block', async () => {
    const { b } = await operator()
    const shopper = await registerAndLogin()
    // the browser refreshed just before the block: the old refresh token stays tradable for 30 s (REFRESH_REUSE_WINDOW)
    const rotated = await call('/spree_oauth/token', { body: { grant_type: 'refresh_token', refresh_token: shopper.refresh } })
    expect(rotated.status).toBe(200)
    expect((await b.post(`/admin/customers/${shopper.userId}/block`, {})).status).toBe(303)
    for (const refresh of [shopper.refresh, rotated.body.refresh_token as string]) {
      const again = await call('/spree_oauth/token', { body: { grant_type: 'refresh_token', refresh_token: refresh } })
      expect(again.status).toBe(400)
      expect(again.body.error).toBe('invalid_grant')
    }
    expect((await call('/account', { bearer: rotated.body.access_token as string })).status).toBe(401)
  })
})
