import { data, Form, useActionData, useSearchParams, type ActionFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { buttonClass } from '../components/ui/button.tsx'
import { formRefusal, readForm } from './route-helpers.ts'

type UnsubscribeResult = { ok: true } | { ok: false; error: string }

/**
 * The alert emails' unsubscribe link: the address and its signature. Opening it shows a button (mail scanners follow
 * links); the button posts both. A mail client's RFC 8058 one-click POST (`List-Unsubscribe=One-Click`, the address
 * and signature in the link's query) ends the alerts the same way.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const query = new URL(request.url).searchParams
  const email = String(form.get('email') ?? query.get('email') ?? '')
  const token = String(form.get('token') ?? query.get('token') ?? '')
  try {
    await loaderApi(context).unsubscribeStockAlerts(email, token)
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
    <div className="mx-auto max-w-lg space-y-4 py-8" data-testid="stock-alert-unsubscribe">
      <PageTitle title={t('stockAlert.unsubscribeTitle')} />
      <h1 className="text-3xl font-bold">{t('stockAlert.unsubscribeTitle')}</h1>
      {result?.ok ? (
        <p role="status" className="font-semibold text-success-800" data-testid="stock-alert-unsubscribed">
          {t('stockAlert.unsubscribed')}
        </p>
      ) : email && token ? (
        <Form method="post" className="space-y-4">
          <p>{t('stockAlert.unsubscribeText', { email })}</p>
          <input type="hidden" name="email" value={email} />
          <input type="hidden" name="token" value={token} />
          {result && !result.ok ? (
            <p role="alert" className="text-sm text-danger-700">
              {result.error}
            </p>
          ) : null}
          <button type="submit" className={buttonClass('primary')}>
            {t('stockAlert.unsubscribeButton')}
          </button>
        </Form>
      ) : (
        <p role="alert">{t('stockAlert.confirmMissing')}</p>
      )}
    </div>
  )
}
