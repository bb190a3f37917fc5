import { useEffect, type ReactNode } from 'react'
import { useActionData } from 'react-router'
import { useSetAtom } from 'jotai'
import { useT } from '../../i18n/index.tsx'
import { notifyAtom } from '../../state/notifications.ts'
import { msgText, type AccountActionResult, type Msg } from './messages.ts'
import { buttonClass } from '../../components/ui/button.tsx'
import { controlBase, controlEdge, cx } from '../../components/ui/cx.ts'
import { LAND_HERE } from '../../components/ui/cx.ts'
import { SelectChevron, selectControl } from '../../components/ui/select.tsx'

/** A field's control; a refused one has the error edge (docs/design.md: error state), as the checkout's fields do. */
const input = (invalid: boolean) => cx(controlBase, controlEdge(invalid))

/** The action's answer when it is about this form (intent and, for an address, its id). */
export function useFormResult(intents: string[], id?: string): AccountActionResult | undefined {
  const result = useActionData() as AccountActionResult | undefined
  if (!result || !intents.includes(result.intent)) return undefined
  if (id !== undefined && result.id !== id) return undefined
  return result
}

interface FieldProps {
  form: string
  name: string
  label: string
  error?: Msg
  defaultValue?: string
  type?: string
  autoComplete?: string
  children?: ReactNode
}

/** A labelled input (or the select given as children) with its message underneath. */
export function Field({ form, name, label, error, defaultValue, type = 'text', autoComplete, children }: FieldProps) {
  const { t } = useT()
  const id = `${form}-${name}`
  const message = msgText(t, error)
  const a11y = { id, name, 'aria-invalid': message ? true : undefined, 'aria-describedby': message ? `${id}-error` : undefined }
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-semibold text-neutral-800">
        {label}
      </label>
      {children ? (
        <div className="relative">
          <select {...a11y} defaultValue={defaultValue} className={cx(input(Boolean(message)), selectControl)}>
            {children}
          </select>
          <SelectChevron />
        </div>
      ) : (
        <input {...a11y} type={type} defaultValue={defaultValue} autoComplete={autoComplete} className={input(Boolean(message))} />
      )}
      {message ? (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger-700" data-testid="field-error" {...LAND_HERE}>
          {message}
        </p>
      ) : null}
    </div>
  )
}

/** The form's outcome as text (also without JavaScript) and, in the browser, as a notification. */
export function FormStatus({ result }: { result: AccountActionResult | undefined }) {
  const { t } = useT()
  const notify = useSetAtom(notifyAtom)
  const message = msgText(t, result?.message)
  useEffect(() => {
    if (result?.ok && message) notify({ message, type: 'success' })
  }, [result, message, notify])
  if (!message) return null
  return (
    <p role={result?.ok ? 'status' : 'alert'} {...(result?.ok ? {} : LAND_HERE)} data-testid="form-status" className={result?.ok ? 'text-sm text-success-700' : 'text-sm text-danger-700'}>
      {message}
    </p>
  )
}

export function SubmitButton({ children, name = 'intent', value }: { children: ReactNode; name?: string; value: string }) {
  return (
    <button type="submit" name={name} value={value} className={buttonClass('primary')}>
      {children}
    </button>
  )
}
