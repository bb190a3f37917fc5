import { useState, type FormEvent } from 'react'
import { useActionData, useNavigation } from 'react-router'
import type { StepFailure } from './step-results.ts'
import type { FieldErrors } from '../../forms/address-validation.ts'

/**
 * A checkout form's state: the same rules run in the browser before it submits (nothing leaves the page when a field
 * is wrong), then the action's answer (its messages and what the shopper typed) when the server refuses.
 */
export function useStepForm(validate: (form: FormData) => FieldErrors, intent?: string) {
  const answer = useActionData() as StepFailure | undefined
  const navigation = useNavigation()
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null)
  const mine = !intent || answer?.values?.intent === intent
  const errors = clientErrors ?? (mine ? answer?.errors : undefined) ?? {}
  const busy = navigation.state !== 'idle' && navigation.formMethod === 'POST' && (!intent || navigation.formData?.get('intent') === intent)
  return {
    errors,
    message: clientErrors ? null : mine ? (answer?.message ?? null) : null,
    values: mine ? answer?.values : undefined,
    busy,
    onSubmit(event: FormEvent<HTMLFormElement>) {
      const form = event.currentTarget
      const found = validate(new FormData(form))
      if (Object.keys(found).length > 0) {
        event.preventDefault()
        setClientErrors(found)
        setTimeout(() => form.querySelector<HTMLElement>('[aria-invalid=true]')?.focus())
        return
      }
      setClientErrors(null)
    },
  }
}
