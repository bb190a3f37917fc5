import { BackendError } from '../shared/errors.ts'

/**
 * A refund the store refuses, with the sentence an operator reads: 422 (nothing left to refund, a quantity that is not
 * there) or 409 (another operator or tab holds it, or just did it). Nothing was refunded when it is thrown.
 */
export class RefundRefused extends BackendError {
  constructor(message: string, status: 409 | 422 = 422) {
    super(status, message)
  }
}
