// The query each shared page reads (web/lib/page-query.ts): the edge cache keys and renders pages by it, and their
// links and forms repeat only it (issue 38 point 4).
import { describe, expect, it } from 'vitest'
import { pageQuery } from '#web/lib/page-query.ts'

const q = (pathname: string, search: string) => pageQuery(pathname, new URLSearchParams(search)).toString()

describe('pageQuery', () => {
  it('a listing keeps its own parameters, sorted, and leaves out tracking, affiliate, unknown and differently cased ones', () => {
    expect(q('/t/men', 'utm_source=a&sort=name&gclid=b&o.color=4&ac=X&Sort=-name&p.brand=Acme&zz=1&o.color=1')).toBe('o.color=1&o.color=4&p.brand=Acme&sort=name')
    expect(q('/de/T/Men', 'view=list&_gl=1')).toBe('view=list')
    expect(q('/c/a/b/c/men', 'page=3&fbclid=x')).toBe('page=3')
  })

  it('reads a single parameter once, as the listing does: the first value, even when the first is one it ignores', () => {
    expect(q('/t/men', 'price=50,100&price=0,50')).toBe('price=50%2C100')
    expect(q('/t/men', 'price=oops&price=0,50')).toBe('')
    expect(q('/t/men', 'price=50,0')).toBe('price=0%2C50')
    expect(q('/t/men', 'o.color=4&o.color=4')).toBe('o.color=4')
  })

  it('leaves out values the listing reads as its default, and keeps malformed ones that make it a 404', () => {
    expect(q('/t/men', 'page=1&itemsPerPage=48&sort=&sort=price&view=grid&term=%20%20')).toBe('')
    expect(q('/t/men', 'page=x&o.color=abc')).toBe('o.color=abc&page=x')
    expect(q('/t/men', 'itemsPerPage=12&term=%20tent%20')).toBe('itemsPerPage=12&term=tent')
  })

  it('search keeps the term, an explicit sort and the facet panel\'s filters (the inferred ones it ticks, issue 39)', () => {
    expect(q('/Category', 'term=jacket&o.color=12&o.color=4&p.brand=bergfeld&price=0%2C50&page=2&view=list')).toBe('o.color=12&o.color=4&p.brand=bergfeld&price=0%2C50&term=jacket')
  })

  it('search keeps the term and an explicit sort; a product its options and the gift card notice; home the newsletter notice; other pages nothing', () => {
    expect(q('/Category', 'term=tent&sort=name&utm_source=x&page=2')).toBe('sort=name&term=tent')
    expect(q('/Category', 'term=tent&sort=relevance')).toBe('term=tent')
    expect(q('/category', 'term=' + 'x'.repeat(150))).toBe('term=' + 'x'.repeat(100))
    expect(q('/products/jacket', 'color=4&size=15&utm_id=123&ac=5&ref=7&whatever=abc&giftCard=added')).toBe('color=4&giftCard=added&size=15')
    expect(q('/de/p/2/jacket', 'color=4&color=1')).toBe('color=4')
    expect(q('/', 'newsletter=subscribed&utm_source=x')).toBe('newsletter=subscribed')
    expect(q('/Home', 'newsletter=yes')).toBe('')
    expect(q('/GiftCards', 'giftCard=added&gclid=1')).toBe('giftCard=added')
    expect(q('/AboutUs', 'sort=name&utm_source=x')).toBe('')
    expect(q('/t/men', 'wishlist=saved-4')).toBe('')
  })
})
