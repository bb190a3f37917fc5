-- Property sets (0191): one product's set is recomputed by one trigger, written once. The triggers on
-- product_properties (insert, update, delete) only name the product in `property_set_refresh`, whose own trigger
-- recomputes that product's set and removes the row again, in the same statement, so the table stays empty. A
-- database that applied an earlier draft of 0191 had three triggers that each wrote the recompute out: dropped here.
-- Same sets, same ids: tests/backend/property-sets.test.ts.
DROP TRIGGER IF EXISTS property_set_insert;
DROP TRIGGER IF EXISTS property_set_update;
DROP TRIGGER IF EXISTS property_set_delete;

CREATE TABLE property_set_refresh (product_id INTEGER NOT NULL);

CREATE TRIGGER property_set_refresh_run AFTER INSERT ON property_set_refresh BEGIN
  INSERT INTO property_sets (signature)
    SELECT sig FROM (SELECT json_group_array(json_array(property_id, filter_param)) AS sig, count(*) AS n FROM (
      SELECT x.property_id AS property_id, x.filter_param AS filter_param FROM product_properties x
      JOIN properties pr ON pr.id = x.property_id AND pr.filterable = 1 WHERE x.product_id = NEW.product_id ORDER BY x.property_id))
    WHERE n > 0 AND NOT EXISTS (SELECT 1 FROM property_sets WHERE signature = sig);
  DELETE FROM product_property_sets WHERE product_id = NEW.product_id;
  INSERT INTO product_property_sets (product_id, set_id)
    SELECT NEW.product_id, s.id FROM property_sets s WHERE s.signature = (
      SELECT json_group_array(json_array(property_id, filter_param)) FROM (
        SELECT x.property_id AS property_id, x.filter_param AS filter_param FROM product_properties x
        JOIN properties pr ON pr.id = x.property_id AND pr.filterable = 1 WHERE x.product_id = NEW.product_id ORDER BY x.property_id));
  DELETE FROM property_set_refresh WHERE rowid = NEW.rowid;
END;

CREATE TRIGGER property_set_insert AFTER INSERT ON product_properties BEGIN
  INSERT INTO property_set_refresh (product_id) VALUES (NEW.product_id);
END;

CREATE TRIGGER property_set_update AFTER UPDATE OF product_id, property_id, filter_param ON product_properties BEGIN
  INSERT INTO property_set_refresh (product_id) VALUES (OLD.product_id);
  INSERT INTO property_set_refresh (product_id) SELECT NEW.product_id WHERE NEW.product_id <> OLD.product_id;
END;

CREATE TRIGGER property_set_delete AFTER DELETE ON product_properties BEGIN
  INSERT INTO property_set_refresh (product_id) VALUES (OLD.product_id);
END;
