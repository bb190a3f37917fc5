import { data, useActionData, useSearchParams, type ActionFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { LinkStep } from '../components/link-step.tsx'
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
    <LinkStep
      testId="newsletter-confirm"
      title={t('pages.confirmTitle')}
      result={result}
      done={
        <p role="status" className="font-semibold text-success-800" data-testid="newsletter-confirmed">
          {t('pages.confirmed')}
        </p>
      }
      text={t('pages.confirmText')}
      fields={token ? { token } : null}
      button={t('pages.confirmButton')}
      missing={t('pages.confirmMissing')}
    />
  )
}
