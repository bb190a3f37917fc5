import { loadStripe } from '@stripe/stripe-js/pure'
import type { StripeElementLocale } from '@stripe/stripe-js'
import type { StripePublicConfig } from '../../app-context.ts'
import type { Locale } from '#kernel/models.ts'

/**
 * Stripe.js and its card element: this module is its own chunk, imported only by the payment step once it is on
 * screen, so no other page carries it. The card number, expiry and CVC are typed into Stripe's element and go from
 * there to Stripe; the store only ever gets the payment method id.
 */
export interface CardHandle {
  /** The payment method of what was typed, or the element's own message (in the page's language). */
  createPaymentMethod(name: string | undefined): Promise<{ id: string } | { error: string }>
  destroy(): void
}

const scripts = new Map<string, Promise<void>>()

/** A configured Stripe.js address (tests serve a local fake) is loaded here; otherwise the library loads its own. */
function loadScript(src: string): Promise<void> {
  let loading = scripts.get(src)
  if (!loading) {
    loading = new Promise<void>((resolve, reject) => {
      const script = document.createElement('script')
      script.src = src
      script.async = true
      script.nonce = document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce ?? ''
      script.onload = () => resolve()
      script.onerror = () => {
        scripts.delete(src)
        script.remove()
        reject(new Error(`Stripe.js did not load from ${src}`))
      }
      document.head.appendChild(script)
    })
    scripts.set(src, loading)
  }
  return loading
}

/**
 * The element in the store's look: Stripe's iframe takes values, not classes, so the field text, placeholder and
 * error token classes are read off a moment's probe (the tokens stay in the theme, and the shell does not carry them).
 */
function styleLike(target: HTMLElement) {
  const probe = (className: string) => {
    const span = target.appendChild(document.createElement('span'))
    span.className = className
    const { color, fontSize } = getComputedStyle(span)
    span.remove()
    return { color, fontSize }
  }
  const text = probe('text-base text-neutral-900')
  return {
    base: { ...text, fontFamily: 'system-ui, sans-serif', '::placeholder': { color: probe('text-neutral-500').color } },
    invalid: { color: probe('text-danger-700').color },
  }
}

export async function mountCard(config: StripePublicConfig, locale: Locale, target: HTMLElement, onChange: (message: string | null) => void): Promise<CardHandle> {
  if (config.jsUrl && !window.Stripe) await loadScript(config.jsUrl)
  const stripe = await loadStripe(config.publishableKey, { locale: locale as StripeElementLocale })
  if (!stripe) throw new Error('Stripe.js is not available')
  const elements = stripe.elements({ locale: locale as StripeElementLocale })
  const card = elements.create('card', { hidePostalCode: true, style: styleLike(target) })
  card.on('change', (event) => onChange(event.error?.message ?? null))
  await new Promise<void>((resolve) => {
    card.on('ready', () => resolve())
    card.mount(target)
  })
  return {
    async createPaymentMethod(name) {
      const result = await stripe.createPaymentMethod({ type: 'card', card, ...(name ? { billing_details: { name } } : {}) })
      if (result.error) return { error: result.error.message ?? '' }
      return { id: result.paymentMethod.id }
    },
    destroy: () => card.destroy(),
  }
}
