import type { MenuItem } from '#kernel/models.ts'
import { FREE_RETURNS_DAYS } from '#kernel/config.ts'
import { shopName, socialLinks } from '#kernel/store-settings.ts'
import { useStoreSettings } from '../../state/session/request-info.ts'
import { useT, type MessageKey } from '../../i18n/index.tsx'
import { usePanelLink } from '../layouts/lazy-panels.tsx'
import { Icon, type IconName } from '../icons.tsx'
import { LocalLink } from '../local-link.tsx'
import { Logo } from '../logo.tsx'
import { buttonClass } from '../ui/button.tsx'
import { cx } from '../ui/cx.ts'
import { Deferred } from '../deferred.tsx'
import { LocaleSelector } from './locale-selector.tsx'
import { ConsentSettingsButton } from '../../features/consent/consent-manager.tsx'
import { PaymentMarks } from './payment-marks.tsx'
import { useMenu } from './use-menu.ts'

type FooterLink = { key: MessageKey; to: string }

/** Today's fixed links (spec §2, the lowercase aliases): shown when the backend has no footer menu (a remote Spree). */
const HELP_LINKS: FooterLink[] = [
  { key: 'footer.contactUs', to: '/contactus' },
  { key: 'footer.faqs', to: '/FAQs' },
  { key: 'footer.sizingGuides', to: '/sizingguides' },
  { key: 'footer.returns', to: '/productreturns' },
]
const COMPANY_LINKS: FooterLink[] = [
  { key: 'footer.aboutUs', to: '/aboutus' },
  { key: 'footer.giftCards', to: '/giftcards' },
  { key: 'footer.privacyPolicy', to: '/privacypolicy' },
  { key: 'footer.terms', to: '/termsandconditions' },
]

const link = 'rounded-sm text-neutral-300 underline-offset-4 hover:text-white hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-primary-400'
/** The same look as one component class (web/styles/components.ts), for the links that add nothing to it. */
const plainLink = 'foot-link'

function useFixedGroups(): MenuItem[] {
  const { t } = useT()
  const group = (title: MessageKey, links: FooterLink[]): MenuItem => ({ label: t(title), link: '', items: links.map((l) => ({ label: t(l.key), link: l.to, items: [] })) })
  return [group('footer.help', HELP_LINKS), group('footer.company', COMPANY_LINKS)]
}

/**
 * One block per top-level item: its label heads the block (a link when it has one), its children are the links. A
 * store path gets the page's language; an operator's https:// link is left as it is (LocalLink).
 */
function LinkGroups({ groups }: { groups: MenuItem[] }) {
  return (
    <div className="grid flex-[2] grid-cols-2 gap-8 lg:auto-cols-fr lg:grid-flow-col" data-testid="footer-links">
      {groups.map((group, i) => (
        <div key={`${i}:${group.label}`}>
          <h2 className="text-sm font-bold uppercase tracking-wider text-white">{group.link ? (
              <LocalLink to={group.link} className={plainLink}>
                {group.label}
              </LocalLink>
            ) : (
              group.label
            )}</h2>
          <ul className="mt-2 text-sm lg:mt-4 lg:space-y-3">
            {group.items.map((item, j) => (
              <li key={`${j}:${item.link}`}>
                <LocalLink to={item.link} className={plainLink}>
                  {item.label}
                </LocalLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  )
}

/** The promises a shopper looks for before paying, in one strip above the blocks. */
function Promises() {
  const { t } = useT()
  const items: Array<{ icon: IconName; text: string }> = [
    { icon: 'returns', text: t('footer.freeReturns', { days: FREE_RETURNS_DAYS }) },
    { icon: 'tag', text: t('footer.clubSavings') },
    { icon: 'lock', text: t('footer.secureCheckout') },
  ]
  return (
    <ul className="grid gap-4 border-b border-neutral-700 pb-8 sm:grid-cols-3">
      {items.map((item) => (
        <li key={item.text} className="flex items-center gap-3 font-semibold text-white">
          <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-neutral-800 text-primary-300">
            <Icon name={item.icon} className="h-5 w-5" />
          </span>
          {item.text}
        </li>
      ))}
    </ul>
  )
}

/** The shop's address, phone and support email from its settings (the console's Settings page), as far as they are set. */
function ShopContact() {
  const store = useStoreSettings()
  if (!store.address && !store.phone && !store.supportEmail) return null
  return (
    <address className="text-sm not-italic leading-6" data-testid="shop-contact">
      {store.address.split('\n').map((line) => (
        <span key={line} className="block">
          {line}
        </span>
      ))}
      {store.phone ? (
        <a href={`tel:${store.phone.replace(/[^+\d]/g, '')}`} className={cx('inline-flex min-h-11 items-center', link)}>
          {store.phone}
        </a>
      ) : null}
      {store.phone && store.supportEmail ? <span aria-hidden="true"> · </span> : null}
      {store.supportEmail ? (
        <a href={`mailto:${store.supportEmail}`} className={cx('inline-flex min-h-11 items-center', link)}>
          {store.supportEmail}
        </a>
      ) : null}
    </address>
  )
}

/**
 * Items on one line with a '·' between them, which wrap without a separator at either end of a line: each item
 * after the first brings its '·' in a 16 px gutter before it, and the line's first item has its gutter outside the
 * clipped box (the row starts 16 px to the left of it), so the '·' shows only between two items of the same line.
 */
function Separated({ items, className }: { items: string[]; className?: string }) {
  return (
    <div className={cx('overflow-hidden', className)} data-testid="footer-legal">
      <p className="-ml-4 flex flex-wrap">
        {items.map((item) => (
          <span key={item} className="relative pl-4">
            <span aria-hidden="true" className="absolute left-0 w-4 text-center">
              ·
            </span>
            {item}
          </span>
        ))}
      </p>
    </div>
  )
}

/** Link blocks from the footer menu (else help and company), club, social, payment marks, language and currency (spec §2), in both languages. */
export function Footer() {
  const { t } = useT()
  const opensSignup = usePanelLink('signup')
  const menu = useMenu('footer')
  const fixed = useFixedGroups()
  const store = useStoreSettings()
  return (
    <footer className="cv-auto mt-16 bg-neutral-900 pb-20 text-neutral-300 [--cv-height:1300px] lg:pb-0 lg:[--cv-height:620px]" data-testid="site-footer">
      <div className="mx-auto max-w-site px-4 py-12">
        <Promises />
        <nav aria-label={t('footer.title')} className="flex flex-col gap-10 py-10 lg:flex-row lg:gap-8">
          <Deferred id={menu.id} load={menu.load} fallback={<LinkGroups groups={fixed} />}>
            {(items) => <LinkGroups groups={items ?? fixed} />}
          </Deferred>
          <div className="lg:flex-1">
            <h2 className="text-sm font-bold uppercase tracking-wider text-white">{t('footer.club')}</h2>
            <p className="mt-4 max-w-sm text-sm">{t('footer.clubText')}</p>
            {/* the login page, which holds the join form (without JavaScript); with JavaScript the signup modal */}
            <LocalLink
              to="/Login"
              {...opensSignup}
              className={cx(buttonClass('primary', 'md'), 'mt-4 focus-visible:ring-offset-neutral-900')}
            >
              {t('footer.joinClub')}
            </LocalLink>
          </div>
        </nav>
        <div className="flex flex-col gap-8 border-t border-neutral-700 pt-8 lg:flex-row lg:items-end lg:justify-between">
          <div className="space-y-4">
            <Logo tone="light" compact />
            <ShopContact />
            <div>
              <h2 className="mb-2 text-sm font-semibold text-white">{t('footer.followUs')}</h2>
              <ul className="flex gap-2">
                {socialLinks(store).map((social) => (
                  <li key={social.name}>
                    <a href={social.href} rel="noopener noreferrer" target="_blank" className={cx('inline-flex h-11 w-11 items-center justify-center rounded-full bg-neutral-800', link)} aria-label={t('header.social', { name: social.name })}>
                      <Icon name={social.key} className="h-5 w-5" />
                    </a>
                  </li>
                ))}
              </ul>
            </div>
          </div>
          <div className="space-y-4">
            <div>
              <h2 className="mb-2 text-sm font-semibold text-white">{t('footer.payment')}</h2>
              <PaymentMarks label={t('footer.payment')} />
            </div>
            <LocaleSelector idPrefix="footer" tone="dark" />
            <ConsentSettingsButton className={cx('min-h-9 text-left text-sm', link)} />
          </div>
        </div>
        <Separated className="mt-8 text-sm text-neutral-400" items={[t('footer.copyright', { year: new Date().getFullYear(), legalName: store.legalName || shopName(store) }), t('footer.shippingNote')]} />
      </div>
    </footer>
  )
}
