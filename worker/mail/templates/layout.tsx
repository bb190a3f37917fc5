import type { CSSProperties, ReactNode } from 'react'
import type { Currency, Locale } from '#kernel/models.ts'
import { BRAND } from '#kernel/brand.ts'
import { club, neutral, primary } from '#kernel/tokens.ts'
import type { MailAddress, MailItemLine, MailSettings } from '../types.ts'
import type { Messages } from './messages.ts'

/**
 * The emails' frame in the store's design, written for mail clients: nested tables, inline styles, a 600 px column,
 * no web fonts, images or scripts (clients block them), so every email renders the same in Gmail, Outlook and Apple Mail.
 */
export interface RenderContext {
  locale: Locale
  m: Messages
  money(cents: number, currency: Currency): string
  date(iso: string): string
  /** The shop's name, legal name, ABN and address (its settings). */
  shop: MailSettings
}

export const FONT = "Figtree, 'Segoe UI', Helvetica, Arial, sans-serif"
const text: CSSProperties = { fontFamily: FONT, fontSize: 15, lineHeight: '22px', color: neutral[800], margin: '0 0 16px' }

export function EmailLayout({ ctx, preview, children }: { ctx: RenderContext; preview: string; children: ReactNode }) {
  return (
    <html lang={ctx.locale}>
      <head>
        <meta httpEquiv="Content-Type" content="text/html; charset=UTF-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </head>
      <body style={{ margin: 0, padding: 0, backgroundColor: neutral[100] }}>
        {/* the inbox's one-line preview, hidden in the email itself */}
        <div style={{ display: 'none', maxHeight: 0, overflow: 'hidden', opacity: 0 }}>{preview}</div>
        <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ backgroundColor: neutral[100] }}>
          <tbody>
            <tr>
              <td align="center" style={{ padding: '24px 12px' }}>
                <table role="presentation" width="600" cellPadding={0} cellSpacing={0} style={{ width: '100%', maxWidth: 600, backgroundColor: '#ffffff', borderRadius: 8, overflow: 'hidden' }}>
                  <tbody>
                    <tr>
                      <td style={{ backgroundColor: BRAND.colour, padding: '18px 32px' }}>
                        <span style={{ fontFamily: FONT, fontSize: 20, fontWeight: 700, color: '#ffffff', letterSpacing: '0.2px' }}>
                          <span style={{ color: BRAND.highlight }}>▲</span> {ctx.shop.name}
                        </span>
                      </td>
                    </tr>
                    <tr>
                      <td style={{ padding: '32px 32px 16px' }}>{children}</td>
                    </tr>
                    <tr>
                      <td style={{ padding: '16px 32px 28px', borderTop: `1px solid ${neutral[200]}` }}>
                        <p style={{ ...text, fontSize: 12, lineHeight: '18px', color: neutral[500], margin: 0 }}>
                          {ctx.m.footer}
                          <br />
                          {ctx.m.footerWhy}
                        </p>
                      </td>
                    </tr>
                  </tbody>
                </table>
              </td>
            </tr>
          </tbody>
        </table>
      </body>
    </html>
  )
}

export function Heading({ children }: { children: ReactNode }) {
  return <h1 style={{ fontFamily: FONT, fontSize: 24, lineHeight: '30px', fontWeight: 700, color: neutral[900], margin: '0 0 16px' }}>{children}</h1>
}

export function Subheading({ children }: { children: ReactNode }) {
  return <h2 style={{ fontFamily: FONT, fontSize: 13, lineHeight: '18px', fontWeight: 700, textTransform: 'uppercase', letterSpacing: '0.6px', color: neutral[600], margin: '24px 0 8px' }}>{children}</h2>
}

export function P({ children, muted, small }: { children: ReactNode; muted?: boolean; small?: boolean }) {
  return <p style={{ ...text, ...(muted ? { color: neutral[600] } : {}), ...(small ? { fontSize: 13, lineHeight: '19px' } : {}) }}>{children}</p>
}

/** A bulletproof button: a link inside a coloured cell, so clients that drop padding on links still show a button. */
export function Button({ href, children }: { href: string; children: ReactNode }) {
  return (
    <table role="presentation" cellPadding={0} cellSpacing={0} style={{ margin: '8px 0 24px' }}>
      <tbody>
        <tr>
          <td style={{ backgroundColor: primary[600], borderRadius: 6 }}>
            <a href={href} style={{ display: 'inline-block', padding: '12px 24px', fontFamily: FONT, fontSize: 15, fontWeight: 700, color: '#ffffff', textDecoration: 'none' }}>
              {children}
            </a>
          </td>
        </tr>
      </tbody>
    </table>
  )
}

/** A highlighted box (a gift card code, the Club Price saving). */
export function Callout({ children, tone = 'primary' }: { children: ReactNode; tone?: 'primary' | 'club' }) {
  const colours = tone === 'club' ? { bg: club[50], edge: club[600] } : { bg: primary[50], edge: primary[500] }
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 20px' }}>
      <tbody>
        <tr>
          <td style={{ backgroundColor: colours.bg, borderLeft: `4px solid ${colours.edge}`, borderRadius: 4, padding: '14px 18px', fontFamily: FONT, fontSize: 15, lineHeight: '22px', color: neutral[800] }}>
            {children}
          </td>
        </tr>
      </tbody>
    </table>
  )
}

/** Items with their colour and size and how many, without prices (a shipment, a return). */
export function ItemLines({ lines }: { lines: MailItemLine[] }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', margin: '0 0 8px' }}>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i} style={{ borderBottom: `1px solid ${neutral[200]}` }}>
            <td style={cellStyle()}>
              <strong>{line.name}</strong>
              {line.details.length ? <span style={{ display: 'block', fontSize: 13, color: neutral[600] }}>{line.details.join(' · ')}</span> : null}
            </td>
            <td style={{ ...cellStyle('right'), width: 60 }}>× {line.quantity}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

/** Label and value rows (order number, date, carrier). */
export function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <table role="presentation" width="100%" cellPadding={0} cellSpacing={0} style={{ margin: '0 0 16px' }}>
      <tbody>
        {rows.map(([label, value]) => (
          <tr key={label}>
            <td style={{ fontFamily: FONT, fontSize: 14, lineHeight: '22px', color: neutral[600], width: '40%' }}>{label}</td>
            <td style={{ fontFamily: FONT, fontSize: 14, lineHeight: '22px', color: neutral[900], fontWeight: 600 }}>{value}</td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}

export function Address({ address }: { address: MailAddress }) {
  const lines = [address.name, address.company, ...address.lines, address.country, address.phone].filter(Boolean)
  return (
    <p style={{ ...text, fontSize: 14, lineHeight: '20px' }}>
      {lines.map((line, i) => (
        <span key={i}>
          {line}
          {i < lines.length - 1 ? <br /> : null}
        </span>
      ))}
    </p>
  )
}

/** An address as plain-text lines. */
export function addressText(address: MailAddress | null): string {
  if (!address) return ''
  return [address.name, address.company, ...address.lines, address.country, address.phone].filter(Boolean).join('\n')
}

export const cellStyle = (align: 'left' | 'right' = 'left', strong = false): CSSProperties => ({
  fontFamily: FONT,
  fontSize: 14,
  lineHeight: '20px',
  color: neutral[900],
  padding: '8px 0',
  textAlign: align,
  fontWeight: strong ? 700 : 400,
  verticalAlign: 'top',
})
