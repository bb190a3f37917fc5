import { ActionRefused } from './action-refused.ts'

/**
 * The refusals of moving and deleting a category (category-moves.ts), each with a stable code and its sentence in
 * English and German, as product-refusals.ts does for products (decision 0031): the console shows the English one;
 * the German one is for a German-speaking operator's screen and is checked by the tests.
 */
type Params = Record<string, string | number>

export const CATEGORY_REFUSAL_TEXTS = {
  category_has_products: {
    en: (p: Params) => `${p.name} still holds ${p.count} product(s): take them out of it (or archive them) before deleting it.`,
    de: (p: Params) => `${p.name} enthält noch ${p.count} Produkt(e): Nehmen Sie sie heraus (oder archivieren Sie sie), bevor Sie die Kategorie löschen.`,
  },
  category_has_children: {
    en: (p: Params) => `${p.name} still has ${p.count} sub-categories: move or delete them first.`,
    de: (p: Params) => `${p.name} hat noch ${p.count} Unterkategorien: Verschieben oder löschen Sie diese zuerst.`,
  },
  category_parent_unknown: {
    en: () => 'Choose where the category goes from the list (the one chosen is not in the store any more).',
    de: () => 'Wählen Sie aus der Liste, wohin die Kategorie gehört (die gewählte gibt es im Shop nicht mehr).',
  },
  category_into_itself: {
    en: (p: Params) => `${p.name} cannot go inside itself or one of its own sub-categories.`,
    de: (p: Params) => `${p.name} kann nicht in sich selbst oder eine ihrer eigenen Unterkategorien verschoben werden.`,
  },
  category_level: {
    en: (p: Params) => `${p.name}: a top-level category stays at the top level and a sub-category stays inside a category; add a new category and move the sub-categories into it instead.`,
    de: (p: Params) => `${p.name}: Eine Hauptkategorie bleibt auf der obersten Ebene und eine Unterkategorie in einer Kategorie; legen Sie stattdessen eine neue Kategorie an und verschieben Sie die Unterkategorien hinein.`,
  },
  category_position_invalid: {
    en: (p: Params) => `Choose a position from 1 to ${p.max}.`,
    de: (p: Params) => `Wählen Sie eine Position von 1 bis ${p.max}.`,
  },
} satisfies Record<string, { en: (p: Params) => string; de: (p: Params) => string }>

export type CategoryRefusalCode = keyof typeof CATEGORY_REFUSAL_TEXTS

export class CategoryRefused extends ActionRefused {
  constructor(
    readonly code: CategoryRefusalCode,
    readonly params: Params = {},
  ) {
    super(CATEGORY_REFUSAL_TEXTS[code].en(params))
  }

  get german(): string {
    return CATEGORY_REFUSAL_TEXTS[this.code].de(this.params)
  }
}
