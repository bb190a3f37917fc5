// The storefront's forms without JavaScript (issue 9): the cart page (quantity, remove, coupons), /Login (log in,
// join, forgotten password, log out), reset password by post, the checkout type choice, redeeming a gift card on the
// payment step, the balance check and the contact form. Every refusal is a 4xx with the reason and changes nothing.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { formBrowser } from './helpers.ts'
import { seedCatalogue } from '#tests/fixtures/seed-d1.ts'
import { createGiftCard, createProduct, createPromotion, giftCardBalance, type CreatedProduct } from '#tests/factories/catalogue.ts'
import { uniqueEmail } from '#tests/factories/api.ts'

let product: CreatedProduct
beforeAll(async () => {
  await seedCatalogue(10)
  product = await createProduct({ stock: 3 })
})

const ADDRESS = { firstName: 'Ada', lastName: 'Lovelace', addressLine1: '1 Collins Street', city: 'Melbourne', state: 'VIC', zipCode: '3000', country: 'AU', phoneNumber: '0412 345 678' }
const lineIdOf = (body: string) => /name="lineId" value="(\d+)"/.exec(body)?.[1] ?? ''
const text = (body: string) => body.replace(/<!-- -->/g, '')

describe('the cart page without JavaScript', () => {
  it('adds, changes the quantity within stock, applies and removes a coupon, and goes to checkout (en, de)', async () => {
    const b = formBrowser()
    const added = await b.post(`/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })
    expect(added).toMatchObject({ status: 303, location: '/Cart?added=1' })
    const page = await b.get('/Cart?added=1')
    expect(page.status).toBe(200)
    expect(page.body).toContain('Added to your cart.')
    // the header's count is right in the server's HTML, and the cart button is a link here
    expect(page.body).toMatch(/data-testid="cart-badge"[^>]*>1</)
    expect(page.body).toMatch(/<a(?=[^>]*data-testid="cart-button")[^>]*href="\/Cart"/)
    expect(text(page.body)).toContain('Shipping</dt><dd>Calculated at checkout')
    const lineId = lineIdOf(page.body)

    // + and a typed value; 0, a letter and more than the stock are refused with a reason and change nothing
    expect((await b.post('/Cart', { intent: 'quantity', lineId, current: '1', quantity: '1', step: '1' })).location).toBe('/Cart?done=updated')
    const zero = await b.post('/Cart', { intent: 'quantity', lineId, current: '2', quantity: '0' })
    expect(zero.status).toBe(422)
    expect(zero.body).toContain('Please enter a whole number of at least 1.')
    const tooMany = await b.post('/Cart', { intent: 'quantity', lineId, current: '2', quantity: '4' })
    expect(tooMany.status).toBe(422)
    expect(tooMany.body).toContain('Only 3 of this item are available.')
    expect(tooMany.body).toMatch(/data-testid="cart-badge"[^>]*>2</)

    // coupons: unknown (in German under /de), then a real one, shown with its amount, then removed
    const unknown = await b.post('/de/Cart', { intent: 'coupon', code: 'NOPE' })
    expect(unknown.status).toBe(422)
    expect(unknown.body).toContain('Diesen Gutscheincode gibt es nicht.')
    const { code } = await createPromotion({ kind: 'percent', amount: 10 })
    expect((await b.post('/Cart', { intent: 'coupon', code })).location).toBe('/Cart?done=coupon')
    const withCoupon = await b.get('/Cart?done=coupon')
    expect(withCoupon.body).toContain('The coupon was applied.')
    expect(withCoupon.body).toContain(`Promo ${code}`)
    expect((await b.post('/Cart', { intent: 'remove-coupon', code })).location).toBe('/Cart?done=coupon-removed')
    expect((await b.get('/Cart')).body).not.toContain(`Promo ${code}`)

    // a guest's 'go to checkout' is the login-or-guest choice, with a real login form posting to /Login
    expect(page.body).toMatch(/<a(?=[^>]*data-testid="go-to-checkout")[^>]*href="\/Checkout\/CheckoutType"/)
    const choice = await b.get('/Checkout/CheckoutType')
    expect(choice.status).toBe(200)
    expect(choice.body).toMatch(/<form(?=[^>]*method="post")[^>]*action="\/Login"/)
    expect(choice.body).toContain('href="/checkout/shipping"')

    expect((await b.post('/Cart', { intent: 'remove', lineId })).location).toBe('/Cart?done=removed')
    expect((await b.get('/Cart')).body).toContain('Your cart is empty.')
  })

  it('says a line removed meanwhile (another tab, a page kept open) is no longer in the cart, in en and de, changing nothing', async () => {
    const b = formBrowser()
    const other = await createProduct({ stock: 3 })
    await b.post(`/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })
    const lineId = lineIdOf((await b.get('/Cart')).body)
    await b.post(`/products/${other.slug}`, { variantId: String(other.variantId), quantity: '1' })
    expect((await b.post('/Cart', { intent: 'remove', lineId })).location).toBe('/Cart?done=removed')
    const kept = lineIdOf((await b.get('/Cart')).body)
    expect(kept).not.toBe(lineId)

    // the old page's '+' and 'Remove' name a line the cart no longer has: it said 'Please enter a whole number of at
    // least 1.' and, for Remove, the backend's English 'This item is not in the cart.' on the German page
    const plus = await b.post('/Cart', { intent: 'quantity', lineId, current: '1', quantity: '1', step: '1' })
    expect(plus.status).toBe(422)
    expect(plus.body).toContain('This item is no longer in your cart.')
    const remove = await b.post('/de/Cart', { intent: 'remove', lineId })
    expect(remove.status).toBe(422)
    expect(remove.body).toContain('Dieser Artikel ist nicht mehr in Ihrem Warenkorb.')
    const none = await b.post('/Cart', { intent: 'remove', lineId: '' })
    expect(none.status).toBe(422)
    expect(none.body).toContain('This item is no longer in your cart.')
    expect(lineIdOf((await b.get('/Cart')).body)).toBe(kept)
    expect((await b.get('/Cart')).body).toMatch(/data-testid="cart-badge"[^>]*>1</)
  })
})

describe('the product page without JavaScript', () => {
  it('refuses an add to cart with a 4xx and the reason: no size chosen, a bad quantity, out of stock; the cart stays empty', async () => {
    const soldOut = await createProduct({ stock: 0 })
    // on sale, so the page the refusal is shown on exists
    for (const id of [product.productId, soldOut.productId]) await env.DB.prepare("UPDATE products SET available_on = '2020-01-01T00:00:00Z' WHERE id = ?").bind(id).run()
    const b = formBrowser()
    const cases: Array<[string, Record<string, string>, string]> = [
      [product.slug, { variantId: '', quantity: '1' }, 'Please choose a size and colour.'],
      [product.slug, { variantId: String(product.variantId), quantity: '0' }, 'Please enter a whole number of at least 1.'],
      [product.slug, { variantId: String(product.variantId), quantity: 'lots' }, 'Please enter a whole number of at least 1.'],
      [soldOut.slug, { variantId: String(soldOut.variantId), quantity: '1' }, 'This product is out of stock.'],
    ]
    for (const [slug, fields, message] of cases) {
      const refused = await b.post(`/products/${slug}`, fields)
      expect(refused.status, JSON.stringify(fields)).toBe(422)
      expect(refused.body, JSON.stringify(fields)).toContain(message)
    }
    expect((await b.get('/Cart')).body).not.toMatch(/data-testid="cart-badge"[^>]*>[1-9]/)
  })

  it('says why in German on a German product page', async () => {
    const b = formBrowser()
    const cases: Array<[Record<string, string>, string]> = [
      [{ variantId: '', quantity: '1' }, 'Bitte wählen Sie eine Größe und eine Farbe.'],
      [{ variantId: String(product.variantId), quantity: '0' }, 'Bitte geben Sie eine ganze Zahl ab 1 ein.'],
    ]
    for (const [fields, message] of cases) {
      const refused = await b.post(`/de/products/${product.slug}`, fields)
      expect(refused.status, JSON.stringify(fields)).toBe(422)
      expect(refused.body, JSON.stringify(fields)).toContain(message)
      expect(refused.body).not.toContain('Please choose')
    }
  })
})

describe('the wishlist heart without JavaScript', () => {
  /** A product page's heart (a lone button of the page's one form, wish-post.ts): what it shows and asks for. */
  const heartOf = (body: string, variantId: number) => {
    const [, asks, tag, inner] = new RegExp(`<button(?=[^>]*data-testid="wishlist-heart")(?=[^>]*value="([01]):${variantId}")([^>]*)>([\\s\\S]*?)</button>`).exec(body) ?? []
    expect(tag, 'the heart').toBeDefined()
    return {
      pressed: /aria-pressed="true"/.test(tag!),
      asks,
      label: /aria-label="([^"]*)"/.exec(tag!)?.[1],
      filled: /<svg[^>]*class="[^"]*fill-current/.test(inner!),
    }
  }
  const wish = (variantId: number, save: boolean) => ({ wish: `${save ? 1 : 0}:${variantId}`, back: '/somewhere-the-product-page-ignores' })

  it("shows a member's saved heart as saved (and its click removes); two posts of one click do what that click asked", async () => {
    // a seeded product with sizes, renamed to need escaping
    const row = (await env.DB.prepare("SELECT p.id, p.slug, MIN(v.id) AS variant FROM products p JOIN variants v ON v.product_id = p.id AND v.is_master = 0 WHERE p.kind = 'standard' GROUP BY p.id ORDER BY p.id LIMIT 1").first<{ id: number; slug: string; variant: number }>())!
    await env.DB.prepare("UPDATE products SET name = 'Fish & Chip''s Parka' WHERE id = ?").bind(row.id).run()
    const shirt = { slug: row.slug, variantId: row.variant }
    const b = formBrowser()
    const joined = await b.post('/Login', { intent: 'signup', 'signup-email': uniqueEmail('heart'), 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'secret123' })
    expect(joined.status).toBe(303)
    const path = `/products/${shirt.slug}`
    expect(heartOf((await b.get(path)).body, shirt.variantId)).toMatchObject({ pressed: false, asks: '1', filled: false })

    // a double click without JavaScript is the same post twice: saved once, and the page shows it saved
    for (let i = 0; i < 2; i++) expect(await b.post(path, wish(shirt.variantId, true))).toMatchObject({ status: 303, location: path })
    const saved = heartOf((await b.get(path)).body, shirt.variantId)
    expect(saved).toEqual({ pressed: true, asks: '0', label: 'Remove Fish &amp; Chip&#x27;s Parka from the wishlist', filled: true })
    expect(heartOf((await b.get(`/de${path}`)).body, shirt.variantId).label).toMatch(/ von der Wunschliste entfernen$/)

    // the saved heart's click removes, twice or once
    for (let i = 0; i < 2; i++) expect((await b.post(path, wish(shirt.variantId, false))).status).toBe(303)
    expect(heartOf((await b.get(path)).body, shirt.variantId)).toMatchObject({ pressed: false, asks: '1', filled: false })

    // a guest's remove goes to log in, as the save does
    const guest = await formBrowser().post(path, wish(shirt.variantId, false))
    expect(guest).toMatchObject({ status: 303, location: '/Login' })
    // the heart's form of earlier releases (a page kept open across a release) still saves, once
    for (let i = 0; i < 2; i++) expect(await b.post(path, { intent: 'wishlist', variantId: String(shirt.variantId), wished: '1' })).toMatchObject({ status: 303, location: path })
    expect(heartOf((await b.get(path)).body, shirt.variantId)).toMatchObject({ pressed: true, asks: '0' })
  })

  it('a product without options (its master variant only) has a heart and an add to cart on its page, saved and shown saved like any other', async () => {
    // no colour, no size: the product is sold through its master variant (it had no heart, and 'Sold out' on a product in stock)
    const plain = await createProduct({ name: 'Trail Water Filter', stock: 5 })
    await env.DB.prepare("UPDATE products SET available_on = '2020-01-01T00:00:00Z' WHERE id = ?").bind(plain.productId).run()
    const path = `/products/${plain.slug}`
    const b = formBrowser()
    const page = (await b.get(path)).body
    expect(heartOf(page, plain.variantId)).toEqual({ pressed: false, asks: '1', label: 'Add Trail Water Filter to the wishlist', filled: false })
    expect(page).toMatch(/<button(?=[^>]*data-testid="add-to-cart")(?![^>]*disabled)[^>]*>Add to cart</)

    const joined = await b.post('/Login', { intent: 'signup', 'signup-email': uniqueEmail('plain-heart'), 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'secret123' })
    expect(joined.status).toBe(303)
    expect(await b.post(path, wish(plain.variantId, true))).toMatchObject({ status: 303, location: path })
    // the member's page, the shared copy with the header and hearts filled in by the worker's personal pass
    expect(heartOf((await b.get(path)).body, plain.variantId)).toEqual({ pressed: true, asks: '0', label: 'Remove Trail Water Filter from the wishlist', filled: true })
    expect(heartOf((await b.get(`/de${path}`)).body, plain.variantId)).toMatchObject({ pressed: true, asks: '0', label: 'Trail Water Filter von der Wunschliste entfernen' })
    expect(await b.post(path, wish(plain.variantId, false))).toMatchObject({ status: 303, location: path })
    expect(heartOf((await b.get(path)).body, plain.variantId)).toMatchObject({ pressed: false, asks: '1', filled: false })

    // and it goes into the cart
    expect(await b.post(path, { variantId: String(plain.variantId), quantity: '1' })).toMatchObject({ status: 303, location: '/Cart?added=1' })
    expect((await b.get('/Cart?added=1')).body).toContain('Trail Water Filter')
  })

  /**
   * A card's heart as the page renders it: a lone button of the page's one form (wish-post.ts); where it posts and the
   * fields a browser sends for its click (the form's, and the button's own name and value).
   */
  const cardHeart = (body: string, which: number | string = 0) => {
    const cards = [...body.matchAll(/<li id="([^"]+)"[^>]*data-testid="product-card"[\s\S]*?<\/li>/g)]
    const card = typeof which === 'number' ? cards[which]! : cards.find((c) => c[1] === which)!
    expect(card[0]).not.toMatch(/<form|<input/)
    const button = /<button([^>]*data-testid="wishlist-heart"[^>]*)>/.exec(card[0])![1]!
    expect(button).toMatch(/ form="wish-post"/)
    const form = /<form id="wish-post"[^>]*>([\s\S]*?)<\/form>/.exec(body)![1]!
    const fields = Object.fromEntries([...form.matchAll(/<input type="hidden" name="(\w+)" value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!.replace(/&amp;/g, '&')]))
    const name = / name="(\w+)"/.exec(button)![1]!
    const value = / value="([^"]*)"/.exec(button)![1]!
    fields[name] = value
    return { id: card[1]!, action: / formAction="([^"]+)"/i.exec(button)![1]!, variantId: value.split(':')[1]!, fields, html: card[0] }
  }

  it("a card's heart returns to the listing at the card, which says what was done; the page's links leave that out (en, de)", async () => {
    const b = formBrowser()
    expect((await b.post('/Login', { intent: 'signup', 'signup-email': uniqueEmail('card-heart'), 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'secret123' })).status).toBe(303)
    const listing = '/t/men?sort=name&view=list'
    const heart = cardHeart((await b.get(listing)).body, 2)
    expect(heart.fields).toEqual({ back: listing, wish: `1:${heart.variantId}:${heart.id}` })
    expect(heart.id).toMatch(/^product-\d+$/)

    // it used to land on the product page; now it comes back to the same listing, at the card
    const saved = await b.post(heart.action, heart.fields)
    expect(saved).toMatchObject({ status: 303, location: `${listing}&wishlist=saved-${heart.variantId}#${heart.id}` })
    const back = await b.get(saved.location!.split('#')[0]!)
    const card = cardHeart(back.body, heart.id)
    expect(text(card.html)).toMatch(/role="status"[^>]*>Saved to your wishlist</)
    expect(card.html).toMatch(/aria-pressed="true"/)
    // the worker's personal pass names the product in the saved heart's label (it reads the name from the label)
    const title = /<h3[^>]*><a[^>]*>([^<]+)</.exec(card.html)![1]!
    expect(card.html).toContain(`aria-label="Remove ${title} from the wishlist"`)
    expect(card.fields).toEqual({ back: listing, wish: `0:${heart.variantId}:${heart.id}` })
    // said once, by that card: the other cards, the page's links and the listing's forms' fields leave the notice out
    // (a GET form's own action is the page's address, but a browser sends only the form's fields)
    expect(back.body.match(/Saved to your wishlist/g)).toHaveLength(1)
    expect(back.body).not.toMatch(/href="[^"]*wishlist=|name="wishlist"|value="[^"]*wishlist=/)

    // removing says so, in German on the German listing
    const de = cardHeart((await b.get(`/de${listing}`)).body, heart.id)
    expect(de.html).toContain(`aria-label="${/<h3[^>]*><a[^>]*>([^<]+)</.exec(de.html)![1]!} von der Wunschliste entfernen"`)
    expect(de.fields).toEqual({ back: `/de${listing}`, wish: `0:${heart.variantId}:${heart.id}` })
    const removed = await b.post(de.action, de.fields)
    expect(removed).toMatchObject({ status: 303, location: `/de${listing}&wishlist=removed-${heart.variantId}#${heart.id}` })
    const deCard = cardHeart((await b.get(removed.location!.split('#')[0]!)).body, heart.id)
    expect(text(deCard.html)).toMatch(/role="status"[^>]*>Von Ihrer Wunschliste entfernt</)
    expect(deCard.html).toMatch(/aria-pressed="false"/)
    // an older notice is replaced, not repeated
    const again = await b.post(heart.action, { ...heart.fields, back: `${listing}&wishlist=removed-${heart.variantId}` })
    expect(again.location).toBe(`${listing}&wishlist=saved-${heart.variantId}#${heart.id}`)
  })

  it("refuses a heart's return address that is not a path of this store with a 400, and saves nothing", async () => {
    const b = formBrowser()
    expect((await b.post('/Login', { intent: 'signup', 'signup-email': uniqueEmail('open-redirect'), 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'secret123' })).status).toBe(303)
    const heart = cardHeart((await b.get('/t/men')).body)
    for (const back of ['https://evil.example/t/men', '//evil.example/t/men', '/\\evil.example', '\\\\evil.example', 'javascript:alert(1)', 't/men', '/t/men\r\nLocation: https://evil.example']) {
      const refused = await b.post(heart.action, { ...heart.fields, back })
      expect(refused.status, back).toBe(400)
      expect(refused.location, back).toBeNull()
      expect(refused.body, back).toContain('The page to return to is not a page of this store, so nothing was changed.')
    }
    // a heart's value this store did not write: refused as unreadable, nothing saved
    for (const wish of ['', '1:abc:product-2', '2:3:product-2', `1:${heart.variantId}:<b>`, `1:${heart.variantId}:`, `1:${heart.variantId}:product-2#x`]) {
      const refused = await b.post(heart.action, { ...heart.fields, wish })
      expect(refused.status, wish).toBe(400)
      expect(refused.location, wish).toBeNull()
      expect(refused.body, wish).toContain('That wishlist request could not be read, so nothing was changed.')
    }
    const german = await b.post(`/de${heart.action}`, { ...heart.fields, back: 'https://evil.example/' })
    expect(german.status).toBe(400)
    expect(german.body).toContain('Die Seite, zu der Sie zurückkehren sollten, gehört nicht zu diesem Shop. Es wurde nichts geändert.')
    expect(cardHeart((await b.get('/t/men')).body).html).toMatch(/aria-pressed="false"/)
  })
})

describe('the newsletter form without JavaScript', () => {
  it('refuses a bad address with 422 and the field message (also one only the store refuses), subscribing nobody; a good one is 303', async () => {
    const b = formBrowser()
    const subscribers = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM newsletter_subscribers').first<{ n: number }>())!.n
    const before = await subscribers()
    const empty = await b.post('/?index', { email: '' })
    expect(empty.status).toBe(422)
    expect(empty.body).toContain('This field is required.')
    const bad = await b.post('/de?index', { email: 'kein-email' })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('Bitte geben Sie eine gültige E-Mail-Adresse an.')
    // the form's own check passes (it has an @ and a dot); the store refuses it, and the field says why
    const hidden = await b.post('/?index', { email: 'eve\u202E@example.com' })
    expect(hidden.status).toBe(422)
    expect(hidden.body).toContain('Please, provide a valid email address.')
    expect(hidden.body).not.toContain('Some of the details are not valid.')
    expect(await subscribers()).toBe(before)
    expect((await b.post('/?index', { email: uniqueEmail('letters') })).status).toBe(303)
  })
})

describe('/Login without JavaScript', () => {
  it('joins, logs out, refuses a wrong password with the spec message, logs in back to checkout', async () => {
    const b = formBrowser()
    const email = uniqueEmail('nojs')
    const weak = await b.post('/Login', { intent: 'signup', 'signup-email': email, 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'short' })
    expect(weak.status).toBe(422)
    // a whole sentence naming the password and the minimum (it read 'must have at least …', with no subject)
    expect(weak.body).toMatch(/id="signup-password-error"[^>]*>Your password must have at least 8 characters, including one letter and a number\.</)
    expect(weak.body).toContain(`value="${email}"`)
    const german = await formBrowser().post('/de/Login', { intent: 'signup', 'signup-email': email, 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'kurz' })
    expect(german.status).toBe(422)
    expect(german.body).toMatch(/id="signup-password-error"[^>]*>Ihr Passwort muss mindestens 8 Zeichen lang sein und mindestens einen Buchstaben und eine Ziffer enthalten\.</)
    const joined = await b.post('/Login', { intent: 'signup', 'signup-email': email, 'signup-first-name': 'Ada', 'signup-last-name': 'Lovelace', 'signup-password': 'secret123' })
    expect(joined).toMatchObject({ status: 303, location: '/?joined=1' })
    expect(b.jar.has('auth')).toBe(true)
    expect((await b.post('/Login', { intent: 'logout' })).location).toBe('/Login?loggedOut=1')
    expect(b.jar.has('auth')).toBe(false)

    const wrong = await b.post('/de/Login', { intent: 'login', 'login-email': email, 'login-password': 'wrong-one1', back: '/de/checkout/shipping' })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toContain('Ungültiger Benutzername oder ungültiges Passwort')
    expect(wrong.body).not.toContain('wrong-one1')
    const ok = await b.post('/Login', { intent: 'login', 'login-email': email, 'login-password': 'secret123', back: '/checkout/shipping' })
    expect(ok).toMatchObject({ status: 303, location: '/checkout/shipping' })
    // a link elsewhere is never followed
    const offsite = await b.post('/Login', { intent: 'login', 'login-email': email, 'login-password': 'secret123', back: '//evil.test/x' })
    expect(offsite.location).toBe('/my-account')

    const forgot = await b.post('/Login', { intent: 'forgot', 'forgot-email': email })
    expect(forgot.status).toBe(200)
    expect(forgot.body).toContain(`If ${email} belongs to an account`)
  })

  it('says beside the field what the store refused in a join or a contact message (a direction mark, a line break), in en and de, creating nothing', async () => {
    const b = formBrowser()
    const users = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM users').first<{ n: number }>())!.n
    const contacts = async () => (await env.DB.prepare("SELECT COUNT(*) AS n FROM outbox WHERE kind = 'contact'").first<{ n: number }>())!.n
    const [usersBefore, contactsBefore] = [await users(), await contacts()]
    // the form's own checks pass (the name is not empty); the store refuses the name, and the page says so beside it
    const join = { intent: 'signup', 'signup-email': uniqueEmail('rtl'), 'signup-first-name': 'Eve\u202Emoc.live', 'signup-last-name': 'Lovelace', 'signup-password': 'secret123' }
    const en = await b.post('/Login', join)
    expect(en.status).toBe(422)
    expect(en.body).toMatch(/id="signup-first-name-error"[^>]*>This field contains characters that are not allowed/)
    expect(en.body).not.toContain('Some of the details are not valid.')
    const de = await b.post('/de/Login', join)
    expect(de.status).toBe(422)
    expect(de.body).toContain('Dieses Feld enthält Zeichen, die nicht erlaubt sind')

    const contact = await b.post('/ContactUs', { intent: 'contact', name: 'Eve\r\nBcc: victim@example.com', email: 'eve@example.com', message: 'Hello' })
    expect(contact.status).toBe(422)
    expect(contact.body).toContain('This field contains characters that are not allowed')
    expect(contact.body).not.toContain('Some of the details are not valid.')
    expect([await users(), await contacts()]).toEqual([usersBefore, contactsBefore])
  })

  it('says a reset link without its token, or one the store refuses, is invalid, in the page\'s language (422)', async () => {
    const b = formBrowser()
    const fields = { 'reset-password': 'secret123', 'reset-confirmation': 'secret123' }
    const cut = await b.post('/reset-password', { token: '', ...fields })
    expect(cut.status).toBe(422)
    expect(cut.body).toContain('This password reset link is invalid or has expired. Please ask for a new one.')
    expect(cut.body).not.toContain('could not be found')
    const refused = await b.post('/de/reset-password', { token: 'not-a-real-token', ...fields })
    expect(refused.status).toBe(422)
    expect(refused.body).toContain('Dieser Link zum Zurücksetzen des Passworts ist ungültig oder abgelaufen.')
  })

  it('resets a password by a post: the new password is never in a URL', async () => {
    const b = formBrowser()
    const page = await b.get('/reset-password?token=abc')
    expect(page.body).toMatch(/<form(?=[^>]*data-testid="reset-form")[^>]*method="post"/)
    expect(page.body).toContain('name="token" value="abc"')
    const mismatch = await b.post('/reset-password?token=abc', { token: 'abc', 'reset-password': 'secret123', 'reset-confirmation': 'secret124' })
    expect(mismatch.status).toBe(422)
    expect(mismatch.body).toContain("Passwords don't match.")
    const badToken = await b.post('/reset-password?token=abc', { token: 'abc', 'reset-password': 'secret123', 'reset-confirmation': 'secret123' })
    expect(badToken.status).toBe(422)
  })
})

describe('gift cards and contact without JavaScript', () => {
  it('redeems a gift card on the payment step: what it pays, what it keeps, the balance due; removes it; pays by card', async () => {
    const b = formBrowser()
    await b.post(`/products/${product.slug}`, { variantId: String(product.variantId), quantity: '1' })
    expect((await b.post('/checkout/shipping', { intent: 'address', email: uniqueEmail(), ...ADDRESS })).status).toBe(303)
    const rates = await b.get('/checkout/shipping')
    const rateId = /name="rateId" value="(\d+)"/.exec(rates.body)![1]!
    await b.post('/checkout/shipping', { intent: 'rate', rateId })
    await b.post('/checkout/billing', { sameAsShipping: 'on' })
    const card = await createGiftCard(1000)

    const wrong = await b.post('/de/checkout/payment', { intent: 'gift-card', giftCardCode: 'NOPE-NOPE' })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toContain('Dieser Geschenkkartencode ist ungültig.')
    expect((await b.post('/checkout/payment', { intent: 'gift-card', giftCardCode: card.code })).location).toBe('/checkout/payment?done=gift-card')
    const page = text((await b.get('/checkout/payment')).body)
    expect(page).toMatch(/data-testid="gift-card-pays"><dt>Gift card •••• [A-Z0-9]{4}<\/dt><dd>−\$10\.00/)
    expect(page).toMatch(/data-testid="gift-card-left"><dt>Left on the card after this order<\/dt><dd>\$0\.00/)
    expect(page).toMatch(/data-testid="balance-due"><dt>Balance due<\/dt><dd>\$\d+\.\d\d/)
    expect((await b.post('/checkout/payment', { intent: 'remove-gift-card' })).location).toBe('/checkout/payment?done=remove-gift-card')
    expect((await b.get('/checkout/payment')).body).not.toContain('data-testid="gift-card-pays"')
    expect(await giftCardBalance(card.id)).toBe(1000)
  })

  it('checks a balance on /GiftCards and sends a contact message, rate limited', async () => {
    const b = formBrowser()
    const card = await createGiftCard(4550)
    const balance = await b.post('/GiftCards', { intent: 'balance', code: card.code.toLowerCase() })
    expect(balance.status).toBe(200)
    expect(text(balance.body)).toContain('This gift card holds $45.50.')
    const unknown = await b.post('/de/GiftCards', { intent: 'balance', code: 'NOPE-NOPE' })
    expect(unknown.status).toBe(422)
    expect(unknown.body).toContain('Dieser Geschenkkartencode ist ungültig.')

    const bad = await b.post('/ContactUs', { intent: 'contact', name: '', email: 'nope', message: 'Hello' })
    expect(bad.status).toBe(422)
    expect(bad.body).toContain('This field is required.')
    expect(bad.body).toContain('Please, provide a valid email address.')
    expect(bad.body).toContain('Hello')
    const sender = uniqueEmail('writer')
    const sent = await b.post('/ContactUs', { intent: 'contact', name: 'Grace', email: sender, message: 'Where is my parcel?' })
    expect(sent.status).toBe(200)
    expect(text(sent.body)).toContain('Thank you, Grace.')
    const mail = await env.DB.prepare("SELECT body FROM outbox WHERE kind = 'contact' AND body LIKE '%Where is my parcel?%'").first<{ body: string }>()
    expect(mail?.body).toContain('Where is my parcel?')
    let last = sent
    for (let i = 0; i < 5; i++) last = await b.post('/ContactUs', { intent: 'contact', name: 'Grace', email: sender, message: `again ${i}` })
    expect(last.status).toBe(429)
    expect(last.body).toContain('Too many attempts')
  })
})
