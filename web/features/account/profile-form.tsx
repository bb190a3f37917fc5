import { Form } from 'react-router'
import type { User } from '../../api/models.ts'
import { useT } from '../../i18n/index.tsx'
import { Field, FormStatus, SubmitButton, useFormResult } from './fields.tsx'

/** Personal details (spec §2 My account): first name, last name, email → updateCurrentUser. */
export function ProfileForm({ user }: { user: User }) {
  const { t } = useT()
  const result = useFormResult(['profile'])
  const value = (name: 'firstName' | 'lastName' | 'email') => result?.values?.[name] ?? user[name]
  const errors = result?.errors ?? {}
  return (
    <Form method="post" noValidate className="max-w-lg space-y-4" data-testid="profile-form" aria-label={t('account.MyProfile')}>
      <Field form="profile" name="firstName" label={t('auth.firstName')} defaultValue={value('firstName')} error={errors.firstName} autoComplete="given-name" />
      <Field form="profile" name="lastName" label={t('auth.lastName')} defaultValue={value('lastName')} error={errors.lastName} autoComplete="family-name" />
      <Field form="profile" name="email" type="email" label={t('auth.email')} defaultValue={value('email')} error={errors.email} autoComplete="email" />
      <FormStatus result={result} />
      <SubmitButton value="profile">{t('account.save')}</SubmitButton>
    </Form>
  )
}
