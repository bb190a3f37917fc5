/**
 * The Luhn check every payment card number passes: catches a mistyped digit before a payment is tried.
 * Shared by the checkout form (browser-side message) and the embedded backend's test card gateway.
 */
export function luhnValid(digits: string): boolean {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = Number(digits[digits.length - 1 - i])
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}
