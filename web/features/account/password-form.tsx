import { useEffect, useRef } from 'react'
import { Form } from 'react-router'
import { useT } from '../../i18n/index.tsx'
import { Field, FormStatus, SubmitButton, useFormResult } from './fields.tsx'

/** Change password: current, new (≥8 with a letter and a digit) and its confirmation → changePassword. */
export function PasswordForm() {
  const { t } = useT()
  const result = useFormResult(['password'])
  const form = useRef<HTMLFormElement>(null)
  const errors = result?.errors ?? {}
  useEffect(() => {
    if (result?.ok) form.current?.reset()
  }, [result])
  return (
    <Form ref={form} method="post" noValidate className="max-w-lg space-y-4" data-testid="password-form" aria-label={t('account.changePassword')}>
      <h2 className="text-xl font-semibold">{t('account.changePassword')}</h2>
      <Field form="password" name="currentPassword" type="password" label={t('account.currentPassword')} error={errors.currentPassword} autoComplete="current-password" />
      <Field form="password" name="newPassword" type="password" label={t('account.newPassword')} error={errors.newPassword} autoComplete="new-password" />
      <Field form="password" name="confirmation" type="password" label={t('account.confirmPassword')} error={errors.confirmation} autoComplete="new-password" />
      <FormStatus result={result} />
      <SubmitButton value="password">{t('account.changePassword')}</SubmitButton>
    </Form>
  )
}
