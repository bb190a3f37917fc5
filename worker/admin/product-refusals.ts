import { ActionRefused } from './action-refused.ts'

/**
 * The refusals of writing a whole product ('New product', worker/admin/product-write.ts), each with a stable code and
 * its sentence in English and German (decision 0031). The console shows the English one beside the field it is
 * about; the German one is for a German-speaking operator's screen and is checked by the tests, so neither language
 * is matched on anywhere. A code, once shipped, keeps its meaning; the sentences may be reworded.
 */
type MoneyField = 'sale' | 'rrp' | 'club'
const MONEY_EN: Record<MoneyField, string> = { sale: 'sale price', rrp: 'RRP', club: 'Club Price' }
const MONEY_DE: Record<MoneyField, string> = { sale: 'Der Aktionspreis', rrp: 'Die UVP', club: 'Der Club-Preis' }

export const PRODUCT_REFUSAL_TEXTS = {
  name_required: {
    en: () => 'Give the product an English name: shoppers in both languages fall back to it.',
    de: () => 'Geben Sie dem Produkt einen englischen Namen: Kundinnen und Kunden beider Sprachen sehen ihn, wenn der deutsche fehlt.',
  },
  no_variants: {
    en: () => 'The product has nothing to buy yet: choose its options and press “Generate variants”, or give the one variant a SKU and price.',
    de: () => 'Das Produkt hat noch nichts zu kaufen: Wählen Sie seine Optionen und drücken Sie „Varianten erzeugen“, oder geben Sie der einen Variante eine Artikelnummer und einen Preis.',
  },
  too_many_variants: {
    en: (p) => `A product can have at most ${p.max} variants; these options make ${p.count}. Choose fewer values.`,
    de: (p) => `Ein Produkt hat höchstens ${p.max} Varianten; diese Optionen ergeben ${p.count}. Wählen Sie weniger Werte.`,
  },
  option_without_values: {
    en: (p) => `${p.type}: choose at least one value, or untick the option.`,
    de: (p) => `${p.type}: Wählen Sie mindestens einen Wert, oder entfernen Sie das Häkchen bei der Option.`,
  },
  option_unknown: {
    en: () => 'One of the chosen options or values is not in the store any more: reload the page and choose again.',
    de: () => 'Eine der gewählten Optionen oder Werte gibt es im Shop nicht mehr: Laden Sie die Seite neu und wählen Sie erneut.',
  },
  option_value_invalid: {
    en: (p) => `“${p.value}”: write a new value as “English / German #swatch”, e.g. “Red / Rot #c0392b” (the German name and the swatch may be left out).`,
    de: (p) => `„${p.value}“: Schreiben Sie einen neuen Wert als „Englisch / Deutsch #Farbe“, z. B. „Red / Rot #c0392b“ (deutscher Name und Farbe dürfen fehlen).`,
  },
  combination_repeated: {
    en: (p) => `${p.label} is in the grid twice: each variant is one combination of the options.`,
    de: (p) => `${p.label} steht zweimal in der Tabelle: Jede Variante ist eine eigene Kombination der Optionen.`,
  },
  variant_not_generated: {
    en: () => 'The variant grid does not match the chosen options: press “Generate variants” and check the grid before saving.',
    de: () => 'Die Variantentabelle passt nicht zu den gewählten Optionen: Drücken Sie „Varianten erzeugen“ und prüfen Sie die Tabelle vor dem Speichern.',
  },
  sku_invalid: {
    en: (p) => `${p.label}: the SKU is required; use letters, digits, dots, dashes and underscores only (at most 64).`,
    de: (p) => `${p.label}: Die Artikelnummer fehlt oder ist ungültig; erlaubt sind Buchstaben, Ziffern, Punkte, Binde- und Unterstriche (höchstens 64).`,
  },
  sku_repeated: {
    en: (p) => `The SKU ${p.sku} is given to two variants: each needs its own.`,
    de: (p) => `Die Artikelnummer ${p.sku} ist zwei Varianten gegeben: Jede braucht ihre eigene.`,
  },
  sku_taken: {
    en: (p) => `Another product already has the SKU ${p.sku}: give this variant its own.`,
    de: (p) => `Ein anderes Produkt hat schon die Artikelnummer ${p.sku}: Geben Sie dieser Variante eine eigene.`,
  },
  price_invalid: {
    en: (p) => `${p.label}: the ${p.currency} price is required, as an amount like 129.95 above 0.`,
    de: (p) => `${p.label}: Der Preis in ${p.currency} fehlt; geben Sie einen Betrag über 0 ein, z. B. 129.95.`,
  },
  money_invalid: {
    en: (p) => `${p.label}: the ${p.currency} ${MONEY_EN[p.what as MoneyField]} is an amount like 129.95; leave it empty for none.`,
    de: (p) => `${p.label}: ${MONEY_DE[p.what as MoneyField]} in ${p.currency} ist ein Betrag wie 129.95; leer lassen, wenn es keinen gibt.`,
  },
  sale_not_below_price: {
    en: (p) => `${p.label}: the ${p.currency} sale price must be below the price.`,
    de: (p) => `${p.label}: Der Aktionspreis in ${p.currency} muss unter dem Preis liegen.`,
  },
  rrp_below_price: {
    en: (p) => `${p.label}: the ${p.currency} RRP cannot be below the price.`,
    de: (p) => `${p.label}: Die UVP in ${p.currency} darf nicht unter dem Preis liegen.`,
  },
  club_not_below_price: {
    en: (p) => `${p.label}: the ${p.currency} Club Price must be below the price shoppers pay.`,
    de: (p) => `${p.label}: Der Club-Preis in ${p.currency} muss unter dem Preis liegen, den Kundinnen und Kunden zahlen.`,
  },
  price_over_cap: {
    en: (p) => `${p.label}: ${p.currency} amounts can be at most ${p.max} (the most a card can be charged at once).`,
    de: (p) => `${p.label}: Beträge in ${p.currency} dürfen höchstens ${p.max} sein (mehr kann eine Karte auf einmal nicht belastet werden).`,
  },
  stock_invalid: {
    en: (p) => `${p.label}: the stock is a whole number from 0 to 1,000,000.`,
    de: (p) => `${p.label}: Der Bestand ist eine ganze Zahl von 0 bis 1.000.000.`,
  },
  category_unknown: {
    en: () => 'One of the chosen categories is not in the store any more: reload the page and choose again.',
    de: () => 'Eine der gewählten Kategorien gibt es im Shop nicht mehr: Laden Sie die Seite neu und wählen Sie erneut.',
  },
  property_german_only: {
    en: (p) => `${p.property}: give the English value too (German shoppers fall back to it).`,
    de: (p) => `${p.property}: Geben Sie auch den englischen Wert an (er wird gezeigt, wenn der deutsche fehlt).`,
  },
  product_sold: {
    en: (p) => `${p.name} was bought ${p.count} times, so it cannot be deleted (past orders show it): archive it instead.`,
    de: (p) => `${p.name} wurde ${p.count}-mal gekauft und kann daher nicht gelöscht werden (frühere Bestellungen zeigen es): Archivieren Sie es stattdessen.`,
  },
  variant_sold: {
    en: (p) => `${p.label} was bought ${p.count} times, so it cannot be deleted (past orders show it): archive it instead.`,
    de: (p) => `${p.label} wurde ${p.count}-mal gekauft und kann daher nicht gelöscht werden (frühere Bestellungen zeigen sie): Archivieren Sie sie stattdessen.`,
  },
} satisfies Record<string, { en: (p: Record<string, string | number>) => string; de: (p: Record<string, string | number>) => string }>

export type ProductRefusalCode = keyof typeof PRODUCT_REFUSAL_TEXTS
export type RefusalParams = Record<string, string | number>

/** A refusal's sentence in the operator's language. */
export const sayProductRefusal = (code: ProductRefusalCode, params: RefusalParams, locale: 'en' | 'de') => PRODUCT_REFUSAL_TEXTS[code][locale](params)

/** One thing wrong with a product as sent: its code, the figures its sentence names, the form field it is about. */
export interface ProductProblem {
  code: ProductRefusalCode
  params: RefusalParams
  field: string
}

/** The product was not written: every problem found, each said beside its field (422), or a clash with the store (409). */
export class ProductRefused extends ActionRefused {
  constructor(readonly problems: ProductProblem[]) {
    super(sayProductRefusal(problems[0]!.code, problems[0]!.params, 'en'))
  }
  get code() {
    return this.problems[0]!.code
  }
}
