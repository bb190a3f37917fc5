import { useLocation } from 'react-router'
import type { Currency, Locale } from '#kernel/models.ts'
import { CURRENCIES, LOCALES, localePath, splitLocalePath } from '#kernel/config.ts'
import { writePreferenceCookie } from '../../lib/preference-cookie.ts'
import { useT } from '../../i18n/index.tsx'
import { useRequestInfo } from '../../state/session/request-info.ts'
import { useApi } from '../../api/use-api.ts'
import { cx } from '../ui/cx.ts'

/**
 * Language (with its flag) and currency (spec §2, §4). A language change sets the cookie and loads the same page in
 * the other language; a currency change first moves an existing cart to the new currency, then reloads.
 */
export function LocaleSelector({ idPrefix, tone = 'light' }: { idPrefix: string; tone?: 'light' | 'dark' }) {
  const { t, locale } = useT()
  const { currency } = useRequestInfo()
  const { pathname, search } = useLocation()
  const api = useApi()

  const changeLocale = (next: Locale) => {
    writePreferenceCookie('locale', next)
    window.location.assign(localePath(next, splitLocalePath(pathname).path) + search)
  }
  const changeCurrency = async (next: Currency) => {
    // the page does not read the cart: the server moves one if the shopper has one (a visitor without a session
    // costs it nothing)
    try {
      await api.changeCurrency(currency, next)
    } catch {
      return
    }
    writePreferenceCookie('currency', next)
    window.location.reload()
  }

  const dark = tone === 'dark'
  const select = cx(
    'locale-select',
    // Dark (footer): white on neutral-800 is 15:1, the edge neutral-500 on neutral-900 3.9:1. Light: neutral-900 on white.
    dark ? 'border-neutral-500 bg-neutral-800 text-white hover:border-neutral-300 focus-visible:ring-primary-400 focus-visible:ring-offset-neutral-900' : 'border-neutral-300 bg-white text-neutral-900 hover:border-neutral-600 focus-visible:ring-primary-600',
  )
  const chevron = (
    <svg viewBox="0 0 20 20" className={cx('pointer-events-none absolute right-2 top-1/2 h-3.5 w-3.5 -translate-y-1/2', dark ? 'text-neutral-300' : 'text-neutral-600')} aria-hidden="true" focusable="false">
      <use href="#i-select" />
    </svg>
  )
  // The flag is fetchPriority="low": React would otherwise preload it from the head, beside the LCP image.
  return (
    <div className={cx('flex items-center gap-2 text-sm', dark && 'text-neutral-300')} data-testid="locale-selector">
      <img src={`/flags/${locale}.svg`} width={20} height={14} fetchPriority="low" className="rounded-sm" alt={t('localeSelector.flag', { language: t(`localeSelector.${locale}`) })} />
      <label className={dark ? 'font-semibold' : 'sr-only'} htmlFor={`${idPrefix}-locale`}>
        {t('localeSelector.language')}
      </label>
      <span className="relative">
        <select id={`${idPrefix}-locale`} value={locale} onChange={(e) => changeLocale(e.target.value as Locale)} className={select}>
          {LOCALES.map((l) => (
            <option key={l} value={l}>
              {t(`localeSelector.${l}`)}
            </option>
          ))}
        </select>
        {chevron}
      </span>
      <label className={dark ? 'ml-2 font-semibold' : 'sr-only'} htmlFor={`${idPrefix}-currency`}>
        {t('localeSelector.currency')}
      </label>
      <span className="relative">
        <select id={`${idPrefix}-currency`} value={currency} onChange={(e) => void changeCurrency(e.target.value as Currency)} className={select}>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        {chevron}
      </span>
    </div>
  )
}
