-- Product image alt text per locale (issue 10): the German store describes its pictures in German. Like the other
-- *_translations tables, a missing row falls back to product_images.alt (English).
CREATE TABLE product_image_translations (
  product_image_id INTEGER NOT NULL REFERENCES product_images(id) ON DELETE CASCADE,
  locale TEXT NOT NULL,
  alt TEXT NOT NULL,
  PRIMARY KEY (product_image_id, locale)
);
