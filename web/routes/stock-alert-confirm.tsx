import { data, Form, useActionData, useSearchParams, type ActionFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { buttonClass } from '../components/ui/button.tsx'
import { formRefusal, readForm } from './route-helpers.ts'

type ConfirmResult = { ok: true; back: boolean } | { ok: false; error: string }

/**
 * A guest's back-in-stock alert, confirmed (double opt-in; decision 0073). The emailed link only opens this page (mail
 * scanners follow links, a GET changes nothing); its button posts the token, with or without JavaScript.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  try {
    const { back } = await loaderApi(context).confirmStockAlert(String(form.get('token') ?? ''))
    return { ok: true, back } satisfies ConfirmResult
  } catch (error) {
    const refused = formRefusal(error)
    return data<ConfirmResult>({ ok: false, error: refused.message }, refused.init)
  }
}

export function Component() {
  const { t } = useT()
  const [params] = useSearchParams()
  const result = useActionData<ConfirmResult>()
  const token = params.get('token') ?? ''
  return (
    <div className="mx-auto max-w-lg space-y-4 py-8" data-testid="stock-alert-confirm">
      <PageTitle title={t('stockAlert.confirmTitle')} />
      <h1 className="text-3xl font-bold">{t('stockAlert.confirmTitle')}</h1>
      {result?.ok ? (
        <p role="status" className="font-semibold text-success-800" data-testid="stock-alert-confirmed">
          {result.back ? t('stockAlert.confirmedBack') : t('stockAlert.confirmed')}
        </p>
      ) : token ? (
        <Form method="post" className="space-y-4">
          <p>{t('stockAlert.confirmText')}</p>
          <input type="hidden" name="token" value={token} />
          {result && !result.ok ? (
            <p role="alert" className="text-sm text-danger-700">
              {result.error}
            </p>
          ) : null}
          <button type="submit" className={buttonClass('primary')}>
            {t('stockAlert.confirmButton')}
          </button>
        </Form>
      ) : (
        <p role="alert">{t('stockAlert.confirmMissing')}</p>
      )}
    </div>
  )
}
