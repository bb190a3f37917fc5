import { useLocation } from 'react-router'
import { usePageQuery } from '../../lib/page-query.ts'
import { WISH_POST_FORM } from '#kernel/wish-post.ts'

/**
 * The one form every card heart on the page submits (wish-post.ts): empty but for the page's address (without an
 * earlier notice), where the post returns to. Hidden: its buttons are in the cards.
 */
export function WishPostForm() {
  const { pathname } = useLocation()
  // only what the page reads (web/lib/page-query.ts): no earlier notice, tracking or unknown parameter
  const query = usePageQuery().toString()
  return (
    <form id={WISH_POST_FORM} method="post" hidden>
      <input type="hidden" name="back" value={`${pathname}${query ? `?${query}` : ''}`} />
    </form>
  )
}
