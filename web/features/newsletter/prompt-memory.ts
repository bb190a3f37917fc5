import { PREFERENCE_COOKIE_MAX_AGE } from '#kernel/config.ts'
import { readBrowserCookie, writePreferenceCookie } from '../../lib/preference-cookie.ts'

/**
 * Whether the visitor has answered the newsletter prompt (subscribed or dismissed it). A cookie rather than local
 * storage, so a subscription through the plain form post (no JavaScript, set by the server's 303) counts too.
 */
export const NEWSLETTER_COOKIE = 'newsletter_prompt'
export type PromptAnswer = 'subscribed' | 'dismissed'

export function promptAnswer(): PromptAnswer | null {
  const answer = readBrowserCookie(NEWSLETTER_COOKIE)
  return answer === 'subscribed' || answer === 'dismissed' ? answer : null
}

export function rememberPromptAnswer(answer: PromptAnswer) {
  writePreferenceCookie(NEWSLETTER_COOKIE, answer)
}

/** The Set-Cookie a server answer carries after a subscription without JavaScript. */
export function subscribedCookieHeader(secure: boolean) {
  return `${NEWSLETTER_COOKIE}=subscribed; Path=/; Max-Age=${PREFERENCE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? '; Secure' : ''}`
}
