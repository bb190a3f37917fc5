import { useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs } from 'react-router'
import { loaderApi } from '../api/loader-api.ts'
import { useT, type MessageKey } from '../i18n/index.tsx'
import { CmsArticle } from '../components/cms-sections.tsx'
import { STATIC_PAGE_SLUGS } from './static-pages.ts'
import { readForm } from './route-helpers.ts'
import { giftCardAction } from '../features/product/gift-card-action.ts'
import { GiftCardForm } from '../features/product/gift-card-form.tsx'
import { BalanceCheck, balanceAction } from '../features/gift-cards/balance-check.tsx'
import { ContactForm, contactAction } from '../features/contact/contact-form.tsx'

function pageName(request: Request) {
  const last = new URL(request.url).pathname.split('/').filter(Boolean).pop() ?? ''
  return Object.keys(STATIC_PAGE_SLUGS).find((name) => name.toLowerCase() === last.toLowerCase()) ?? 'AboutUs'
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const name = pageName(request)
  const page = await loaderApi(context).getCMSPage(STATIC_PAGE_SLUGS[name]!)
  return { name, page }
}

/**
 * /GiftCards buys a gift card and checks a balance; /ContactUs sends a message (form posts that work without
 * JavaScript); the other static pages take no posts.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const form = await readForm(request)
  const name = pageName(request)
  const intent = form.get('intent')
  if (name === 'GiftCards' && intent === 'gift-card') return giftCardAction(request, form, loaderApi(context))
  if (name === 'GiftCards' && intent === 'balance') return balanceAction(request, form, loaderApi(context))
  if (name === 'ContactUs' && intent === 'contact') return contactAction(request, form, loaderApi(context))
  throw new Response('Method Not Allowed', { status: 405 })
}

export function Component() {
  const { name, page } = useLoaderData<typeof loader>()
  const { t } = useT()
  return (
    <>
      <CmsArticle page={page} path={`/${name}`} fallbackTitle={t(`pages.static.${name}` as MessageKey)} />
      {name === 'GiftCards' ? (
        <section className="mx-auto mt-8 max-w-xl space-y-8">
          <GiftCardForm />
          <BalanceCheck />
        </section>
      ) : null}
      {name === 'ContactUs' ? (
        <section className="mx-auto mt-8 max-w-xl">
          <ContactForm />
        </section>
      ) : null}
    </>
  )
}
