import { useState, type FormEvent } from 'react'
import { Form, useActionData, useSearchParams } from 'react-router'
import { useSetAtom } from 'jotai'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { sayRefusal } from '../../i18n/say-refusal.ts'
import { notifyAtom } from '../../state/notifications.ts'
import { validateEmail } from '../../forms/validation.ts'
import { errorMessage } from '../../api/storefront-api.ts'
import { rememberPromptAnswer } from './prompt-memory.ts'
import { Button } from '../../components/ui/button.tsx'
import { controlBase, controlEdge, cx, LAND_HERE } from '../../components/ui/cx.ts'

/**
 * Newsletter subscribe (spec §2 home page): a real form post to the page's action (newsletter-action.ts) without
 * JavaScript; with it, subscribes in place. Either way the newsletter prompt is not shown again.
 */
export function NewsletterForm({ idPrefix = 'newsletter', onSubscribed, compact = false }: { idPrefix?: string; onSubscribed?: () => void; compact?: boolean }) {
  const { t, locale } = useT()
  const api = useApi()
  const notify = useSetAtom(notifyAtom)
  const actionData = useActionData() as { newsletterError?: string; email?: string } | undefined
  const [search] = useSearchParams()
  const [email, setEmail] = useState(actionData?.email ?? '')
  const [error, setError] = useState<string | null>(actionData?.newsletterError ?? null)
  const [done, setDone] = useState(search.get('newsletter') === 'subscribed')
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const invalid = validateEmail(email, t)
    setError(invalid)
    if (invalid) return
    try {
      await api.subscribeNewsletter(email.trim())
      rememberPromptAnswer('subscribed')
      setEmail('')
      setDone(true)
      notify({ message: t('pages.subscribed'), type: 'success' })
      onSubscribed?.()
    } catch (err) {
      setError(await sayRefusal(err, locale).catch(() => errorMessage(err)))
    }
  }
  const inputId = `${idPrefix}-email`
  const body = (
    <>
      <Form method="post" onSubmit={submit} noValidate className="mt-4 flex flex-col gap-2 sm:flex-row">
        <input type="hidden" name="intent" value="newsletter" />
        <label htmlFor={inputId} className="sr-only">
          {t('auth.email')}
        </label>
        <input
          id={inputId}
          name="email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t('auth.email')}
          className={cx(controlBase, controlEdge(Boolean(error)), 'min-h-11 flex-1')}
          autoComplete="email"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${inputId}-error` : undefined}
        />
        <Button type="submit">{t('pages.subscribe')}</Button>
      </Form>
      {error ? (
        <p id={`${inputId}-error`} className="mt-2 text-sm text-sale-700" role="alert" {...LAND_HERE}>
          {error}
        </p>
      ) : null}
      {done ? (
        <p className="mt-2 text-sm font-semibold text-success-800" role="status" data-testid="newsletter-thanks">
          {t('pages.subscribed')}
        </p>
      ) : null}
    </>
  )
  if (compact) return body
  return (
    <section id="newsletter" className="rounded-lg bg-primary-50 p-6 lg:p-10" data-testid="newsletter" aria-labelledby={`${idPrefix}-title`}>
      <h2 id={`${idPrefix}-title`} className="text-xl font-bold">
        {t('pages.newsletter')}
      </h2>
      <p className="mt-1 text-neutral-700">{t('pages.newsletterText')}</p>
      {body}
    </section>
  )
}
