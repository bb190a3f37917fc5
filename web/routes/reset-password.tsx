import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { useSetAtom } from 'jotai'
import { useApi } from '../api/use-api.ts'
import { useT } from '../i18n/index.tsx'
import { PageTitle } from '../components/page-title.tsx'
import { Field } from '../features/auth/auth-modals.tsx'
import { validateConfirmation, validateNewPassword } from '../features/auth/validation.ts'
import { openPanelAtom } from '../features/ui/atoms.ts'
import { errorMessage } from '../api/storefront-api.ts'

/** The page a reset link opens: token from ?token=, a new password twice (spec §4, §5). */
export function Component() {
  const { t } = useT()
  const api = useApi()
  const [params] = useSearchParams()
  const openPanel = useSetAtom(openPanelAtom)
  const [password, setPassword] = useState('')
  const [confirmation, setConfirmation] = useState('')
  const [errors, setErrors] = useState<Record<string, string | null>>({})
  const [done, setDone] = useState(false)
  const token = params.get('token') ?? ''
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const next = { password: validateNewPassword(password, t), confirmation: validateConfirmation(password, confirmation, t) }
    setErrors(next)
    if (next.password || next.confirmation) return
    try {
      await api.resetPassword(token, password)
      setDone(true)
    } catch (error) {
      setErrors({ form: errorMessage(error) })
    }
  }
  return (
    <section className="mx-auto max-w-md py-10">
      <PageTitle title={t('pages.resetPassword')} />
      <h1 className="text-3xl font-bold">{t('pages.resetPassword')}</h1>
      {done ? (
        <button type="button" onClick={() => openPanel('login')} className="mt-6 rounded bg-primary-600 px-5 py-2 font-semibold text-white">
          {t('auth.login')}
        </button>
      ) : (
        <form onSubmit={submit} noValidate className="mt-6" data-testid="reset-form">
          <p className="mb-4 text-neutral-700">{t('pages.resetPasswordText')}</p>
          <Field id="reset-password" label={t('pages.newPassword')} type="password" value={password} onChange={setPassword} error={errors.password} autoComplete="new-password" />
          <Field id="reset-confirmation" label={t('pages.confirmPassword')} type="password" value={confirmation} onChange={setConfirmation} error={errors.confirmation} autoComplete="new-password" />
          {errors.form ? <p className="mb-3 text-sm text-danger-700">{errors.form}</p> : null}
          <button type="submit" className="w-full rounded bg-primary-600 py-3 font-semibold text-white hover:bg-primary-700">
            {t('pages.resetSubmit')}
          </button>
        </form>
      )}
    </section>
  )
}
