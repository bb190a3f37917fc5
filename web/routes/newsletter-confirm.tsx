import { data, Form, useActionData, useSearchParams, type ActionFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { buttonClass } from '../components/ui/button.tsx'
import { formRefusal, readForm } from './route-helpers.ts'

type ConfirmResult = { ok: true } | { ok: false; error: string }

/**
 * The newsletter's double opt-in. The emailed link only opens this page (a GET changes nothing, so mail scanners that
 * follow links cannot subscribe anyone); its button posts the token, which confirms the subscription.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  try {
    await loaderApi(context).confirmNewsletter(String(form.get('token') ?? ''))
  } catch (error) {
    const refused = formRefusal(error)
    return data<ConfirmResult>({ ok: false, error: refused.message }, refused.init)
  }
  return { ok: true } satisfies ConfirmResult
}

export function Component() {
  const { t } = useT()
  const [params] = useSearchParams()
  const result = useActionData<ConfirmResult>()
  const token = params.get('token') ?? ''
  return (
    <div className="mx-auto max-w-lg space-y-4 py-8" data-testid="newsletter-confirm">
      <PageTitle title={t('pages.confirmTitle')} />
      <h1 className="text-3xl font-bold">{t('pages.confirmTitle')}</h1>
      {result?.ok ? (
        <p role="status" className="font-semibold text-success-800" data-testid="newsletter-confirmed">
          {t('pages.confirmed')}
        </p>
      ) : token ? (
        <Form method="post" className="space-y-4">
          <p>{t('pages.confirmText')}</p>
          <input type="hidden" name="token" value={token} />
          {result && !result.ok ? (
            <p role="alert" className="text-sm text-danger-700">
              {result.error}
            </p>
          ) : null}
          <button type="submit" className={buttonClass('primary')}>
            {t('pages.confirmButton')}
          </button>
        </Form>
      ) : (
        <p role="alert">{t('pages.confirmMissing')}</p>
      )}
    </div>
  )
}
