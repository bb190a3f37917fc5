import { data, Form, useActionData, useSearchParams, type ActionFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { ApiError } from '../api/storefront-api.ts'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { buttonClass } from '../components/ui/button.tsx'
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
    <div className="mx-auto max-w-lg space-y-4 py-8" data-testid="newsletter-unsubscribe">
      <PageTitle title={t('account.unsubscribeLinkTitle')} />
      <h1 className="text-3xl font-bold">{t('account.unsubscribeLinkTitle')}</h1>
      {result?.ok ? (
        <p role="status" className="font-semibold text-success-800" data-testid="newsletter-unsubscribed">
          {t('account.unsubscribeLinkDone')}
        </p>
      ) : email && token ? (
        <Form method="post" className="space-y-4">
          <p>{t('account.unsubscribeLinkText', { email })}</p>
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="token" value={token} />
          {result && !result.ok ? (
            <p role="alert" className="text-sm text-danger-700">
              {result.error || t('account.unsubscribeLinkMissing')}
            </p>
          ) : null}
          <button type="submit" className={buttonClass('primary')}>
            {t('account.unsubscribe')}
          </button>
        </Form>
      ) : (
        <p role="alert">{t('account.unsubscribeLinkMissing')}</p>
      )}
    </div>
  )
}
