import { redirect, type ActionFunctionArgs } from 'react-router'
import { loaderApi } from '../../api/loader-api.ts'
import { ApiError } from '../../api/storefront-api.ts'
import { createTranslator } from '../../i18n/index.tsx'
import { splitLocalePath } from '../../config.ts'
import { validateEmail } from '../auth/validation.ts'
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
  if (invalid) return { newsletterError: invalid, email }
  try {
    await loaderApi(context).subscribeNewsletter(email)
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) return { newsletterError: error.message, email }
    throw error
  }
  return redirect(`${url.pathname}?newsletter=subscribed#newsletter`, { status: 303, headers: { 'Set-Cookie': subscribedCookieHeader(url.protocol === 'https:') } })
}
