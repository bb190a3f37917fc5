import { data, redirect } from 'react-router'
import { ApiError, errorMessage, rateLimitedInit, type StorefrontApi } from '../../api/storefront-api.ts'
import { createTranslator } from '../../i18n/index.tsx'
import { localeOf, localRedirect, readForm, SAVED_ITEMS_ADDED } from '../../routes/route-helpers.ts'
import type { AuthFailure } from './auth-modals.tsx'
import { SIGNUP_API_FIELDS } from '../../forms/validation.ts'
import { apiFieldErrors } from '../../api/field-errors.ts'
import { signupErrors, validateEmail, validateRequired } from '../../forms/validation.ts'
import { CAPTCHA_FIELD } from '../../forms/captcha/captcha-field.tsx'
import { captchaMessage } from '../../forms/captcha/captcha-error.ts'
import { localizeApiError } from '../../i18n/api-errors.ts'

/** Where a form may send the shopper afterwards: one of our own paths, never another site. */
export function safeBack(value: FormDataEntryValue | null): string | null {
  const back = typeof value === 'string' ? value : ''
  return /^\/(?!\/)[A-Za-z0-9/_?=&-]{0,200}$/.test(back) ? back : null
}

const text = (form: FormData, name: string) => String(form.get(name) ?? '')

/**
 * The /Login page's forms without JavaScript (with it, the same forms call the API from the browser): log in, join,
 * forgotten password and log out. Success answers 303 (passwords are only ever posted, never put in a URL); a
 * refusal answers 422 with each field's spec §5/§8 message and what was typed (never a password).
 */
export async function authAction(request: Request, api: StorefrontApi) {
  const form = await readForm(request)
  const t = createTranslator(localeOf(request))
  const intent = text(form, 'intent')
  const refuse = (errors: Record<string, string | null>, values: Record<string, string> = {}, init?: { status: number; headers?: Record<string, string> }) =>
    data<AuthFailure>({ intent, errors, values }, init ?? { status: 422 })
  const failed = (error: unknown, field: string, values: Record<string, string>) => {
    const limited = rateLimitedInit(error)
    if (limited) return refuse({ [field]: errorMessage(error) }, values, limited)
    if (error instanceof ApiError && error.status >= 400 && error.status < 500) return null
    throw error
  }

  if (intent === 'logout') {
    await api.logOut()
    return localRedirect(request, '/Login?loggedOut=1', 303)
  }
  if (intent === 'login') {
    const email = text(form, 'login-email').trim()
    const password = text(form, 'login-password')
    const kept = { email, ...(safeBack(form.get('back')) ? { back: safeBack(form.get('back'))! } : {}) }
    const errors = { email: validateEmail(email, t), password: validateRequired(password, t) }
    if (errors.email || errors.password) return refuse(errors, kept)
    let savedItemsAdded = 0
    try {
      savedItemsAdded = (await api.logIn(email, password, text(form, CAPTCHA_FIELD) || undefined)).savedItemsAdded ?? 0
    } catch (error) {
      const answer = failed(error, 'password', kept)
      if (answer) return answer
      const captcha = captchaMessage(error, t)
      if (captcha) return refuse({ captcha }, kept)
      const message = (error as ApiError).message === 'invalid_grant' ? t('auth.invalidCredentials') : localizeApiError(error, t)
      return refuse({ password: message }, kept)
    }
    // the saved cart of an earlier visit joined the guest cart: the cart page shows it and says so before anything
    // else (a checkout the shopper came from is one button away), so the cart never changes unseen (issue 42)
    if (savedItemsAdded > 0) return localRedirect(request, `/Cart?done=${SAVED_ITEMS_ADDED}&items=${savedItemsAdded}`, 303)
    const back = safeBack(form.get('back'))
    return back ? redirect(back, 303) : localRedirect(request, '/my-account', 303)
  }
  if (intent === 'signup') {
    const values = { email: text(form, 'signup-email').trim(), firstName: text(form, 'signup-first-name').trim(), lastName: text(form, 'signup-last-name').trim() }
    const password = text(form, 'signup-password')
    const errors = signupErrors({ ...values, password }, t)
    if (Object.values(errors).some(Boolean)) return refuse(errors, values)
    try {
      await api.registerUser({ ...values, password, captchaToken: text(form, CAPTCHA_FIELD) || undefined })
      await api.logIn(values.email, password)
    } catch (error) {
      const answer = failed(error, 'form', values)
      if (answer) return answer
      const captcha = captchaMessage(error, t)
      // a refusal naming fields (a name with a line break or a direction mark, an address the backend does not take)
      // is said beside those fields, not only as 'Some of the details are not valid.'
      const fields = apiFieldErrors(error, SIGNUP_API_FIELDS, t)
      return refuse(captcha ? { captcha } : Object.keys(fields).length ? fields : { form: localizeApiError(error, t) }, values)
    }
    return localRedirect(request, '/?joined=1', 303)
  }
  if (intent === 'forgot') {
    const email = text(form, 'forgot-email').trim()
    const invalid = validateEmail(email, t)
    if (invalid) return refuse({ email: invalid }, { email })
    try {
      await api.forgotPassword(email)
    } catch (error) {
      const answer = failed(error, 'email', { email })
      if (answer) return answer
      return refuse({ email: (error as ApiError).status === 404 ? t('auth.noUser') : localizeApiError(error, t) }, { email })
    }
    // the thank-you screen names the address (spec §4); answered in the page, not put in a URL
    return data<AuthFailure>({ intent: 'forgot-sent', errors: {}, values: { email } })
  }
  return refuse({ form: t('error.formTitle') })
}
