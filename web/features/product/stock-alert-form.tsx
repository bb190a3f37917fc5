import { useState, type FormEvent } from 'react'
import { useT } from '../../i18n/index.tsx'
import { sayRefusal } from '../../i18n/say-refusal.ts'
import { useAtomValue } from '../../state/use-atom.ts'
import { isAuthenticatedAtom, userAtom } from '../../state/session/atoms.ts'
import { PERSONAL } from '../../state/session/personal-state.ts'
import { Button } from '../../components/ui/button.tsx'
import { useEnhanced } from '../../components/ui/use-enhanced.ts'
import { controlBase, controlEdge, cx, LAND_HERE } from '../../components/ui/cx.ts'

/** What asking came to: the page action's answer without JavaScript (routes/product-action.ts), the form's state with it. */
export type StockAlertResult = { stockAlert: 'pending' | 'confirmed' } | { stockAlert: 'refused'; alertError: string }

/**
 * 'Tell me when it's back' under a sold-out size (issue 44, decision 0073): its own chunk, loaded when the chosen size
 * is sold out. A plain form post to the page's action without JavaScript (a member's post has no address: the page's
 * HTML is shared, so the worker removes the field for members); with it, the alert is asked for in place. A guest
 * confirms through the emailed link; a member's account address is used at once.
 */
export function StockAlertForm({ variantId, posted }: { variantId: string; posted?: StockAlertResult }) {
  const { t, locale } = useT()
  const enhanced = useEnhanced()
  const isMember = useAtomValue(isAuthenticatedAtom)
  const user = useAtomValue(userAtom)
  const [email, setEmail] = useState('')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<StockAlertResult | undefined>(posted)
  const submit = async (event: FormEvent) => {
    event.preventDefault()
    setBusy(true)
    try {
      // straight to the BFF (the browser's API leaves the alerts out of the first visit's code); a chunk it has loaded
      const { apiRequest } = await import('../../api/browser/request.ts')
      const { confirmed } = await apiRequest<{ confirmed: boolean }>('POST', '/api/stock-alerts', { variantId, ...(isMember ? {} : { email: email.trim() }) })
      setResult({ stockAlert: confirmed ? 'confirmed' : 'pending' })
    } catch (error) {
      setResult({ stockAlert: 'refused', alertError: await sayRefusal(error, locale).catch(() => (error instanceof Error ? error.message : String(error))) })
    } finally {
      setBusy(false)
    }
  }
  const inputId = `stock-alert-email-${variantId}`
  const refused = result?.stockAlert === 'refused' ? result.alertError : null
  if (result?.stockAlert === 'pending' || result?.stockAlert === 'confirmed') {
    return (
      <p role="status" className="mt-4 rounded-md bg-success-50 p-3 text-sm font-semibold text-success-800" data-testid="stock-alert-done" {...LAND_HERE}>
        {result.stockAlert === 'confirmed' ? t('stockAlert.sentMember') : t('stockAlert.sentGuest')}
      </p>
    )
  }
  return (
    <form method="post" onSubmit={enhanced ? submit : undefined} noValidate className="mt-4 space-y-3 rounded-md border border-neutral-200 p-4" data-testid="stock-alert">
      <input type="hidden" name="intent" value="stock-alert" />
      <input type="hidden" name="alertVariantId" value={variantId} />
      <p className="text-sm text-neutral-800">{t('stockAlert.intro')}</p>
      {isMember ? (
        user ? <p className="text-sm text-neutral-700">{t('stockAlert.memberAsk', { email: user.email })}</p> : null
      ) : (
        <div data-personal={PERSONAL.guestOnly}>
          <label htmlFor={inputId} className="mb-1 block text-sm font-semibold text-neutral-900">
            {t('stockAlert.email')}
          </label>
          <input
            id={inputId}
            name="email"
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className={cx(controlBase, controlEdge(Boolean(refused)), 'min-h-11 w-full')}
            autoComplete="email"
            aria-invalid={refused ? true : undefined}
            aria-describedby={refused ? `${inputId}-error` : undefined}
          />
        </div>
      )}
      {refused ? (
        <p id={`${inputId}-error`} role="alert" className="text-sm text-sale-700" {...LAND_HERE}>
          {refused}
        </p>
      ) : null}
      <Button type="submit" variant="secondary" loading={busy} data-testid="stock-alert-ask">
        {t('stockAlert.ask')}
      </Button>
    </form>
  )
}
