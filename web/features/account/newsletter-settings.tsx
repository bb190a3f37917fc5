import { Form } from 'react-router'
import type { User } from '../../api/models.ts'
import { useT } from '../../i18n/index.tsx'
import { FormStatus, useFormResult } from './fields.tsx'

/** Subscribe or unsubscribe the account's email address; the action reads the address from the session, not the form. */
export function NewsletterSettings({ user }: { user: User }) {
  const { t } = useT()
  const result = useFormResult(['subscribe', 'unsubscribe'])
  return (
    <Form method="post" className="max-w-lg space-y-4" data-testid="newsletter-settings">
      <p>{t('account.newsletterText', { email: user.email })}</p>
      <div className="flex gap-3">
        <button type="submit" name="intent" value="subscribe" className="rounded bg-primary-600 px-5 py-2 font-semibold text-white hover:bg-primary-700">
          {t('account.subscribe')}
        </button>
        <button type="submit" name="intent" value="unsubscribe" className="rounded border border-gray-300 px-5 py-2 font-semibold hover:bg-gray-100">
          {t('account.unsubscribe')}
        </button>
      </div>
      <FormStatus result={result} />
    </Form>
  )
}
