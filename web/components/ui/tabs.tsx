import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react'
import { useEnhanced } from './use-enhanced.ts'
import { cx, focusRing } from './cx.ts'

export interface TabItem {
  id: string
  label: string
  content: ReactNode
}

/**
 * Tabs in the WAI-ARIA pattern (arrow keys, Home, End; one tab stop). The server renders every panel under its own
 * heading, so without JavaScript all of them are readable; once hydrated it becomes a tab list.
 */
export function Tabs({ items, label, headingLevel = 2 }: { items: TabItem[]; label: string; headingLevel?: 2 | 3 }) {
  const base = useId()
  const enhanced = useEnhanced()
  const [active, setActive] = useState(0)
  const tabs = useRef<Array<HTMLButtonElement | null>>([])
  const Heading = headingLevel === 2 ? 'h2' : 'h3'

  if (!enhanced) {
    return (
      <div className="space-y-8">
        {items.map((item) => (
          <section key={item.id} aria-labelledby={`${base}-${item.id}-h`}>
            <Heading id={`${base}-${item.id}-h`} className="mb-3 text-lg font-bold text-neutral-900">
              {item.label}
            </Heading>
            {item.content}
          </section>
        ))}
      </div>
    )
  }

  const move = (event: KeyboardEvent, index: number) => {
    const last = items.length - 1
    const next = event.key === 'ArrowRight' ? (index === last ? 0 : index + 1) : event.key === 'ArrowLeft' ? (index === 0 ? last : index - 1) : event.key === 'Home' ? 0 : event.key === 'End' ? last : null
    if (next === null) return
    event.preventDefault()
    setActive(next)
    tabs.current[next]?.focus()
  }

  return (
    <div>
      <div role="tablist" aria-label={label} className="flex gap-6 overflow-x-auto border-b border-neutral-200">
        {items.map((item, index) => (
          <button
            key={item.id}
            ref={(el) => {
              tabs.current[index] = el
            }}
            type="button"
            role="tab"
            id={`${base}-${item.id}-tab`}
            aria-selected={index === active}
            aria-controls={`${base}-${item.id}-panel`}
            tabIndex={index === active ? 0 : -1}
            onClick={() => setActive(index)}
            onKeyDown={(event) => move(event, index)}
            className={cx(
              '-mb-px whitespace-nowrap border-b-2 py-3 text-base font-semibold transition-colors duration-fast',
              index === active ? 'border-primary-600 text-neutral-900' : 'border-transparent text-neutral-600 hover:text-neutral-900',
              focusRing,
            )}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items.map((item, index) => (
        <div key={item.id} role="tabpanel" id={`${base}-${item.id}-panel`} aria-labelledby={`${base}-${item.id}-tab`} hidden={index !== active} tabIndex={0} className={cx('pt-5', focusRing)}>
          {item.content}
        </div>
      ))}
    </div>
  )
}
