import type { Category } from '#kernel/models.ts'
import { useT } from '../../i18n/index.tsx'
import { LocalLink } from '../../components/local-link.tsx'

export interface CategoryTile {
  category: Pick<Category, 'id' | 'name' | 'permalink'>
  image: string | null
}

/**
 * The top categories as picture tiles (their category banner's image), two across on phones, four on desktop. The
 * first row is on a phone's first screen: low priority keeps it off the hero's slow link (docs/performance.md).
 */
export function CategoryTiles({ tiles }: { tiles: CategoryTile[] }) {
  const { t } = useT()
  if (tiles.length === 0) return null
  return (
    <section aria-labelledby="category-tiles-heading" data-testid="category-tiles">
      <h2 id="category-tiles-heading" className="mb-4 text-2xl font-bold">
        {t('landing.categories')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 lg:grid-cols-4 lg:gap-4">
        {tiles.map(({ category, image }) => (
          <li key={category.id}>
            <LocalLink to={`/t/${category.permalink}`} className="group relative block aspect-[4/3] overflow-hidden rounded-lg bg-neutral-800">
              {image ? <img src={image} alt="" width={640} height={480} loading="lazy" fetchPriority="low" className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-105 motion-reduce:transition-none" /> : null}
              <span className="absolute inset-x-0 bottom-0 bg-gradient-to-t from-black/80 to-transparent p-3 pt-10 text-lg font-bold text-white">{category.name}</span>
            </LocalLink>
          </li>
        ))}
      </ul>
    </section>
  )
}
