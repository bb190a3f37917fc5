import { useAtomValue } from 'jotai'
import { useLocation } from 'react-router'
import type { Currency, Locale } from '../../api/models.ts'
import { CURRENCIES, LOCALES, PREFERENCE_COOKIE_MAX_AGE, localePath, splitLocalePath } from '../../config.ts'
import { useT } from '../../i18n/index.tsx'
import { useRequestInfo } from '../../features/session/request-info.ts'
import { useApi } from '../../api/use-api.ts'
import { cartAtom } from '../../features/session/atoms.ts'

function setPreference(name: string, value: string) {
  document.cookie = `${name}=${value}; path=/; max-age=${PREFERENCE_COOKIE_MAX_AGE}; samesite=lax${location.protocol === 'https:' ? '; secure' : ''}`
}

/**
 * Language (with its flag) and currency (spec §2, §4). A language change sets the cookie and loads the same page in
 * the other language; a currency change first moves an existing cart to the new currency, then reloads.
 */
export function LocaleSelector({ idPrefix }: { idPrefix: string }) {
  const { t, locale } = useT()
  const { currency } = useRequestInfo()
  const { pathname, search } = useLocation()
  const api = useApi()
  const cart = useAtomValue(cartAtom)

  const changeLocale = (next: Locale) => {
    setPreference('locale', next)
    window.location.assign(localePath(next, splitLocalePath(pathname).path) + search)
  }
  const changeCurrency = async (next: Currency) => {
    if (cart) {
      try {
        await api.changeCurrency(currency, next)
      } catch {
        return
      }
    }
    setPreference('currency', next)
    window.location.reload()
  }

  return (
    <div className="flex items-center gap-2 text-sm" data-testid="locale-selector">
      <img src={`/flags/${locale}.svg`} width={20} height={14} alt={t('localeSelector.flag', { language: t(`localeSelector.${locale}`) })} />
      <label className="sr-only" htmlFor={`${idPrefix}-locale`}>
        {t('localeSelector.language')}
      </label>
      <select id={`${idPrefix}-locale`} value={locale} onChange={(e) => changeLocale(e.target.value as Locale)} className="rounded border border-gray-300 bg-white px-1 py-0.5">
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {t(`localeSelector.${l}`)}
          </option>
        ))}
      </select>
      <label className="sr-only" htmlFor={`${idPrefix}-currency`}>
        {t('localeSelector.currency')}
      </label>
      <select id={`${idPrefix}-currency`} value={currency} onChange={(e) => void changeCurrency(e.target.value as Currency)} className="rounded border border-gray-300 bg-white px-1 py-0.5">
        {CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  )
}
