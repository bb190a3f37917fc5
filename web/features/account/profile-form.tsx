import { useEffect, useRef } from 'react'
import { Form } from 'react-router'
import type { User } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { Field, FormStatus, SubmitButton, useFormResult } from './fields.tsx'

/** Personal details (spec §2 My account): first name, last name, email → updateCurrentUser; a new email needs the current password. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useT()
  const result = useFormResult(['profile'])
  const value = (name: 'firstName' | 'lastName' | 'email') => result?.values?.[name] ?? user[name]
  const errors = result?.errors ?? {}
  const form = useRef<HTMLFormElement>(null)
  useEffect(() => {
    // the password typed to confirm a new email is not kept once it has done its job
    if (result?.ok) form.current?.reset()
  }, [result])
  return (
    <Form ref={form} method="post" noValidate className="max-w-lg space-y-4" data-testid="profile-form" aria-label={t('account.MyProfile')}>
      <Field form="profile" name="firstName" label={t('auth.firstName')} defaultValue={value('firstName')} error={errors.firstName} autoComplete="given-name" />
      <Field form="profile" name="lastName" label={t('auth.lastName')} defaultValue={value('lastName')} error={errors.lastName} autoComplete="family-name" />
      <Field form="profile" name="email" type="email" label={t('auth.email')} defaultValue={value('email')} error={errors.email} autoComplete="email" />
      <Field form="profile" name="currentPassword" type="password" label={t('account.currentPasswordOptional')} error={errors.currentPassword} autoComplete="current-password" />
      <FormStatus result={result} />
      <SubmitButton value="profile">{t('account.save')}</SubmitButton>
    </Form>
  )
}
