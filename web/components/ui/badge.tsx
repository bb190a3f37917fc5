import type { ReactNode } from 'react'
import { cx } from './cx.ts'

export type BadgeTone = 'sale' | 'club' | 'new' | 'soldOut' | 'neutral'

// Each pairing is ≥ 4.5:1 (docs/design.md): white on sale-700 6.47, on club-700 5.47, on neutral-900 17.5.
const tones: Record<BadgeTone, string> = {
  sale: 'bg-sale-700 text-white',
  club: 'bg-club-700 text-white',
  new: 'bg-neutral-900 text-white',
  soldOut: 'bg-neutral-100 text-neutral-700 ring-1 ring-inset ring-neutral-300',
  neutral: 'bg-neutral-100 text-neutral-800',
}

/** 'SALE', 'Club Price', 'New', 'Sold out' labels on cards and product pages. */
export function Badge({ tone, children, className }: { tone: BadgeTone; children: ReactNode; className?: string }) {
  return <span className={cx('badge', tones[tone], className)}>{children}</span>
}
