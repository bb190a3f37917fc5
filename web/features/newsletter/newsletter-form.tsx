import { useState, type FormEvent } from 'react'
import { useSetAtom } from 'jotai'
import { useApi } from '../../api/use-api.ts'
import { useT } from '../../i18n/index.tsx'
import { notifyAtom } from '../notifications/atoms.ts'
import { validateEmail } from '../auth/validation.ts'
import { errorMessage } from '../../api/storefront-api.ts'

/** Newsletter subscribe (spec §2 home page). */
export function NewsletterForm() {
  const { t } = useT()
  const api = useApi()
  const notify = useSetAtom(notifyAtom)
  const [email, setEmail] = useState('')
  const [error, setError] = useState<string | null>(null)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const invalid = validateEmail(email, t)
    setError(invalid)
    if (invalid) return
    try {
      await api.subscribeNewsletter(email.trim())
      setEmail('')
      notify({ message: t('pages.subscribed'), type: 'success' })
    } catch (err) {
      setError(errorMessage(err))
    }
  }
  return (
    <section className="rounded-lg bg-primary-50 p-6 lg:p-10" data-testid="newsletter">
      <h2 className="text-xl font-bold">{t('pages.newsletter')}</h2>
      <p className="mt-1 text-neutral-700">{t('pages.newsletterText')}</p>
      <form onSubmit={submit} noValidate className="mt-4 flex flex-col gap-2 lg:flex-row">
        <label htmlFor="newsletter-email" className="sr-only">
          {t('auth.email')}
        </label>
        <input id="newsletter-email" type="email" value={email} onChange={(e) => setEmail(e.target.value)} placeholder={t('auth.email')} className="flex-1 rounded border border-neutral-300 px-3 py-2" autoComplete="email" />
        <button type="submit" className="rounded bg-primary-600 px-6 py-2 font-semibold text-white hover:bg-primary-700">
          {t('pages.subscribe')}
        </button>
      </form>
      {error ? <p className="mt-2 text-sm text-danger-700">{error}</p> : null}
    </section>
  )
}
