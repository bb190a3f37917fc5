import { data, useActionData, useLoaderData, useSearchParams, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { ApiError } from '../api/storefront-api.ts'
import { useT } from '../i18n/index.tsx'
import { sayRefusal } from '../i18n/say-refusal.ts'
import { LinkStep } from './newsletter-confirm.tsx'
import { formRefusal, localeOf, notFound, readForm } from './route-helpers.ts'

/**
 * The back-in-stock alert's emailed links (decision 0073), one route for both so the route table grows by one entry:
 * /stock-alerts/confirm (a guest's double opt-in) and /stock-alerts/unsubscribe (every alert email's link). A GET only
 * shows a button (mail scanners open links); the button posts to the server, with or without JavaScript.
 */
const STEPS = new Set(['confirm', 'unsubscribe'])

/** The server's API has the alert operations; the browser's has not (decision 0073), and the buttons post to the server. */
function serverOnly<F>(operation: F | undefined): F {
  if (!operation) throw new ApiError(404, 'Back-in-stock alerts are answered by the server.')
  return operation
}

export function loader({ params }: LoaderFunctionArgs) {
  if (!STEPS.has(params.step ?? '')) notFound('router')
  return { step: params.step }
}

export function action(args: ActionFunctionArgs) {
  if (args.params.step === 'confirm') return confirmAction(args)
  if (args.params.step === 'unsubscribe') return unsubscribeAction(args)
  notFound('router')
}

export function Component() {
  return useLoaderData<typeof loader>().step === 'confirm' ? <ConfirmStep /> : <UnsubscribeStep />
}

type ConfirmResult = { ok: true; back: boolean } | { ok: false; error: string }

/**
 * A guest's back-in-stock alert, confirmed (double opt-in; decision 0073). The emailed link only opens this page (mail
 * scanners follow links, a GET changes nothing); its button posts the token, with or without JavaScript.
 */
async function confirmAction({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  try {
    const { back } = await serverOnly(loaderApi(context).confirmStockAlert)(String(form.get('token') ?? ''))
    return { ok: true, back } satisfies ConfirmResult
  } catch (error) {
    const refused = formRefusal(error)
    return data<ConfirmResult>({ ok: false, error: await sayRefusal(error, localeOf(request)) }, refused.init)
  }
}

type UnsubscribeResult = { ok: true } | { ok: false; error: string }

/**
 * The alert emails' unsubscribe link: the address and its signature. Opening it shows a button (mail scanners follow
 * links); the button posts both. A mail client's RFC 8058 one-click POST (`List-Unsubscribe=One-Click`, the address
 * and signature in the link's query) ends the alerts the same way.
 */
async function unsubscribeAction({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const query = new URL(request.url).searchParams
  const email = String(form.get('email') ?? query.get('email') ?? '')
  const token = String(form.get('token') ?? query.get('token') ?? '')
  try {
    await serverOnly(loaderApi(context).unsubscribeStockAlerts)(email, token)
  } catch (error) {
    const refused = formRefusal(error)
    return data<UnsubscribeResult>({ ok: false, error: await sayRefusal(error, localeOf(request)) }, refused.init)
  }
  return { ok: true } satisfies UnsubscribeResult
}

function ConfirmStep() {
  const { t } = useT()
  const [params] = useSearchParams()
  const result = useActionData<ConfirmResult>()
  const token = params.get('token') ?? ''
  return (
    <LinkStep
      testId="stock-alert-confirm"
      title={t('stockAlert.confirmTitle')}
      result={result}
      done={
        <p role="status" className="font-semibold text-success-800" data-testid="stock-alert-confirmed">
          {result?.ok && result.back ? t('stockAlert.confirmedBack') : t('stockAlert.confirmed')}
        </p>
      }
      text={t('stockAlert.confirmText')}
      fields={token ? { token } : null}
      button={t('stockAlert.confirmButton')}
      missing={t('stockAlert.confirmMissing')}
      reloadDocument
    />
  )
}

function UnsubscribeStep() {
  const { t } = useT()
  const [params] = useSearchParams()
  const result = useActionData<UnsubscribeResult>()
  const email = params.get('email') ?? ''
  const token = params.get('token') ?? ''
  return (
    <LinkStep
      testId="stock-alert-unsubscribe"
      title={t('stockAlert.unsubscribeTitle')}
      result={result}
      done={
        <p role="status" className="font-semibold text-success-800" data-testid="stock-alert-unsubscribed">
          {t('stockAlert.unsubscribed')}
        </p>
      }
      text={t('stockAlert.unsubscribeText', { email })}
      fields={email && token ? { email, token } : null}
      button={t('stockAlert.unsubscribeButton')}
      missing={t('stockAlert.confirmMissing')}
      reloadDocument
    />
  )
}
