// The CMS pages of the sample store (spec §2 static pages and the home page), in English and German.
// Slugs and the routes that show them are listed in docs/seed-data.md.

const page = (slug, type, en, de, sections) => ({ slug, type, en, de, sections })
const p = (...paragraphs) => paragraphs.map((text) => `<p>${text}</p>`).join('')
/** A generated scene image: its name under the image root, the scene drawn, the sky's hue and its alt text in English and German. */
const img = (base, scene, hue, en, de) => ({ base, scene, hue, alt: [en, de] })

const HOME_SECTIONS = [
  {
    type: 'hero_image', link: '/t/new-in', settings: { gutters: 'No Gutters' },
    images: [img('cms/hero-home', 'mountains', 30, 'Snow-capped peaks above an alpine lake at sunrise', 'Schneebedeckte Gipfel über einem Bergsee bei Sonnenaufgang')],
    en: { name: 'Main hero', content: { title: 'Made for the outdoors', subtitle: 'New season jackets, packs and boots', button_text: 'Shop new in' } },
    de: { name: 'Haupt-Hero', content: { title: 'Gemacht für draußen', subtitle: 'Neue Jacken, Rucksäcke und Schuhe', button_text: 'Neuheiten entdecken' } },
  },
  {
    type: 'product_carousel', taxon: 'new-in', link: '/t/new-in',
    en: { name: 'New in', content: { title: 'New in' } }, de: { name: 'Neuheiten', content: { title: 'Neuheiten' } },
  },
  {
    type: 'product_carousel', taxon: 'sale', link: '/t/sale',
    en: { name: 'Sale', content: { title: 'On sale now' } }, de: { name: 'Sale', content: { title: 'Jetzt reduziert' } },
  },
  {
    type: 'featured_article', link: '/great-vic-bike-ride-2023', settings: { gutters: 'Gutters' },
    en: { name: 'Featured article', content: { title: 'Great Vic Bike Ride', subtitle: 'Nine days, 500 kilometres', button_text: 'Read more', rte_content: p('We rode with 4,000 cyclists from the Grampians to the coast. Here is the kit that got us there.') } },
    de: { name: 'Artikel', content: { title: 'Great Vic Bike Ride', subtitle: 'Neun Tage, 500 Kilometer', button_text: 'Weiterlesen', rte_content: p('Mit 4.000 Radfahrern von den Grampians an die Küste. Das hat uns ans Ziel gebracht.') } },
  },
]

export const PAGES = [
  page('home', 'homepage', { title: 'Home', metaDescription: 'Outdoor apparel and gear. Club members save 30-70% on branded gear.' }, { title: 'Startseite', metaDescription: 'Outdoor-Bekleidung und Ausrüstung. Club-Mitglieder sparen 30-70 %.' }, HOME_SECTIONS),
  page('about-us', 'standard',
    { title: 'About us', content: p('Basecamp Outfitters has equipped Australian walkers, campers and cyclists since 1987.', 'Our Club members save 30-70% on branded gear, every day.') },
    { title: 'Über uns', content: p('Basecamp Outfitters rüstet seit 1987 Wanderer, Camper und Radfahrer in Australien aus.', 'Unsere Club-Mitglieder sparen jeden Tag 30-70 % auf Markenartikel.') }),
  page('faqs', 'standard',
    { title: 'FAQs', content: '<h2>How long does delivery take?</h2>' + p('Orders within Australia arrive in 2-5 business days.') + '<h2>Can I return an item?</h2>' + p('Yes. Returns are free within 30 days.') + '<h2>What is the Club Price?</h2>' + p('Club members pay the Club Price, 30-70% below RRP on branded items.') },
    { title: 'Häufige Fragen', content: '<h2>Wie lange dauert der Versand?</h2>' + p('Bestellungen innerhalb Australiens kommen in 2-5 Werktagen an.') + '<h2>Kann ich einen Artikel zurückgeben?</h2>' + p('Ja. Die Rückgabe ist innerhalb von 30 Tagen kostenlos.') + '<h2>Was ist der Club-Preis?</h2>' + p('Club-Mitglieder zahlen den Club-Preis, 30-70 % unter der UVP bei Markenartikeln.') }),
  page('privacy-policy', 'standard',
    { title: 'Privacy policy', content: p('We collect only what we need to fulfil your orders and run the Club. We never sell your personal information.') },
    { title: 'Datenschutz', content: p('Wir erheben nur die Daten, die wir für Ihre Bestellungen und den Club benötigen. Wir verkaufen Ihre Daten niemals.') }),
  page('terms-and-conditions', 'standard',
    { title: 'Terms and conditions', content: p('Prices include GST. Club Prices are available to logged-in Club members only.') },
    { title: 'Allgemeine Geschäftsbedingungen', content: p('Alle Preise verstehen sich inklusive GST. Club-Preise gelten nur für angemeldete Club-Mitglieder.') }),
  page('product-returns', 'standard',
    { title: 'Returns', content: p('Free returns within 30 days of delivery. Items must be unused and in their original packaging.') },
    { title: 'Rückgaben', content: p('Kostenlose Rückgabe innerhalb von 30 Tagen nach Lieferung. Die Artikel müssen unbenutzt und originalverpackt sein.') }),
  page('sizing-guides', 'standard',
    { title: 'Sizing guides', content: '<table><tr><th>Size</th><th>Chest (cm)</th></tr><tr><td>S</td><td>88-96</td></tr><tr><td>M</td><td>96-104</td></tr><tr><td>L</td><td>104-112</td></tr><tr><td>XL</td><td>112-120</td></tr></table>' },
    { title: 'Größentabellen', content: '<table><tr><th>Größe</th><th>Brustumfang (cm)</th></tr><tr><td>S</td><td>88-96</td></tr><tr><td>M</td><td>96-104</td></tr><tr><td>L</td><td>104-112</td></tr><tr><td>XL</td><td>112-120</td></tr></table>' }),
  page('contact-us', 'standard',
    { title: 'Contact us', content: p('Call us on +61 3 9000 0000, Monday to Friday 9am-5pm AEST, or write to help@basecamp.example.') },
    { title: 'Kontakt', content: p('Rufen Sie uns an unter +61 3 9000 0000, Montag bis Freitag 9-17 Uhr AEST, oder schreiben Sie an help@basecamp.example.') }),
  page('gift-cards', 'standard',
    { title: 'Gift cards', content: p('Give the gift of adventure: gift cards from $10 to $500, delivered by email. Log in to buy one.') },
    { title: 'Geschenkkarten', content: p('Verschenken Sie Abenteuer: Geschenkkarten von 10\u00a0AU$ bis 500\u00a0AU$, per E-Mail zugestellt. Melden Sie sich zum Kauf an.') }),
  page('great-vic-bike-ride-2023', 'feature',
    { title: 'Great Vic Bike Ride 2023' }, { title: 'Great Vic Bike Ride 2023' }, [
      { type: 'hero_image', link: '/t/cycling', images: [img('cms/hero-bike-ride', 'coast', 40, 'Headland, beach and surf on the Great Ocean Road', 'Landzunge, Strand und Brandung an der Great Ocean Road')],
        en: { name: 'Hero', content: { title: 'Great Vic Bike Ride 2023', button_text: 'Shop cycling' } }, de: { name: 'Hero', content: { title: 'Great Vic Bike Ride 2023', button_text: 'Radsport entdecken' } } },
      { type: 'rich_text_content', en: { name: 'Story', content: { rte_content: p('Nine days and 500 kilometres from the Grampians to the Great Ocean Road.') } },
        de: { name: 'Bericht', content: { rte_content: p('Neun Tage und 500 Kilometer von den Grampians bis zur Great Ocean Road.') } } },
      { type: 'side_by_side_images', images: [img('cms/bike-ride-left', 'forest', 60, 'Pine forest below the hills in morning light', 'Kiefernwald unter den Hügeln im Morgenlicht'), img('cms/bike-ride-right', 'coast', 200, 'Sea, beach and cliffs on the coast', 'Meer, Strand und Klippen an der Küste')],
        en: { name: 'Photos', content: { title_one: 'Day one', title_two: 'The coast' } }, de: { name: 'Fotos', content: { title_one: 'Tag eins', title_two: 'Die Küste' } } },
    ]),
  page('guide-jamboree-2023', 'feature',
    { title: 'Guide Jamboree 2023' }, { title: 'Guide Jamboree 2023' }, [
      { type: 'rich_text_content', en: { name: 'Story', content: { rte_content: p('3,000 Guides camped for a week at the 2023 Jamboree. We were there with tents and stoves.') } },
        de: { name: 'Bericht', content: { rte_content: p('3.000 Pfadfinderinnen zelteten eine Woche lang beim Jamboree 2023. Wir waren mit Zelten und Kochern dabei.') } } },
      { type: 'image_gallery', link: '/t/camping', images: [img('cms/jamboree-1', 'forest', 100, 'Tall pines around the camp', 'Hohe Kiefern rund um das Lager'), img('cms/jamboree-2', 'mountains', 20, 'Mountains glowing at dusk', 'Berge im Abendrot'), img('cms/jamboree-3', 'mountains', 150, 'Hiking country: peaks above a lake', 'Wandergebiet: Gipfel über einem See')],
        en: { name: 'Gallery', content: { title_one: 'Camp', title_two: 'Campfire', title_three: 'Hike' } }, de: { name: 'Galerie', content: { title_one: 'Lager', title_two: 'Lagerfeuer', title_three: 'Wanderung' } } },
    ]),
]
