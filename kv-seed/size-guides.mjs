// Size guides (issue 44 point 5, migration 0410, decision 0059): reference data every apparel shop can start from
// (Australian sizing, measurements of the body in cm), and the sample's links from its categories to them. The shop
// edits both in the console (Content › Size guides). Statements only add what is missing.

/** A guide: slug, names, 'how to measure' lines per language, column headings per language, rows (one cell per column). */
export const SIZE_GUIDES = [
  {
    slug: 'mens-apparel',
    name: ["Men's clothing", 'Herrenbekleidung'],
    howTo: [
      [
        'Chest: measure around the fullest part of your chest, under your arms, keeping the tape level.',
        'Waist: measure around your natural waistline, above your hip bones, with the tape comfortably loose.',
        'Hip: stand with your feet together and measure around the fullest part of your hips.',
        'Between two sizes: take the larger one to layer underneath, the smaller one for a close fit.',
      ],
      [
        'Brust: waagerecht um die breiteste Stelle der Brust messen, unter den Armen.',
        'Taille: um die natürliche Taille oberhalb der Hüftknochen messen, das Maßband locker anliegend.',
        'Hüfte: mit geschlossenen Füßen um die breiteste Stelle der Hüfte messen.',
        'Zwischen zwei Größen: die größere zum Darunterziehen, die kleinere für eine enge Passform.',
      ],
    ],
    columns: [
      ['Size', 'Chest (cm)', 'Waist (cm)', 'Hip (cm)'],
      ['Größe', 'Brust (cm)', 'Taille (cm)', 'Hüfte (cm)'],
    ],
    rows: [
      ['XS', '86–91', '71–76', '86–91'],
      ['S', '91–96', '76–81', '91–96'],
      ['M', '96–101', '81–86', '96–101'],
      ['L', '101–106', '86–91', '101–106'],
      ['XL', '106–111', '91–96', '106–111'],
      ['XXL', '111–116', '96–101', '111–116'],
    ],
  },
  {
    slug: 'womens-apparel',
    name: ["Women's clothing", 'Damenbekleidung'],
    howTo: [
      [
        'Bust: measure around the fullest part of your bust, keeping the tape level under your arms.',
        'Waist: measure around the narrowest part of your waist.',
        'Hip: stand with your feet together and measure around the fullest part of your hips.',
        'Between two sizes: take the larger one to layer underneath, the smaller one for a close fit.',
      ],
      [
        'Brust: um die breiteste Stelle der Brust messen, das Maßband waagerecht unter den Armen.',
        'Taille: um die schmalste Stelle der Taille messen.',
        'Hüfte: mit geschlossenen Füßen um die breiteste Stelle der Hüfte messen.',
        'Zwischen zwei Größen: die größere zum Darunterziehen, die kleinere für eine enge Passform.',
      ],
    ],
    columns: [
      ['Size', 'AU size', 'Bust (cm)', 'Waist (cm)', 'Hip (cm)'],
      ['Größe', 'AU-Größe', 'Brust (cm)', 'Taille (cm)', 'Hüfte (cm)'],
    ],
    rows: [
      ['XS', '8', '80–83', '62–65', '88–91'],
      ['S', '10', '84–87', '66–69', '92–95'],
      ['M', '12', '88–92', '70–74', '96–100'],
      ['L', '14', '93–97', '75–79', '101–105'],
      ['XL', '16', '98–103', '80–85', '106–111'],
      ['XXL', '18', '104–109', '86–91', '112–117'],
    ],
  },
  {
    slug: 'kids-apparel',
    name: ["Kids' clothing", 'Kinderbekleidung'],
    howTo: [
      [
        'Height: stand barefoot against a wall, heels together; measure from the floor to the top of the head.',
        'Chest: measure around the fullest part of the chest, under the arms.',
        'Waist: measure around the natural waistline.',
        'Growing fast? The next size up leaves room for a season.',
      ],
      [
        'Körpergröße: barfuß, Fersen zusammen, an eine Wand stellen; vom Boden bis zum Scheitel messen.',
        'Brust: um die breiteste Stelle der Brust messen, unter den Armen.',
        'Taille: um die natürliche Taille messen.',
        'Wächst schnell? Die nächste Größe lässt Platz für eine Saison.',
      ],
    ],
    columns: [
      ['AU size', 'Height (cm)', 'Chest (cm)', 'Waist (cm)'],
      ['AU-Größe', 'Körpergröße (cm)', 'Brust (cm)', 'Taille (cm)'],
    ],
    rows: [
      ['4', '98–104', '55–57', '52–54'],
      ['6', '110–116', '59–61', '54–56'],
      ['8', '122–128', '63–66', '57–59'],
      ['10', '134–140', '68–71', '60–62'],
      ['12', '146–152', '73–76', '63–65'],
      ['14', '158–164', '78–81', '66–68'],
    ],
  },
  {
    slug: 'footwear',
    name: ['Footwear', 'Schuhe'],
    howTo: [
      [
        'Foot length: stand on a sheet of paper with your heel against a wall; mark the tip of your longest toe and measure from the wall to the mark.',
        'Measure both feet in the afternoon (feet swell during the day) and go by the longer one.',
        'Hiking boots: add about 1 cm for thick socks and downhill walking.',
      ],
      [
        'Fußlänge: mit der Ferse an einer Wand auf ein Blatt Papier stellen, die Spitze des längsten Zehs markieren und von der Wand bis zur Markierung messen.',
        'Beide Füße am Nachmittag messen (Füße schwellen im Lauf des Tages an) und nach dem längeren wählen.',
        'Wanderschuhe: etwa 1 cm für dicke Socken und Abstiege zugeben.',
      ],
    ],
    columns: [
      ['AU', 'US', 'UK', 'EU', 'Foot length (cm)'],
      ['AU', 'US', 'UK', 'EU', 'Fußlänge (cm)'],
    ],
    rows: [
      ['6', '7', '6', '39', '24.5'],
      ['7', '8', '7', '40.5', '25.4'],
      ['8', '9', '8', '42', '26.2'],
      ['9', '10', '9', '43', '27.1'],
      ['10', '11', '10', '44.5', '27.9'],
      ['11', '12', '11', '45.5', '28.8'],
      ['12', '13', '12', '47', '29.6'],
    ],
  },
  {
    slug: 'helmets',
    name: ['Helmets', 'Helme'],
    howTo: [
      [
        'Head circumference: wrap the tape around your head about 2 cm above your eyebrows and ears, at the widest point.',
        'A helmet that fits sits level, does not rock when you shake your head, and is snug before the dial is tightened.',
      ],
      [
        'Kopfumfang: das Maßband etwa 2 cm über Augenbrauen und Ohren an der breitesten Stelle um den Kopf legen.',
        'Ein passender Helm sitzt gerade, wackelt beim Kopfschütteln nicht und liegt schon vor dem Festdrehen des Rads an.',
      ],
    ],
    columns: [
      ['Size', 'Head circumference (cm)'],
      ['Größe', 'Kopfumfang (cm)'],
    ],
    rows: [
      ['XS', '48–52'],
      ['S', '52–55'],
      ['M', '55–58'],
      ['L', '58–61'],
      ['XL', '61–64'],
      ['XXL', '64–66'],
    ],
  },
]

/** The sample's categories (permalinks) and the guide each uses; a category under them takes the same guide. */
export const SAMPLE_GUIDE_LINKS = [
  ['men', 'mens-apparel'],
  ['women', 'womens-apparel'],
  ['kids', 'kids-apparel'],
  ['men/footwear', 'footwear'],
  ['women/footwear', 'footwear'],
  ['kids/footwear', 'footwear'],
  ['cycling/helmets', 'helmets'],
]

const quote = (text) => `'${String(text).replaceAll("'", "''")}'`

/** The reference guides, each added when no guide has its slug (one the shop edited or removed stays as it is). */
export function sizeGuideStatements() {
  return SIZE_GUIDES.map(
    (g) =>
      `INSERT OR IGNORE INTO size_guides (slug, name_en, name_de, how_to_en, how_to_de, size_table, updated_at) VALUES (${[
        g.slug,
        ...g.name,
        ...g.howTo.map((lines) => lines.join('\n')),
        JSON.stringify({ columns: { en: g.columns[0], de: g.columns[1] }, rows: g.rows }),
        '2026-01-01T00:00:00Z',
      ]
        .map(quote)
        .join(', ')})`,
  )
}

/** The sample's links (a category the shop already linked keeps its guide). */
export function sampleGuideLinkStatements() {
  return SAMPLE_GUIDE_LINKS.map(
    ([permalink, slug]) =>
      `INSERT OR IGNORE INTO size_guide_taxons (taxon_id, guide_id) SELECT t.id, g.id FROM taxons t, size_guides g WHERE t.permalink = ${quote(permalink)} AND g.slug = ${quote(slug)}`,
  )
}
