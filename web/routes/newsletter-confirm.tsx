import type { ReactNode } from 'react'
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

/**
 * An emailed link's page (kept in this route's module, not its own: one chunk fewer in the route map)
 * (the newsletter's and the alerts' confirm and unsubscribe links): a title, then what was
 * done, or a button that posts the link's fields (a GET changes nothing: mail scanners open links), or `missing`
 * when the link is incomplete. The post works with or without JavaScript.
 */
export function LinkStep({
  testId,
  title,
  result,
  done,
  text,
  fields,
  button,
  missing,
  reloadDocument,
}: {
  testId: string
  title: string
  result: { ok: boolean; error?: string } | undefined
  done: ReactNode
  text: string
  fields: Record<string, string> | null
  button: string
  missing: string
  /** Post as a page load (the route's action is answered by the server's API only). */
  reloadDocument?: boolean
}) {
  return (
    <div className="mx-auto max-w-lg space-y-4 py-8" data-testid={testId}>
      <PageTitle title={title} />
      <h1 className="text-3xl font-bold">{title}</h1>
      {result?.ok ? (
        done
      ) : fields ? (
        <Form method="post" reloadDocument={reloadDocument} className="space-y-4">
          <p>{text}</p>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {result && !result.ok ? (
            <p role="alert" className="text-sm text-danger-700">
              {result.error || missing}
            </p>
          ) : null}
          <button type="submit" className={buttonClass('primary')}>
            {button}
          </button>
        </Form>
      ) : (
        <p role="alert">{missing}</p>
      )}
    </div>
  )
}
