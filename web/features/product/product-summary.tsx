import { lazy, Suspense, type FormEvent } from 'react'
import { useSetAtom } from 'jotai'
import { useAtomValue } from '../../state/use-atom.ts'
import type { Product, Variant } from '#kernel/models.ts'
import { useT, withAllTexts } from '../../i18n/index.tsx'
import { preloadPanel, usePanelLink } from '../../components/layouts/lazy-panels.tsx'
import { LocalLink } from '../../components/local-link.tsx'
import { formatMoney } from '#kernel/format.ts'
import { isAuthenticatedAtom } from '../../state/session/atoms.ts'
import { PERSONAL } from '../../state/session/personal-state.ts'
import { openPanelAtom } from '../../state/ui.ts'
import { WishlistButton } from '../../components/wishlist-button.tsx'
import { SHOW_CHOICE, useShowChoice, VariantPicker } from './variant-picker.tsx'
import { useEnhanced } from '../../components/ui/use-enhanced.ts'
import { SizeGuide } from './size-guide.tsx'
import { PriceBlock } from '../../components/ui/price-block.tsx'
import { Button } from '../../components/ui/button.tsx'
import { cx, focusRing } from '../../components/ui/cx.ts'
import { availabilityOf, chosenVariant, optionGroups, optionQuery, type Availability } from './variant-selection.ts'
import { LAND_HERE } from '../../components/ui/cx.ts'
import { usePageQuery } from '../../lib/page-query.ts'
import { useRequestInfo } from '../../state/session/request-info.ts'
import { DeliveryPromise } from '../../components/delivery-promise.tsx'
import { ADD_TO_CART, useAddToCart } from './use-add-to-cart.ts'
import type { StockAlertResult } from './stock-alert-form.tsx'

/**
 * Only the gift card product shows the gift card form, so its code is a chunk of its own: rendered on the server in
 * the first bytes like the rest, and hydrated once the chunk arrives (the form posts without JavaScript meanwhile).
 */
const GiftCardForm = lazy(withAllTexts(() => import('./gift-card-form.tsx').then((m) => ({ default: m.GiftCardForm }))))

/** 'Tell me when it's back' (decision 0073): loaded when the chosen size is sold out, not with the page. */
const StockAlertForm = lazy(withAllTexts(() => import('./stock-alert-form.tsx').then((m) => ({ default: m.StockAlertForm }))))

/**
 * Spec §1 labels: on sale, the sale price and the RRP it beats; otherwise the RRP is the price. Then the Club Price.
 * Each size has its own prices: the chosen size's; before a size is chosen, the cheapest's ('from' when they differ).
 */
function Prices({ product, variant }: { product: Product; variant: Variant | null }) {
  const { t, locale } = useT()
  const isMember = useAtomValue(isAuthenticatedAtom)
  const opensSignup = usePanelLink('signup')
  const amounts = product.variants.map((v) => v.price.current)
  const from = variant === null && amounts.length > 1 && Math.max(...amounts) > Math.min(...amounts)
  const { current, original } = variant?.price ?? product.price
  const member = variant ? variant.member_price : product.member_price
  const money = (amount: number) => formatMoney(amount, product.currency, locale)
  const saving = member !== null && member < current ? current - member : 0
  return (
    <div className="mt-3 space-y-2">
      <PriceBlock
        size="lg"
        testId="product-price"
        price={money(original)}
        salePrice={original > current ? money(current) : null}
        clubPrice={member !== null ? money(member) : null}
        from={from}
        saving={saving > 0 && !from ? money(saving) : null}
        savingHidden={!isMember}
        savingMarker={PERSONAL.memberOnly}
      />
      {/* pay-later's line, finished on the server (decision 0079) */}
      {(variant ?? product).instalments ? (
        <p className="text-sm text-neutral-700" data-testid="instalments">
          {(variant ?? product).instalments}
        </p>
      ) : null}
      {product.displayMemberPrice && !isMember ? (
        <p className="text-sm text-neutral-700" data-testid="club-join" data-personal={PERSONAL.guestOnly}>
          {/* the login page with its join form; with JavaScript the signup modal */}
          <LocalLink
            to="/Login"
            {...opensSignup}
            className={cx('rounded-sm font-semibold text-club-700 underline underline-offset-2 hover:text-club-800', focusRing)}
          >
            {t('product.joinClub')}
          </LocalLink>{' '}
          {t('product.joinClubText')}
        </p>
      ) : null}
    </div>
  )
}

const isBuyable = (availability: Availability) => availability.state === 'in-stock' || availability.state === 'low-stock'
/** A change of one of the option radios (not of a field some other part of the form may hold). */
const isOption = (target: EventTarget) => target instanceof HTMLInputElement && target.type === 'radio'

function StockIndicator({ availability }: { availability: Availability }) {
  const { t } = useT()
  const [text, tone] =
    availability.state === 'in-stock'
      ? [t('product.inStock'), 'bg-success-700']
      : availability.state === 'low-stock'
        ? [t('product.lowStock', { count: availability.units }), 'bg-primary-600']
        : availability.state === 'discontinued'
          ? [t('product.discontinued'), 'bg-neutral-500']
          : [t('pages.soldOut'), 'bg-neutral-500']
  return (
    <p className="flex items-center gap-2 text-sm font-semibold" data-testid="stock" data-state={availability.state}>
      <span className={cx('h-2.5 w-2.5 rounded-full', tone)} aria-hidden="true" />
      {text}
    </p>
  )
}

/**
 * When it arrives with the standard rate, for shoppers in Australia (the rate's zone; the page cache keys on the
 * country): 'usually in 2–4 business days' from the server, dated by the browser (components/delivery-promise.tsx).
 */
function DeliveryLine() {
  const { t } = useT()
  const { country, store } = useRequestInfo()
  const dispatch = store.dispatch
  if (country !== 'AU' || !dispatch?.days) return null
  const { min, max } = dispatch.days
  return (
    <p className="mt-2 text-sm text-neutral-800">
      <DeliveryPromise dispatch={dispatch} days={dispatch.days} fallback={t('delivery.usually', { days: min === max ? String(min) : `${min}–${max}` })} />
    </p>
  )
}

/** Name, prices, stock, the variant choice and the add-to-cart form (a fixed bar at the bottom of phones). */
export function ProductSummary({ product, chosen, error, alert }: { product: Product; chosen: Record<string, string>; error?: string; alert?: StockAlertResult }) {
  const { t } = useT()
  const add = useAddToCart()
  // the cart drawer opens after the add: its code starts loading when the button is pointed at, focused or touched
  const cartIntent = { onPointerEnter: () => preloadPanel('cart'), onFocus: () => preloadPanel('cart'), onTouchStart: () => preloadPanel('cart') }
  // the chosen options only: no heart's notice, tracking or unknown parameter goes into the wishlist's link
  const search = optionQuery(product, usePageQuery())
  const variant = chosenVariant(product, chosen)
  const availability = availabilityOf(product, variant)
  const buyable = variant !== null && isBuyable(availability)
  const needsChoice = variant === null && optionGroups(product).length > 0 && availability.state === 'in-stock'
  // without JavaScript the button cannot know what is picked until it is posted: it adds whenever something can be
  // bought, and the action refuses a sold-out or incomplete choice with its sentence
  const enhanced = useEnhanced()
  const canAdd = enhanced ? buyable : product.variants.some((v) => isBuyable(availabilityOf(product, v)))
  const showChoice = useShowChoice(product)
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter
    // 'Show' (before hydration finished): the choice goes into the address, nothing is added
    if (submitter?.dataset.action !== SHOW_CHOICE) return add.onSubmit(event)
    event.preventDefault()
    showChoice(event.currentTarget)
  }
  const wishVariant = variant?.id ?? product.variants.find((v) => v.optionValueIds.includes(Object.values(chosen)[0] ?? ''))?.id ?? product.variants[0]?.id
  return (
    <div data-testid="product-summary">
      <h1 className="text-2xl font-bold text-neutral-900 lg:text-4xl">{product.name}</h1>
      <Prices product={product} variant={variant} />
      {product.isGiftCard ? (
        <div className="mt-6">
          <Suspense fallback={null}>
            <GiftCardForm />
          </Suspense>
        </div>
      ) : (
        <>
          {/* One form: the options and 'Add to cart'. Without JavaScript it posts to this page, whose action reads the
              variant the options pick and hands the add to the one cart action (routes/cart-action.ts). With
              JavaScript it posts to that action through a fetcher: the page stays, the cart opens, and the button is
              busy until the add is answered; the chosen variant is then a field of its own, so no product is read. */}
          <add.Form method="post" data-testid="add-to-cart-form" onSubmit={onSubmit} onChange={(event) => isOption(event.target) && showChoice(event.currentTarget)}>
            <div className="mt-6">
              <VariantPicker product={product} chosen={chosen} sizeGuide={<SizeGuide product={product.slug} />} />
            </div>
            <div className="mt-5">
              <StockIndicator availability={availability} />
              {isBuyable(availability) ? <DeliveryLine /> : null}
            </div>
            <div className="fixed inset-x-0 bottom-14 z-30 flex items-center gap-3 border-t border-neutral-200 bg-white p-3 shadow-lg lg:static lg:mt-6 lg:border-0 lg:p-0 lg:shadow-none">
              {enhanced ? (
                <>
                  <input type="hidden" name="intent" value={ADD_TO_CART} />
                  <input type="hidden" name="variantId" value={variant?.id ?? ''} />
                  <input type="hidden" name="quantity" value="1" />
                </>
              ) : null}
              <Button type="submit" name="intent" value={ADD_TO_CART} size="lg" className="flex-1" disabled={!canAdd} loading={add.busy} data-testid="add-to-cart" {...cartIntent}>
                {canAdd ? t('product.addToCart') : needsChoice ? t('product.chooseSize') : t('pages.soldOut')}
              </Button>
            </div>
          </add.Form>
          {error ? (
            <p role="alert" {...LAND_HERE} className="mt-2 text-sm text-sale-700">
              {error}
            </p>
          ) : null}
          {variant !== null && availability.state === 'sold-out' ? (
            <Suspense fallback={null}>
              <StockAlertForm key={variant.id} variantId={variant.id} posted={alert} />
            </Suspense>
          ) : null}
        </>
      )}
      <div className="mt-4 flex items-center gap-3 text-sm text-neutral-700">
        {/* The heart posts to this page with its query, so without JavaScript the 303 back keeps the chosen colour and size. */}
        <WishlistButton productLink={`/products/${product.slug}${search.size > 0 ? `?${search}` : ''}`} variantId={wishVariant} name={product.name} />
        <span>{t('wishlist.title')}</span>
      </div>
    </div>
  )
}
