/**
 * The card schemes the checkout takes, drawn as small marks in their own colours (`scheme-*` tokens; no third-party
 * images, no request). `fontSize` here is in the 48 × 32 drawing's units: it scales with the mark.
 */
const MARKS = [
  { name: 'Visa', draw: <text x="24" y="20" textAnchor="middle" fontSize="13" fontWeight="800" fontStyle="italic" className="fill-scheme-visa">VISA</text> },
  {
    name: 'Mastercard',
    draw: (
      <>
        <circle cx="20" cy="16" r="8" className="fill-scheme-mastercard" />
        <circle cx="28" cy="16" r="8" className="fill-scheme-maestro" fillOpacity="0.9" />
      </>
    ),
  },
  { name: 'American Express', draw: <text x="24" y="20" textAnchor="middle" fontSize="10" fontWeight="800" className="fill-scheme-amex">AMEX</text> },
  { name: 'Gift card', draw: <path d="M14 10h20v12H14zM14 14h20M22 10v12" fill="none" className="stroke-neutral-700" strokeWidth="1.6" /> },
] as const

export function PaymentMarks({ label }: { label: string }) {
  return (
    <ul className="flex flex-wrap gap-2" aria-label={label}>
      {MARKS.map((mark) => (
        <li key={mark.name}>
          <svg viewBox="0 0 48 32" className="h-8 w-12 rounded bg-white" role="img" aria-label={mark.name}>
            {mark.draw}
          </svg>
        </li>
      ))}
    </ul>
  )
}
