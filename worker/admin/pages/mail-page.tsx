import { Button } from '#web/components/ui/button.tsx'
import type { FailedMail, ResentMail } from '#worker/admin/failed-mail.ts'
import { AlreadySentNotice, FormToken, Notice, PageHeader, Pager, Table, TextLink, cell, when, type AlreadySent } from './parts.tsx'

/** The console's Emails pages (docs/console.md 'Emails'): every template previewed in en and de, and mail that failed for good. */

/** What each email is, for people; a kind without a name here shows its code. */
const KIND_NAMES: Record<string, string> = {
  order_confirmation: 'Order confirmation (tax invoice)',
  password_reset: 'Password reset',
  gift_card: 'Gift card (bought by a shopper or issued by the shop)',
  newsletter_confirm: 'Newsletter: confirm the subscription',
  contact: 'Contact form message (to the shop)',
  shipping_confirmation: 'Order shipped',
  return_update: 'Return',
  order_update: 'Order refunded, cancelled, ready for pickup or collected',
  store_credit: 'Store credit granted',
  stock_alert_confirm: 'Back in stock: confirm the alert',
  stock_alert: 'Back in stock',
}

export const kindName = (kind: string, variant?: string) => `${KIND_NAMES[kind] ?? kind.replaceAll('_', ' ')}${variant ? `: ${variant}` : ''}`

export interface TemplateRow {
  kind: string
  variant: string | undefined
  subjects: { en: string; de: string }
}

const previewHref = (row: { kind: string; variant: string | undefined }, locale: string, text = false) => `/admin/mail/preview/${row.kind}/${locale}${text ? '.txt' : ''}${row.variant ? `?variant=${row.variant}` : ''}`

export function EmailsPage(props: { templates: TemplateRow[]; failed: number }) {
  return (
    <>
      <PageHeader title="Emails">
        <TextLink href="/admin/mail/failed">{`Failed mail (${props.failed})`}</TextLink>
      </PageHeader>
      <p className="mb-4 max-w-prose text-sm text-neutral-700">
        Every email the store sends, in English and German, as a customer receives it: sample orders and names, your shop’s name, address and ABN from Settings. Each opens on its own page; the text is the part mail programs show without pictures.
      </p>
      <Table caption="Email templates" head={['Email', 'English', 'Deutsch']}>
        {props.templates.map((t) => (
          <tr key={`${t.kind}-${t.variant ?? ''}`} data-testid="template-row">
            <th scope="row" className={`${cell} font-semibold`}>
              {kindName(t.kind, t.variant)}
            </th>
            {(['en', 'de'] as const).map((locale) => (
              <td key={locale} className={cell} lang={locale}>
                <span className="block">{t.subjects[locale]}</span>
                <span className="mt-1 flex gap-3">
                  <TextLink href={previewHref(t, locale)}>{locale === 'en' ? 'Preview' : 'Vorschau'}</TextLink>
                  <TextLink href={previewHref(t, locale, true)}>{locale === 'en' ? 'Text' : 'Text'}</TextLink>
                </span>
              </td>
            ))}
          </tr>
        ))}
      </Table>
    </>
  )
}

const orderLink = (ref: string | null) => (ref && /^R\d+$/.test(ref) ? <TextLink href={`/admin/orders/${ref}`}>{ref}</TextLink> : (ref ?? '–'))

export function FailedMailPage(props: { failed: FailedMail[]; total: number; page: number; pageSize: number; resent: ResentMail[]; notice?: string; error?: string; already?: AlreadySent }) {
  return (
    <>
      <PageHeader title="Failed mail">
        <TextLink href="/admin/mail">All email templates</TextLink>
      </PageHeader>
      {props.notice ? <Notice>{props.notice}</Notice> : null}
      <AlreadySentNotice already={props.already} />
      {props.error ? <Notice tone="error">{props.error}</Notice> : null}
      <p className="mb-4 max-w-prose text-sm text-neutral-700">
        Emails the store gave up on: the mail service refused them (often a mistyped address), or they still failed after ten tries over about 40 minutes. Sending one again puts a new copy on the queue, once; check the address and the reason first.
      </p>
      {props.failed.length === 0 ? (
        <p className="mb-6">No email has failed for good.</p>
      ) : (
        <Table caption="Failed mail" head={['Failed', 'To', 'Email', 'Order', 'Reason', '']}>
          {props.failed.map((m) => (
            <tr key={m.id} data-testid="failed-mail-row">
              <td className={`${cell} whitespace-nowrap`}>{when(m.dead_at)}</td>
              <td className={`${cell} min-w-[12rem] break-all`}>{m.to_email}</td>
              <td className={cell}>
                <span className="block font-semibold">{kindName(m.kind)}</span>
                <span className="block text-neutral-700">{`${m.subject} (${m.locale})`}</span>
              </td>
              <td className={cell}>{orderLink(m.ref)}</td>
              <td className={`${cell} break-words`}>{`${m.last_error ?? 'No answer from the mail service'} (${m.attempts} ${m.attempts === 1 ? 'try' : 'tries'})`}</td>
              <td className={cell}>
                <form method="post" action={`/admin/mail/failed/${m.id}/resend`} aria-label={`Send again to ${m.to_email}`}>
                  <FormToken />
                  <Button type="submit" variant="secondary" size="sm">
                    Send again
                  </Button>
                </form>
              </td>
            </tr>
          ))}
        </Table>
      )}
      <Pager page={props.page} total={props.total} pageSize={props.pageSize} href={(p) => `/admin/mail/failed?page=${p}`} />
      {props.resent.length ? (
        <section aria-label="Sent again" className="mt-8">
          <h2 className="mb-3 text-lg font-bold">Sent again</h2>
          <Table caption="Sent again" head={['Sent again', 'To', 'Email', 'Now']}>
            {props.resent.map((m) => (
              <tr key={m.resent_id} data-testid="resent-mail-row">
                <td className={`${cell} whitespace-nowrap`}>{when(m.resent_at)}</td>
                <td className={`${cell} min-w-[12rem] break-all`}>{m.to_email}</td>
                <td className={cell}>{m.subject}</td>
                <td className={cell}>{m.resent_sent_at ? `Sent ${when(m.resent_sent_at)}` : m.resent_dead_at ? 'Failed again (listed above)' : 'Queued'}</td>
              </tr>
            ))}
          </Table>
        </section>
      ) : null}
    </>
  )
}
