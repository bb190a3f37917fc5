import { cx } from './cx.ts'

/** A grey placeholder with a soft shimmer (still under prefers-reduced-motion) while content loads. */
export function Skeleton({ className, rounded = 'rounded' }: { className?: string; rounded?: string }) {
  return <span aria-hidden="true" className={cx('skeleton block', rounded, className)} />
}

/** A product card's shape, so the grid does not jump when cards arrive. */
export function ProductCardSkeleton() {
  return (
    <li className="flex flex-col gap-2" aria-hidden="true">
      <Skeleton className="aspect-product w-full" rounded="rounded-lg" />
      <Skeleton className="h-4 w-3/4" />
      <Skeleton className="h-4 w-1/3" />
    </li>
  )
}
