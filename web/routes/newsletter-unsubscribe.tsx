import { data, useActionData, useSearchParams, type ActionFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { ApiError } from '../api/storefront-api.ts'
import { useT } from '../i18n/index.tsx'
import { LinkStep } from './newsletter-confirm.tsx'
import { formRefusal, readForm } from './route-helpers.ts'

type UnsubscribeResult = { ok: true } | { ok: false; error: string }

/**
 * A newsletter's unsubscribe link (docs/security.md 'Newsletter unsubscribe links'): the address and its signature. The
 * link only opens this page (mail scanners follow links); its button posts both, with or without JavaScript. A link
 * without a valid signature is refused (422) with a sentence; a member can always unsubscribe from their account.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const email = String(form.get('email') ?? '')
  const token = String(form.get('token') ?? '')
  try {
    if (!email || !token) throw new ApiError(422, '')
    await loaderApi(context).unsubscribeNewsletter(email, token)
  } catch (error) {
    const refused = formRefusal(error)
    return data<UnsubscribeResult>({ ok: false, error: refused.message }, refused.init)
  }
  return { ok: true } satisfies UnsubscribeResult
}

export function Component() {
  const { t } = useT()
  const [params] = useSearchParams()
  const result = useActionData<UnsubscribeResult>()
  const email = params.get('email') ?? ''
  const token = params.get('token') ?? ''
  return (
    <LinkStep
      testId="newsletter-unsubscribe"
      title={t('account.unsubscribeLinkTitle')}
      result={result}
      done={
        <p role="status" className="font-semibold text-success-800" data-testid="newsletter-unsubscribed">
          {t('account.unsubscribeLinkDone')}
        </p>
      }
      text={t('account.unsubscribeLinkText', { email })}
      fields={email && token ? { email, token } : null}
      button={t('account.unsubscribe')}
      missing={t('account.unsubscribeLinkMissing')}
    />
  )
}
