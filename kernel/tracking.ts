/**
 * The carriers a parcel leaves with, how each one's tracking numbers look, and the page where a shopper follows one
 * (the console checks the number when the operator ships; the shopper's order page and the shipping email link it).
 * A number is kept as the carrier prints it, spaces taken out and in capitals: that is how their pages find it.
 */

export interface Carrier {
  /** What the console's list, the shopper's order page and the email call it (stored in shipments.carrier). */
  name: string
  /** The carrier's own numbers: anything else was mistyped, so it is refused before the shopper gets a dead link. */
  pattern: RegExp
  /** What the numbers look like, in the refusal's words. */
  looks: { en: string; de: string }
  url: (number: string) => string
}

export const CARRIERS: readonly Carrier[] = [
  {
    // domestic article ids (12 to 23 letters and digits) and international ones (AB123456789AU)
    name: 'Australia Post',
    pattern: /^[A-Z0-9]{10,23}$/,
    looks: { en: '10 to 23 letters and digits (AB123456789AU)', de: '10 bis 23 Buchstaben und Ziffern (AB123456789AU)' },
    url: (n) => `https://auspost.com.au/mypost/track/details/${n}`,
  },
  {
    name: 'StarTrack',
    pattern: /^[A-Z0-9]{8,20}$/,
    looks: { en: '8 to 20 letters and digits', de: '8 bis 20 Buchstaben und Ziffern' },
    url: (n) => `https://startrack.com.au/track/details/${n}`,
  },
  {
    name: 'Sendle',
    pattern: /^[A-Z0-9]{6,12}$/,
    looks: { en: '6 to 12 letters and digits (S3NDLE)', de: '6 bis 12 Buchstaben und Ziffern (S3NDLE)' },
    url: (n) => `https://track.sendle.com/tracking?ref=${n}`,
  },
  {
    // DHL Express waybills are ten digits
    name: 'DHL Express',
    pattern: /^\d{10}$/,
    looks: { en: '10 digits', de: '10 Ziffern' },
    url: (n) => `https://www.dhl.com/au-en/home/tracking/tracking-express.html?submit=1&tracking-id=${n}`,
  },
  {
    name: 'Aramex',
    pattern: /^[A-Z0-9]{10,20}$/,
    looks: { en: '10 to 20 letters and digits', de: '10 bis 20 Buchstaben und Ziffern' },
    url: (n) => `https://www.aramex.com.au/tools/track?l=${n}`,
  },
]

/** The list's last choice: a carrier not above, whose tracking page the operator types (https, its host names it). */
export const OTHER_CARRIER = 'Other'
export const CARRIER_NAMES = [...CARRIERS.map((c) => c.name), OTHER_CARRIER] as const

/** A number as the carrier's page wants it: spaces and dashes out, capitals. */
export const normaliseTracking = (raw: string) => raw.replace(/[\s-]+/g, '').toUpperCase()

export type TrackingRefusal = { field: 'tracking' | 'trackingUrl'; en: string; de: string }

export interface Parcel {
  /** The carrier's name as the shopper reads it (for 'Other', the tracking page's host). */
  carrier: string
  tracking: string
  url: string
}

/**
 * A carrier and number (and for 'Other' the operator's tracking link) checked and turned into what the shopper is
 * shown, or the sentence that says what is wrong (en and de), naming the field it is about.
 */
export function trackParcel(carrierName: string, rawNumber: string, otherUrl = ''): Parcel | TrackingRefusal {
  const tracking = normaliseTracking(rawNumber)
  if (!tracking) return { field: 'tracking', en: 'The tracking number is required.', de: 'Die Sendungsnummer fehlt.' }
  if (carrierName === OTHER_CARRIER) {
    if (!/^[A-Z0-9]{4,40}$/.test(tracking))
      return { field: 'tracking', en: 'Use 4 to 40 letters and digits for the tracking number.', de: 'Die Sendungsnummer besteht aus 4 bis 40 Buchstaben und Ziffern.' }
    let url: URL | null = null
    try {
      url = new URL(otherUrl.trim())
    } catch {
      url = null
    }
    if (!url || url.protocol !== 'https:' || !url.hostname.includes('.') || otherUrl.length > 300) {
      return {
        field: 'trackingUrl',
        en: 'Give the carrier’s tracking page as a link starting with https:// (at most 300 characters).',
        de: 'Geben Sie die Sendungsverfolgung des Versanddienstes als Link an, der mit https:// beginnt (höchstens 300 Zeichen).',
      }
    }
    return { carrier: url.hostname.replace(/^www\./, ''), tracking, url: url.toString() }
  }
  const carrier = CARRIERS.find((c) => c.name === carrierName)
  if (!carrier) return { field: 'tracking', en: 'Choose a carrier from the list.', de: 'Wählen Sie einen Versanddienst aus der Liste.' }
  if (!carrier.pattern.test(tracking)) {
    return {
      field: 'tracking',
      en: `This does not look like a tracking number of ${carrier.name}: theirs are ${carrier.looks.en}.`,
      de: `Das sieht nicht nach einer Sendungsnummer von ${carrier.name} aus: diese bestehen aus ${carrier.looks.de}.`,
    }
  }
  return { carrier: carrier.name, tracking, url: carrier.url(encodeURIComponent(tracking)) }
}

export const isRefusal = (r: Parcel | TrackingRefusal): r is TrackingRefusal => 'field' in r
