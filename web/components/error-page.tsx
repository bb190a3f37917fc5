import { Component, type ReactNode } from 'react'
import { isRouteErrorResponse, useNavigate, useRouteError } from 'react-router'
import { useT, type MessageKey } from '../i18n/index.tsx'
import { LocalLink } from './local-link.tsx'
import { PageTitle } from './page-title.tsx'
import type { ErrorKind } from '../routes/route-helpers.ts'
import { buttonClass } from './ui/button.tsx'

const TITLES: Partial<Record<ErrorKind, MessageKey>> = { router: 'error.routerNotFound', order: 'error.orderNotFound', form: 'error.formTitle', unavailable: 'error.unavailableTitle', 'outcome-unknown': 'error.outcomeUnknownTitle' }
const TEXTS: Partial<Record<ErrorKind, MessageKey>> = { product: 'error.productNotFoundText', form: 'error.formText', unavailable: 'error.unavailableText', 'outcome-unknown': 'error.outcomeUnknownText' }

function describe(error: unknown): { status: number; kind: ErrorKind | undefined } {
  if (isRouteErrorResponse(error)) {
    const kind = (error.data as { kind?: ErrorKind } | null)?.kind
    const internal = (error as { internal?: boolean }).internal
    return { status: error.status, kind: error.status === 404 ? (kind ?? (internal ? 'router' : 'page')) : kind }
  }
  return { status: 500, kind: undefined }
}

function ErrorContent() {
  const error = useRouteError()
  const navigate = useNavigate()
  const { t } = useT()
  const { status, kind } = describe(error)
  const title = t((kind && TITLES[kind]) ?? (status === 404 ? 'error.notFoundTitle' : 'error.errorTitle'))
  const text = t((kind && TEXTS[kind]) ?? (status === 404 ? 'error.notFoundText' : 'error.errorText'))
  return (
    <section className="mx-auto max-w-xl py-16 text-center" data-testid="error-page" data-status={status} data-kind={kind}>
      <PageTitle title={title} noindex />
      <p className="text-6xl font-extrabold text-primary-600">{status}</p>
      <h1 className="mt-4 text-3xl font-bold text-neutral-900">{title}</h1>
      <p className="mt-2 text-neutral-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LocalLink to="/" className={buttonClass('primary')}>
          {t('error.returnHome')}
        </LocalLink>
        {/* without JavaScript there is no history to read: /back goes one level up from this page (worker/back.ts) */}
        <a
          href="/back"
          onClick={(event) => {
            event.preventDefault()
            navigate(-1)
          }}
          className={buttonClass('secondary')}
        >
          {t('error.back')}
        </a>
      </div>
    </section>
  )
}

/** If the error page itself fails, this plain fallback still lets the shopper get home. */
class ErrorPageGuard extends Component<{ children: ReactNode; fallbackText: string; homeText: string }, { failed: boolean }> {
  override state = { failed: false }
  static getDerivedStateFromError() {
    return { failed: true }
  }
  override render() {
    if (!this.state.failed) return this.props.children
    return (
      <section className="py-16 text-center" data-testid="error-page-fallback">
        <h1 className="text-xl font-semibold">{this.props.fallbackText}</h1>
        <a href="/" className="mt-4 inline-block text-primary-700 underline">
          {this.props.homeText}
        </a>
      </section>
    )
  }
}

/** The error page of spec §2, for a thrown Response (404 and friends) or an unexpected error. */
export function ErrorPage() {
  const { t } = useT()
  return (
    <ErrorPageGuard fallbackText={t('error.fallback')} homeText={t('error.goHome')}>
      <ErrorContent />
    </ErrorPageGuard>
  )
}
