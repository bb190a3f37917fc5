import { Form } from 'react-router'
import type { User } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { FormStatus, useFormResult } from './fields.tsx'
import { buttonClass } from '../../components/ui/button.tsx'

/** Subscribe or unsubscribe the account's email address; the action reads the address from the session, not the form. */
export function NewsletterSettings({ user }: { user: User }) {
  const { t } = useT()
  const result = useFormResult(['subscribe', 'unsubscribe'])
  return (
    <Form method="post" className="max-w-lg space-y-4" data-testid="newsletter-settings">
      <p>{t('account.newsletterText', { email: user.email })}</p>
      <div className="flex gap-3">
        <button type="submit" name="intent" value="subscribe" className={buttonClass('primary')}>
          {t('account.subscribe')}
        </button>
        <button type="submit" name="intent" value="unsubscribe" className={buttonClass('secondary')}>
          {t('account.unsubscribe')}
        </button>
      </div>
      <FormStatus result={result} />
    </Form>
  )
}
