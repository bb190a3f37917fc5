import { useLocation, useSearchParams } from 'react-router'
import { withoutWishNotice } from '#kernel/wish-notice.ts'
import { WISH_POST_FORM } from '#kernel/wish-post.ts'

/**
 * The one form every card heart on the page submits (wish-post.ts): empty but for the page's address (without an
 * earlier notice), where the post returns to. Hidden: its buttons are in the cards.
 */
export function WishPostForm() {
  const { pathname } = useLocation()
  const [search] = useSearchParams()
  const query = withoutWishNotice(search).toString()
  return (
    <form id={WISH_POST_FORM} method="post" hidden>
      <input type="hidden" name="back" value={`${pathname}${query ? `?${query}` : ''}`} />
    </form>
  )
}
