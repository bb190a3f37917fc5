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
    <>
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
      <PriceDropSettings />
    </>
  )
}

/** The account's switch for price-drop emails of wished items (decision 0080); the alert emails' link switches it off. */
function PriceDropSettings() {
  const { t } = useT()
  const result = useFormResult(['price-drops-on', 'price-drops-off'])
  return (
    <Form method="post" className="mt-8 max-w-lg space-y-4" data-testid="price-drop-settings">
      <p>{t('stockAlert.priceDropsText')}</p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value="price-drops-on" className={buttonClass('primary')}>
          {t('stockAlert.priceDropsOn')}
        </button>
        <button type="submit" name="intent" value="price-drops-off" className={buttonClass('secondary')}>
          {t('stockAlert.priceDropsOff')}
        </button>
      </div>
      <FormStatus result={result} />
    </Form>
  )
}
