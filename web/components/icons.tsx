/**
 * SVG icons (no icon font, no extra request). Decorative: hidden from assistive tech. Each path is written once per
 * page, in the sprite the document renders (`IconSprite`, web/root.tsx); an icon is a `<use>` of it, so 48 product
 * cards do not repeat the heart's path and attributes. The stroke is the `icon` component class (web/styles/components.ts).
 */
const paths = {
  cart: 'M3 3h2l2.4 12.2a2 2 0 0 0 2 1.8h7.7a2 2 0 0 0 2-1.6L21 7H6M9 21a1 1 0 1 0 0-2 1 1 0 0 0 0 2Zm9 0a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z',
  user: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8Zm-8 9a8 8 0 0 1 16 0',
  heart: 'M12 21s-7-4.4-9.3-9A5.3 5.3 0 0 1 12 6a5.3 5.3 0 0 1 9.3 6c-2.3 4.6-9.3 9-9.3 9Z',
  search: 'M11 19a8 8 0 1 0 0-16 8 8 0 0 0 0 16Zm10 2-4.3-4.3',
  menu: 'M3 6h18M3 12h18M3 18h18',
  home: 'M3 11 12 3l9 8v10a1 1 0 0 1-1 1h-5v-7H9v7H4a1 1 0 0 1-1-1Z',
  close: 'M6 6l12 12M18 6 6 18',
  facebook: 'M14 8h3V4h-3a4 4 0 0 0-4 4v2H7v4h3v8h4v-8h3l1-4h-4V8a0 0 0 0 1 0 0Z',
  twitter: 'M4 4h4.5L20 20h-4.5ZM19.5 4l-6.3 7.2M4.5 20l6.3-7.2',
  instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4Zm5 5a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm5.5-1.5h.01',
  trash: 'M4 7h16M10 11v6m4-6v6M6 7l1 13h10l1-13M9 7V4h6v3',
  returns: 'M4 9h11a5 5 0 0 1 0 10H8M4 9l4-4M4 9l4 4',
  tag: 'M3 12V4a1 1 0 0 1 1-1h8l9 9-9 9-9-9Zm5-4.5h.01',
  lock: 'M6 11h12v10H6zM8.5 11V7.5a3.5 3.5 0 0 1 7 0V11',
  chevronRight: 'm9 6 6 6-6 6',
  'chevron-left': 'M15 5l-7 7 7 7',
  'chevron-right': 'M9 5l7 7-7 7',
  filter: 'M4 6h16M7 12h10M10 18h4',
} as const

export type IconName = keyof typeof paths

export function Icon({ name, className = 'h-6 w-6' }: { name: IconName; className?: string }) {
  return (
    <svg className={`icon ${className}`} aria-hidden="true">
      <use href={`#i-${name}`} />
    </svg>
  )
}

/** The paths every `Icon` on the page points at; rendered once, at the top of the body. */
export function IconSprite() {
  return (
    <svg className="hidden" aria-hidden="true">
      {Object.entries(paths).map(([name, d]) => (
        <symbol key={name} id={`i-${name}`} viewBox="0 0 24 24">
          <path d={d} />
        </symbol>
      ))}
      {/* the selects' chevron: a 20 px box and its own stroke, so it keeps its attributes rather than the icon class */}
      <symbol id="i-select" viewBox="0 0 20 20">
        <path d="m5 8 5 5 5-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
      </symbol>
    </svg>
  )
}
