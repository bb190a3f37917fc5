import { useState, type FormEvent } from 'react'
import { data, useActionData, useNavigate, useSearchParams, type ActionFunctionArgs } from 'react-router'
import { useApi } from '../api/use-api.ts'
import { loaderApi } from '../api/loader-api.ts'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { useLocalPath } from '../components/local-link.tsx'
import { Field } from '../features/auth/auth-modals.tsx'
import { validateConfirmation, validateNewPassword } from '../forms/validation.ts'
import { ApiError, rateLimitedInit } from '../api/storefront-api.ts'
import { createTranslator } from '../i18n/index.tsx'
import { localizeApiError } from '../i18n/api-errors.ts'
import { localRedirect, localeOf, readForm } from './route-helpers.ts'
import { LAND_HERE } from '../components/ui/cx.ts'

type ResetFailure = { errors: Record<string, string | null> }

/**
 * The new password is posted (never put in the URL); the token comes from the emailed link and travels in a hidden
 * field. Success: 303 to /Login, which says the password was changed.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const t = createTranslator(localeOf(request))
  const token = String(form.get('token') ?? '')
  const password = String(form.get('reset-password') ?? '')
  const errors = { password: validateNewPassword(password, t), confirmation: validateConfirmation(password, String(form.get('reset-confirmation') ?? ''), t) }
  if (errors.password || errors.confirmation) return data<ResetFailure>({ errors }, { status: 422 })
  // a link without its token (cut off when copied) or one the store refuses: the same sentence, in the page's
  // language (an empty token was 'The resource you were looking for could not be found.', a refused one English on /de)
  const linkInvalid = () => data<ResetFailure>({ errors: { form: t('auth.resetLinkInvalid') } }, { status: 422 })
  if (!token.trim()) return linkInvalid()
  try {
    await loaderApi(context).resetPassword(token, password)
  } catch (error) {
    const limited = rateLimitedInit(error)
    if (limited) return data<ResetFailure>({ errors: { form: localizeApiError(error, t) } }, limited)
    if (error instanceof ApiError && error.status < 500) return error.errors?.reset_password_token || error.status === 404 ? linkInvalid() : data<ResetFailure>({ errors: { form: localizeApiError(error, t) } }, { status: 422 })
    throw error
  }
  return localRedirect(request, '/Login?reset=1', 303)
}

/** The page a reset link opens: token from ?token=, a new password twice (spec §4, §5). */
export function Component() {
  const { t } = useT()
  const api = useApi()
  const local = useLocalPath()
  const navigate = useNavigate()
  const failure = useActionData<ResetFailure>()
  const [params] = useSearchParams()
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [errors, setErrors] = useState<Record<string, string | null>>(failure?.errors ?? {})
  const token = params.get('token') ?? ''
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const next = { password: validateNewPassword(password, t), confirmation: validateConfirmation(password, confirmation, t) }
    setErrors(next)
    if (next.password || next.confirmation) return
    try {
      await api.resetPassword(token, password)
      navigate(local('/Login?reset=1'))
    } catch (error) {
      setErrors({ form: localizeApiError(error, t) })
    }
  }
  return (
    <section className="mx-auto max-w-md py-10">
      <PageTitle title={t('pages.resetPassword')} />
      <h1 className="text-3xl font-bold">{t('pages.resetPassword')}</h1>
      <form method="post" onSubmit={submit} noValidate className="mt-6" data-testid="reset-form">
        <input type="hidden" name="token" value={token} />
        <p className="mb-4 text-neutral-700">{t('pages.resetPasswordText')}</p>
        <Field id="reset-password" label={t('pages.newPassword')} type="password" value={password} onChange={setPassword} error={errors.password} autoComplete="new-password" />
        <Field id="reset-confirmation" label={t('pages.confirmPassword')} type="password" value={confirmation} onChange={setConfirmation} error={errors.confirmation} autoComplete="new-password" />
        {errors.form ? (
          <p className="mb-3 text-sm text-danger-700" role="alert" {...LAND_HERE}>
            {errors.form}
          </p>
        ) : null}
        <button type="submit" className="w-full rounded bg-primary-600 py-3 font-semibold text-white hover:bg-primary-700">
          {t('pages.resetSubmit')}
        </button>
      </form>
    </section>
  )
}
