import { useEffect, useState } from 'react'
import { data, Form, useActionData, useNavigation } from 'react-router'
import { rateLimitedInit, type StorefrontApi } from '../../api/storefront-api.ts'
import { createTranslator, useT } from '../../i18n/index.tsx'
import { formRefusal, localeOf } from '../../routes/route-helpers.ts'
import { buttonClass } from '../../components/ui/button.tsx'
import { controlBase, controlEdge, cx } from '../../components/ui/cx.ts'
import { Field, FieldErrors, FormMessage } from '../../forms/field.tsx'
import { validateEmail, validateRequired } from '../../forms/validation.ts'
import { apiFieldErrors } from '../../api/field-errors.ts'
import { CAPTCHA_FIELD, CaptchaField } from '../../forms/captcha/captcha-field.tsx'
import { captchaMessage } from '../../forms/captcha/captcha-error.ts'

const MESSAGE_MAX = 5000

/** The contact form's answer: sent (to whom it thanks), or each field's message and what was typed. */
export interface ContactAnswer {
  contact: true
  sentTo?: string
  errors?: Record<string, string[]>
  message?: string
  values?: Record<string, string>
}

/** /ContactUs: name, email (spec §5 rules) and a message, sent to the store; rate limited per client by the backend. */
export async function contactAction(request: Request, form: FormData, api: StorefrontApi) {
  const t = createTranslator(localeOf(request))
  const values = { name: String(form.get('name') ?? '').trim(), email: String(form.get('email') ?? '').trim(), message: String(form.get('message') ?? '').trim() }
  const errors: Record<string, string[]> = {}
  const name = validateRequired(values.name, t) ?? (values.name.length > 100 ? t('validation.max', { length: 100 }) : null)
  if (name) errors.name = [name]
  const email = validateEmail(values.email, t)
  if (email) errors.email = [email]
  const message = validateRequired(values.message, t) ?? (values.message.length > MESSAGE_MAX ? t('validation.max', { length: MESSAGE_MAX }) : null)
  if (message) errors.message = [message]
  if (Object.keys(errors).length) return data<ContactAnswer>({ contact: true, errors, values }, { status: 422 })
  try {
    await api.sendContactMessage({ ...values, captchaToken: String(form.get(CAPTCHA_FIELD) ?? '') || undefined })
  } catch (error) {
    const captcha = captchaMessage(error, t)
    if (captcha) return data<ContactAnswer>({ contact: true, errors: { captcha: [captcha] }, values }, { status: 422 })
    const limited = rateLimitedInit(error)
    // a refusal naming fields (a name with a line break …) is said beside them, not only as one sentence for the form
    const fields = limited ? {} : apiFieldErrors(error, { name: 'name', email: 'email', message: 'message' }, t)
    if (Object.keys(fields).length) return data<ContactAnswer>({ contact: true, errors: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, [v]])), values }, { status: 422 })
    const refused = formRefusal(error)
    return data<ContactAnswer>({ contact: true, message: refused.message, values }, refused.init)
  }
  return { contact: true as const, sentTo: values.name }
}

export function ContactForm() {
  const { t } = useT()
  const answer = useActionData() as ContactAnswer | undefined
  const mine = answer?.contact ? answer : undefined
  const navigation = useNavigation()
  const busy = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'contact'
  // a captcha answer is good once: every answer from the server gets a fresh widget
  const [round, setRound] = useState(0)
  useEffect(() => setRound((n) => n + 1), [answer])
  if (mine?.sentTo) {
    return (
      <p className="rounded-xl bg-success-50 p-5 text-success-800" role="status" data-testid="contact-sent">
        {t('shop.contactSent', { name: mine.sentTo })}
      </p>
    )
  }
  const invalid = Boolean(mine?.errors?.message)
  return (
    <Form method="post" className="space-y-4 rounded-xl bg-white p-5 shadow-sm ring-1 ring-neutral-200" data-testid="contact-form">
      <h2 className="text-xl font-bold">{t('shop.contactTitle')}</h2>
      <input type="hidden" name="intent" value="contact" />
      <FormMessage message={mine?.message} />
      <Field name="name" label={t('shop.contactName')} autoComplete="name" maxLength={100} defaultValue={mine?.values?.name ?? ''} errors={mine?.errors?.name} />
      <Field name="email" type="email" label={t('auth.email')} autoComplete="email" defaultValue={mine?.values?.email ?? ''} errors={mine?.errors?.email} />
      <div className="space-y-1.5">
        <label htmlFor="message" className="block text-sm font-semibold text-neutral-800">
          {t('shop.contactMessage')}
        </label>
        <textarea id="message" name="message" rows={6} maxLength={MESSAGE_MAX} defaultValue={mine?.values?.message ?? ''} aria-invalid={invalid || undefined} aria-describedby={invalid ? 'message-error' : undefined} className={cx(controlBase, controlEdge(invalid), 'h-auto py-2')} />
        <FieldErrors name="message" errors={mine?.errors?.message} />
      </div>
      <CaptchaField key={round} error={mine?.errors?.captcha?.[0]} />
      <button type="submit" disabled={busy} className={buttonClass('primary', 'lg')}>
        {t('shop.contactSend')}
      </button>
    </Form>
  )
}
