import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { PageTitle } from './page-title.tsx'
import { buttonClass } from './ui/button.tsx'

/**
 * An emailed link's page (the newsletter's and the alerts' confirm and unsubscribe links): a title, then what was
 * done, or a button that posts the link's fields (a GET changes nothing: mail scanners open links), or `missing`
 * when the link is incomplete. The post works with or without JavaScript.
 */
export function LinkStep({
  testId,
  title,
  result,
  done,
  text,
  fields,
  button,
  missing,
  reloadDocument,
}: {
  testId: string
  title: string
  result: { ok: boolean; error?: string } | undefined
  done: ReactNode
  text: string
  fields: Record<string, string> | null
  button: string
  missing: string
  /** Post as a page load (the route's action is answered by the server's API only). */
  reloadDocument?: boolean
}) {
  return (
    <div className="mx-auto max-w-lg space-y-4 py-8" data-testid={testId}>
      <PageTitle title={title} />
      <h1 className="text-3xl font-bold">{title}</h1>
      {result?.ok ? (
        done
      ) : fields ? (
        <Form method="post" reloadDocument={reloadDocument} className="space-y-4">
          <p>{text}</p>
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          {result && !result.ok ? (
            <p role="alert" className="text-sm text-danger-700">
              {result.error || missing}
            </p>
          ) : null}
          <button type="submit" className={buttonClass('primary')}>
            {button}
          </button>
        </Form>
      ) : (
        <p role="alert">{missing}</p>
      )}
    </div>
  )
}
