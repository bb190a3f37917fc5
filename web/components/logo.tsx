import { MARK } from '#kernel/brand.ts'
import { shopName } from '#kernel/store-settings.ts'
import { useStoreSettings } from '../state/session/request-info.ts'
import { cx } from './ui/cx.ts'

/** The mark alone (decorative: the link around it carries the name). */
export function LogoMark({ className = 'h-9 w-9' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cx('shrink-0', className)} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="7" className="fill-primary-600" />
      <circle cx={MARK.sun.cx} cy={MARK.sun.cy} r={MARK.sun.r} className="fill-primary-200" />
      <path d={MARK.ridge} className="fill-white" />
      <path d={MARK.snow} className="fill-primary-200" />
      <path d={MARK.tent} className="fill-primary-600" />
    </svg>
  )
}

/**
 * The shop's logo uploaded in the console (Settings), else mark and wordmark: the name's first word set large, the
 * rest spaced small beneath it. `tone="light"` for dark grounds. The wordmark is live text in the body face, so it
 * stays sharp and costs no image request. Decorative either way: the link around it carries the name.
 */
export function Logo({ tone = 'dark', compact = false }: { tone?: 'dark' | 'light'; compact?: boolean }) {
  const store = useStoreSettings()
  if (store.logoUrl) {
    return (
      <span className="inline-flex items-center" data-testid="logo">
        <img src={store.logoUrl} alt="" className={cx('w-auto max-w-48', compact ? 'h-8' : 'h-9 lg:h-10')} />
      </span>
    )
  }
  const [first = '', ...others] = shopName(store).split(/\s+/)
  const rest = others.join(' ')
  return (
    <span className="inline-flex items-center gap-2.5" data-testid="logo">
      <LogoMark className={compact ? 'h-8 w-8' : 'h-9 w-9 lg:h-10 lg:w-10'} />
      <span className={cx('flex flex-col leading-none', tone === 'light' ? 'text-white' : 'text-neutral-900')}>
        <span className={cx('font-extrabold uppercase tracking-tight', compact ? 'text-lg' : 'text-xl lg:text-2xl')}>{first}</span>{' '}
        {rest ? <span className={cx('mt-0.5 text-xs font-semibold uppercase tracking-wordmark', tone === 'light' ? 'text-primary-300' : 'text-primary-700')}>{rest}</span> : null}
      </span>
    </span>
  )
}
