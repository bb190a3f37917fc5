import { createContext } from 'react-router'
import type { StorefrontApi } from './api/storefront-api.ts'
import type { Currency, Locale } from '#kernel/models.ts'
import type { StoreSettings } from '#kernel/store-settings.ts'

declare module 'react-router' {
  interface Future {
    v8_middleware: true
  }
}

/** The StorefrontApi of this side: the commerce client on the server, the BFF in the browser. */
export const apiContext = createContext<StorefrontApi>()

/** What the worker resolved about the request (locale from the path; currency and country from cookies). */
export interface RequestInfo {
  locale: Locale
  currency: Currency
  country: string
  /**
   * Third-party services, each only when its variable is set: the non-essential ones (tag manager, live chat, fonts
   * service) only after the shopper's consent (web/features/consent/); the email check when the signup form shows; the
   * captcha (Turnstile: script and site key, only when its secret is set too) on signup, contact and declined payments.
   */
  thirdParty: {
    gtmId?: string
    chatWidgetUrl?: string
    emailVerificationUrl?: string
    emailVerificationKey?: string
    fontsCssUrl?: string
    captcha?: { scriptUrl: string; siteKey: string }
    /** Card payments through Stripe (only when its keys are set): the publishable key, never the secret. */
    stripe?: StripePublicConfig
  }
  version: string
  /** The public origin of the store (`https://…`), for absolute URLs: canonical, hreflang, Open Graph, JSON-LD. */
  origin: string
  /** The shop's own facts (the console's Settings): name, legal name, ABN, address, logo, social links … */
  store: StoreSettings
}
/** What the payment step needs to mount Stripe's card element. `jsUrl` is set only for tests (a local fake). */
export interface StripePublicConfig {
  publishableKey: string
  jsUrl?: string
}

export const requestInfoContext = createContext<RequestInfo>()
