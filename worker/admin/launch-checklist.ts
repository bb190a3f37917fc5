import { isPublicHttps, mailAddressProblem, STRIPE_KEYS, type Env } from '#worker/env.ts'
import { readStoreSettings } from '#worker/lib/store-settings.ts'

/**
 * The dashboard's 'Before shoppers can buy' checklist (issue 40 point 2): what a new store still lacks, each with where
 * it is fixed. Payments, mail and the public address are the checks a production store refuses to start without
 * (worker/env.ts configProblem; tests/worker/empty-store.test.ts holds the two lists together), asked here whatever
 * the environment and opt-ins, since an opt-in or a development store does not make the shop ready to sell.
 */

export type LaunchItemKey = 'settings' | 'product' | 'shipping' | 'payments' | 'mail'

export interface LaunchItem {
  key: LaunchItemKey
  done: boolean
  title: string
  /** What is missing, or what is in place. */
  detail: string
  /** Where it is fixed: a console page, or the command and the docs section for what is not in the console. */
  fix: { href: string; label: string } | { command?: string; docs: string }
}

/** The console page where the store's settings are edited (issue 40 point 1). */
export const SETTINGS_PATH = '/admin/settings'

export async function loadLaunchChecklist(env: Pick<Env, 'DB' | 'STORE_URL' | 'RESEND_API_KEY' | 'COMMERCE_URL' | (typeof STRIPE_KEYS)[number]>, now = new Date()): Promise<LaunchItem[]> {
  const db = env.DB
  const at = now.toISOString()
  const [settings, counts] = await Promise.all([
    readStoreSettings(db),
    db
      .prepare(
        `SELECT (SELECT count(*) FROM products WHERE deleted_at IS NULL AND available_on IS NOT NULL AND available_on <= ?1 AND (discontinue_on IS NULL OR discontinue_on > ?1)) AS products,
           (SELECT count(*) FROM shipping_methods WHERE pickup = 0 AND retired_at IS NULL AND zone_id IS NOT NULL) AS rates`,
      )
      .bind(at)
      .first<{ products: number; rates: number }>(),
  ])
  const missing: string[] = []
  if (!settings.name.trim()) missing.push("the shop's name")
  if (!settings.supportEmail.trim()) missing.push('the support email address')
  if (!settings.address.trim()) missing.push('the address')
  // STORE_URL wins over the setting (worker/backend/services/store-url.ts)
  if (!isPublicHttps(URL.parse(env.STORE_URL ?? '')) && !isPublicHttps(URL.parse(settings.url))) missing.push('the public https address (links in emails)')
  const stripe = STRIPE_KEYS.filter((key) => !env[key])
  // a remote Spree takes the payments and sends the mail itself
  const remote = Boolean(env.COMMERCE_URL)
  const mailAddresses = mailAddressProblem(env)
  return [
    {
      key: 'settings',
      done: missing.length === 0,
      title: 'Store details',
      detail: missing.length ? `Missing: ${missing.join(', ')}.` : 'Name, support email, address and public address are set.',
      fix: { href: SETTINGS_PATH, label: 'Open Settings' },
    },
    {
      key: 'product',
      done: (counts?.products ?? 0) > 0,
      title: 'A product on sale',
      detail: counts?.products ? `${counts.products} product${counts.products === 1 ? '' : 's'} on sale.` : 'No product is on sale: the storefront shows “Opening soon”.',
      fix: { href: '/admin/products', label: 'Open Products' },
    },
    {
      key: 'shipping',
      done: (counts?.rates ?? 0) > 0,
      title: 'A shipping rate',
      detail: counts?.rates ? `${counts.rates} delivery rate${counts.rates === 1 ? '' : 's'} in place.` : 'No rate delivers anywhere: checkout cannot ship an order.',
      // the migrations and the reference data bring the standard zones and rates; the console edits them
      fix: { href: '/admin/shipping', label: 'Open Shipping and tax' },
    },
    {
      key: 'payments',
      done: remote || stripe.length === 0,
      title: 'Card payments',
      detail: remote || stripe.length === 0 ? 'Stripe is set up.' : `Missing: ${stripe.join(', ')}.`,
      fix: { command: 'wrangler secret put STRIPE_SECRET_KEY; wrangler secret put STRIPE_WEBHOOK_SECRET; STRIPE_PUBLISHABLE_KEY in wrangler.toml', docs: "docs/deploying.md, 'Stripe (card payments)'" },
    },
    {
      key: 'mail',
      done: remote || (Boolean(env.RESEND_API_KEY) && !mailAddresses),
      title: 'Email delivery',
      detail: remote || (env.RESEND_API_KEY && !mailAddresses)
        ? 'Mail goes out through Resend.'
        : (mailAddresses ?? 'Missing: RESEND_API_KEY. No order confirmation or password reset reaches anyone.'),
      fix: { command: 'wrangler secret put RESEND_API_KEY; MAIL_FROM in wrangler.toml', docs: "docs/deploying.md, 'Mail'" },
    },
  ]
}
