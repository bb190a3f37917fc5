import type { SizeGuide } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { focusRing } from '../../components/ui/cx.ts'

/** 'Chest: measure around …' shows its label in bold; a line without one is a plain paragraph. */
function Step({ line }: { line: string }) {
  const label = /^([^:]{1,40}):\s+(.+)$/.exec(line)
  return (
    <li>
      {label ? (
        <>
          <strong>{label[1]}:</strong> {label[2]}
        </>
      ) : (
        line
      )}
    </li>
  )
}

/**
 * A size guide's table and how to measure for it, on its page and in the product page's dialog. On a phone the table
 * scrolls sideways inside its own region (focusable, so a keyboard can scroll it), never the page.
 */
export function SizeGuideView({ guide }: { guide: SizeGuide }) {
  const { t } = useT()
  const [head, ...rest] = guide.columns
  return (
    <div className="space-y-6" data-testid="size-guide-table">
      <div className={`overflow-x-auto rounded-md border border-neutral-200 ${focusRing}`} tabIndex={0} role="region" aria-label={guide.name}>
        <table className="min-w-full text-left text-sm">
          <caption className="px-3 py-2 text-left font-semibold">{guide.name}</caption>
          <thead className="bg-neutral-100">
            <tr>
              {[head, ...rest].map((column) => (
                <th key={column} scope="col" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {column}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-neutral-200">
            {guide.rows.map(([size, ...cells], i) => (
              <tr key={`${size}-${i}`}>
                <th scope="row" className="whitespace-nowrap px-3 py-2 font-semibold">
                  {size}
                </th>
                {cells.map((cell, j) => (
                  <td key={j} className="whitespace-nowrap px-3 py-2 tabular-nums">
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {guide.howTo.length ? (
        <section>
          <h2 className="mb-2 text-lg font-bold">{t('product.howToMeasure')}</h2>
          <ul className="list-disc space-y-1 pl-5 text-sm">
            {guide.howTo.map((line, i) => (
              <Step key={i} line={line} />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
