// The fixed vocabulary of the sample store: category tree, options, brands, product kinds, in English and German.
// Pure data, no imports, so the generator is deterministic and runs in Node and in workerd alike.

/** Top-level categories (one taxonomy each, ordered by position) and their children. */
export const TAXONOMY_TREE = [
  { slug: 'men', en: 'Men', de: 'Herren', children: [
    ['jackets', 'Jackets', 'Jacken'], ['tops', 'Tops', 'Oberteile'], ['pants', 'Pants', 'Hosen'],
    ['shorts', 'Shorts', 'Shorts'], ['footwear', 'Footwear', 'Schuhe'],
  ] },
  { slug: 'women', en: 'Women', de: 'Damen', children: [
    ['jackets', 'Jackets', 'Jacken'], ['tops', 'Tops', 'Oberteile'], ['pants', 'Pants', 'Hosen'],
    ['dresses', 'Dresses', 'Kleider'], ['footwear', 'Footwear', 'Schuhe'],
  ] },
  { slug: 'kids', en: 'Kids', de: 'Kinder', children: [
    ['jackets', 'Jackets', 'Jacken'], ['tops', 'Tops', 'Oberteile'], ['pants', 'Pants', 'Hosen'],
    ['footwear', 'Footwear', 'Schuhe'],
  ] },
  { slug: 'camping', en: 'Camping', de: 'Camping', children: [
    ['tents', 'Tents', 'Zelte'], ['sleeping-bags', 'Sleeping bags', 'Schlafsäcke'],
    ['cooking', 'Cooking', 'Kochen'], ['furniture', 'Furniture', 'Campingmöbel'],
  ] },
  { slug: 'hiking', en: 'Hiking', de: 'Wandern', children: [
    ['backpacks', 'Backpacks', 'Rucksäcke'], ['poles', 'Trekking poles', 'Wanderstöcke'],
    ['accessories', 'Accessories', 'Zubehör'],
  ] },
  { slug: 'cycling', en: 'Cycling', de: 'Radsport', children: [
    ['helmets', 'Helmets', 'Helme'], ['lights', 'Lights', 'Beleuchtung'], ['jerseys', 'Jerseys', 'Trikots'],
  ] },
  { slug: 'travel', en: 'Travel', de: 'Reisen', children: [
    ['luggage', 'Luggage', 'Gepäck'], ['accessories', 'Travel accessories', 'Reisezubehör'],
  ] },
  { slug: 'new-in', en: 'New in', de: 'Neuheiten', children: [] },
  { slug: 'sale', en: 'Sale', de: 'Sale', children: [] },
  { slug: 'gift-cards', en: 'Gift cards', de: 'Geschenkkarten', children: [] },
  { slug: 'special-events', en: 'Special events', de: 'Aktionen', hideFromNav: true, children: [
    ['one-day-deal', 'One day deal', 'Tagesangebot'],
  ] },
  { slug: 'last-chance-deals', en: 'Last chance deals', de: 'Letzte Chance', hideFromNav: true, children: [] },
]

export const COLOURS = [
  ['black', 'Black', 'Schwarz', '#1b1b1b'], ['white', 'White', 'Weiß', '#f4f4f0'], ['navy', 'Navy', 'Marineblau', '#1f2f5f'],
  ['red', 'Red', 'Rot', '#c0392b'], ['forest-green', 'Forest green', 'Waldgrün', '#2e6b3a'], ['orange', 'Orange', 'Orange', '#f07d19'],
  ['grey', 'Grey', 'Grau', '#8a8d91'], ['blue', 'Blue', 'Blau', '#2f7bd9'], ['yellow', 'Yellow', 'Gelb', '#f2c230'],
  ['purple', 'Purple', 'Lila', '#7d3c98'], ['khaki', 'Khaki', 'Khaki', '#a89a6a'], ['pink', 'Pink', 'Rosa', '#e68fac'],
]

export const OPTION_TYPES = [
  { name: 'color', en: 'Color', de: 'Farbe' },
  { name: 'size', en: 'Size', de: 'Größe', values: ['XS', 'S', 'M', 'L', 'XL', 'XXL'] },
  { name: 'kids-size', en: 'Kids size', de: 'Kindergröße', values: ['4', '6', '8', '10', '12', '14'] },
  { name: 'shoe-size', en: 'Shoe size', de: 'Schuhgröße', values: ['6', '7', '8', '9', '10', '11', '12'] },
  { name: 'style', en: 'Style', de: 'Ausführung', values: [['compact', 'Compact', 'Kompakt'], ['regular', 'Regular', 'Standard'], ['large', 'Large', 'Groß']] },
]

export const PROPERTIES = [
  { name: 'brand', en: 'Brand', de: 'Marke' },
  { name: 'gender', en: 'Gender', de: 'Geschlecht' },
  { name: 'material', en: 'Material', de: 'Material' },
  { name: 'features', en: 'Features', de: 'Eigenschaften', filterable: false },
]

/** Brands get a Club Price; unbranded (house) products do not. 'Müller Outdoor' keeps the umlaut search honest. */
export const BRANDS = ['Müller Outdoor', 'Tasman Peak', 'Bergfeld', 'Southern Cross', 'Kookaburra Trail', 'Höhenweg', 'Wildwood', 'Summit & Co']

export const GENDERS = { men: ['Men', 'Herren'], women: ['Women', 'Damen'], kids: ['Kids', 'Kinder'], unisex: ['Unisex', 'Unisex'] }

export const MATERIALS = [
  ['Nylon', 'Nylon'], ['Recycled polyester', 'Recyceltes Polyester'], ['Merino wool', 'Merinowolle'], ['Organic cotton', 'Bio-Baumwolle'],
  ['Leather', 'Leder'], ['Aluminium', 'Aluminium'], ['Ripstop nylon', 'Ripstop-Nylon'], ['Down', 'Daunen'],
]

export const FEATURES = [
  ['Waterproof', 'Wasserdicht'], ['Breathable', 'Atmungsaktiv'], ['Lightweight', 'Leicht'], ['Packable', 'Verstaubar'],
  ['Reflective details', 'Reflektierende Details'], ['UPF 50+', 'UPF 50+'],
]

export const ADJECTIVES = [
  ['Alpine', 'Alpine'], ['Summit', 'Gipfel'], ['Coastal', 'Küsten'], ['Ridge', 'Grat'], ['Outback', 'Outback'],
  ['Glacier', 'Gletscher'], ['Trailhead', 'Trail'], ['Harbour', 'Hafen'], ['Canyon', 'Canyon'], ['Tundra', 'Tundra'],
]

/**
 * Product kinds per leaf category: nouns (en, de), the option types their variants use, a price range in AUD,
 * the drawing its images show (a noun's third entry, else the kind's), the gender property and materials.
 */
const apparel = (nouns, size, min, max, shape, gender) => ({ nouns, options: ['color', size], min, max, shape, gender })
const gear = (nouns, min, max, shape, options = ['color', 'style']) => ({ nouns, options, min, max, shape, gender: 'unisex' })

export const KINDS = {
  'men/jackets': apparel([['Jacket', 'Jacke'], ['Down Jacket', 'Daunenjacke', 'down-jacket'], ['Rain Jacket', 'Regenjacke', 'rain-jacket'], ['Fleece', 'Fleecejacke', 'fleece']], 'size', 150, 450, 'jacket', 'men'),
  'men/tops': apparel([['T-Shirt', 'T-Shirt', 'tee'], ['Hoodie', 'Kapuzenpullover', 'hoodie'], ['Merino Crew', 'Merino-Shirt', 'crew']], 'size', 30, 120, 'tee', 'men'),
  'men/pants': apparel([['Hiking Pants', 'Wanderhose'], ['Chinos', 'Chinohose'], ['Rain Pants', 'Regenhose']], 'size', 60, 180, 'pants', 'men'),
  'men/shorts': apparel([['Shorts', 'Shorts'], ['Board Shorts', 'Badeshorts']], 'size', 40, 90, 'shorts', 'men'),
  'men/footwear': apparel([['Hiking Boots', 'Wanderschuhe', 'boot'], ['Trail Runners', 'Trailschuhe', 'trail-runner'], ['Sandals', 'Sandalen', 'sandal']], 'shoe-size', 90, 260, 'boot', 'men'),
  'women/jackets': apparel([['Jacket', 'Jacke'], ['Down Jacket', 'Daunenjacke', 'down-jacket'], ['Rain Jacket', 'Regenjacke', 'rain-jacket'], ['Fleece', 'Fleecejacke', 'fleece']], 'size', 150, 450, 'jacket', 'women'),
  'women/tops': apparel([['T-Shirt', 'T-Shirt', 'tee'], ['Tank Top', 'Top', 'tank'], ['Merino Crew', 'Merino-Shirt', 'crew']], 'size', 30, 120, 'tee', 'women'),
  'women/pants': apparel([['Hiking Pants', 'Wanderhose'], ['Leggings', 'Leggings', 'leggings'], ['Rain Pants', 'Regenhose']], 'size', 60, 180, 'pants', 'women'),
  'women/dresses': apparel([['Dress', 'Kleid'], ['Travel Dress', 'Reisekleid']], 'size', 60, 160, 'dress', 'women'),
  'women/footwear': apparel([['Hiking Boots', 'Wanderschuhe', 'boot'], ['Trail Runners', 'Trailschuhe', 'trail-runner'], ['Sandals', 'Sandalen', 'sandal']], 'shoe-size', 90, 260, 'boot', 'women'),
  'kids/jackets': apparel([['Jacket', 'Jacke'], ['Rain Jacket', 'Regenjacke', 'rain-jacket']], 'kids-size', 50, 150, 'jacket', 'kids'),
  'kids/tops': apparel([['T-Shirt', 'T-Shirt', 'tee'], ['Hoodie', 'Kapuzenpullover', 'hoodie']], 'kids-size', 20, 60, 'tee', 'kids'),
  'kids/pants': apparel([['Pants', 'Hose'], ['Rain Pants', 'Regenhose']], 'kids-size', 30, 80, 'pants', 'kids'),
  'kids/footwear': apparel([['Boots', 'Stiefel', 'boot'], ['Sandals', 'Sandalen', 'sandal']], 'shoe-size', 40, 120, 'boot', 'kids'),
  'camping/tents': gear([['Tent', 'Zelt'], ['Dome Tent', 'Kuppelzelt']], 200, 900, 'tent'),
  'camping/sleeping-bags': gear([['Sleeping Bag', 'Schlafsack']], 90, 400, 'sleeping-bag'),
  'camping/cooking': gear([['Stove', 'Kocher', 'stove'], ['Cook Set', 'Kochset'], ['Mug', 'Becher', 'mug']], 15, 150, 'cook-pot'),
  'camping/furniture': gear([['Camp Chair', 'Campingstuhl'], ['Camp Table', 'Campingtisch', 'camp-table']], 40, 200, 'camp-chair'),
  'hiking/backpacks': gear([['Backpack', 'Rucksack'], ['Daypack', 'Tagesrucksack']], 80, 350, 'backpack'),
  'hiking/poles': gear([['Trekking Poles', 'Wanderstöcke']], 40, 180, 'trekking-poles', ['color']),
  'hiking/accessories': gear([['Water Bottle', 'Trinkflasche'], ['Head Torch', 'Stirnlampe', 'head-torch'], ['Beanie', 'Mütze', 'beanie']], 10, 70, 'water-bottle', ['color']),
  'cycling/helmets': gear([['Helmet', 'Helm']], 60, 250, 'helmet', ['color', 'size']),
  'cycling/lights': gear([['Bike Light', 'Fahrradlicht'], ['Light Set', 'Lichtset']], 20, 120, 'bike-light', ['style']),
  'cycling/jerseys': apparel([['Cycling Jersey', 'Radtrikot', 'jersey'], ['Bib Shorts', 'Radhose', 'bib-shorts']], 'size', 50, 150, 'jersey', 'unisex'),
  'travel/luggage': gear([['Travel Pack', 'Reiserucksack'], ['Duffel', 'Reisetasche', 'duffel'], ['Wheeled Bag', 'Trolley', 'wheeled-bag']], 120, 500, 'backpack'),
  'travel/accessories': gear([['Packing Cells', 'Packwürfel'], ['Travel Pillow', 'Reisekissen', 'travel-pillow'], ['Money Belt', 'Geldgürtel', 'money-belt']], 10, 70, 'packing-cells', ['color']),
}
