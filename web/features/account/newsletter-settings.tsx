import { Form } from 'react-router'
import type { User } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { FormStatus, useFormResult } from './fields.tsx'
import { buttonClass } from '../../components/ui/button.tsx'

/**
 * One on/off choice of the account's emails: a text and two buttons posting their intents to the account's action,
 * with what the action answered under them.
 */
function EmailSwitch({ text, on, off, testId, className }: { text: string; on: [intent: string, label: string]; off: [intent: string, label: string]; testId: string; className: string }) {
  const result = useFormResult([on[0], off[0]])
  return (
    <Form method="post" className={className} data-testid={testId}>
      <p>{text}</p>
      <div className="flex flex-wrap gap-3">
        <button type="submit" name="intent" value={on[0]} className={buttonClass('primary')}>
          {on[1]}
        </button>
        <button type="submit" name="intent" value={off[0]} className={buttonClass('secondary')}>
          {off[1]}
        </button>
      </div>
      <FormStatus result={result} />
    </Form>
  )
}

/**
 * Subscribe or unsubscribe the account's email address (the action reads the address from the session, not the form),
 * and the switch for price-drop emails of wished items (decision 0080; the alert emails' link switches it off).
 */
export function NewsletterSettings({ user }: { user: User }) {
  const { t } = useT()
  return (
    <>
      <EmailSwitch
        text={t('account.newsletterText', { email: user.email })}
        on={['subscribe', t('account.subscribe')]}
        off={['unsubscribe', t('account.unsubscribe')]}
        testId="newsletter-settings"
        className="max-w-lg space-y-4"
      />
      <EmailSwitch
        text={t('stockAlert.priceDropsText')}
        on={['price-drops-on', t('stockAlert.priceDropsOn')]}
        off={['price-drops-off', t('stockAlert.priceDropsOff')]}
        testId="price-drop-settings"
        className="mt-8 max-w-lg space-y-4"
      />
    </>
  )
}
