import { data, redirect, type ActionFunctionArgs } from 'react-router'
import { loaderApi } from '../../api/loader-api.ts'
import { ApiError, rateLimitedInit } from '../../api/storefront-api.ts'
import { apiFieldErrors } from '../../api/field-errors.ts'
import { localizeApiError } from '../../i18n/api-errors.ts'
import { createTranslator } from '../../i18n/index.tsx'
import { splitLocalePath } from '#kernel/config.ts'
import { validateEmail } from '../../forms/validation.ts'
import { subscribedCookieHeader } from './prompt-memory.ts'
import { readForm } from '../../routes/route-helpers.ts'

/**
 * The newsletter form posted without JavaScript: subscribe, remember it (the prompt never shows again), and 303 back
 * to the page with `?newsletter=subscribed` for the thank-you; a bad address comes back as the field's message.
 */
export async function newsletterAction({ request, context }: ActionFunctionArgs) {
  const url = new URL(request.url)
  const t = createTranslator(splitLocalePath(url.pathname).locale)
  const form = await readForm(request)
  const email = String(form.get('email') ?? '').trim()
  const invalid = validateEmail(email, t)
  // a refusal is a 4xx (it was a 200 with the message), its sentence the field's, in the page's language
  if (invalid) return data({ newsletterError: invalid, email }, { status: 422 })
  try {
    await loaderApi(context).subscribeNewsletter(email)
  } catch (error) {
    const limited = rateLimitedInit(error)
    if (limited) return data({ newsletterError: (error as Error).message, email }, limited)
    if (error instanceof ApiError && error.status < 500) return data({ newsletterError: apiFieldErrors(error, { email: 'email' }, t).email ?? localizeApiError(error, t), email }, { status: 422 })
    throw error
  }
  return redirect(`${url.pathname}?newsletter=subscribed#newsletter`, { status: 303, headers: { 'Set-Cookie': subscribedCookieHeader(url.protocol === 'https:') } })
}
