ALTER TABLE "bookings" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- What the admin's search looks in, kept on the booking instead of joined for every booking on every
-- search: "First Last" of the deceased ("Booking #id" without a name), then the family's name
-- ('Former client' once the account is gone), in lower case, as the screen shows them.
CREATE OR REPLACE FUNCTION afh_booking_search_text(integer, integer, integer) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT lower(
    COALESCE(NULLIF((SELECT btrim(coalesce(d.first_name, '') || ' ' || coalesce(d.last_name, '')) FROM deceased d WHERE d.id = $2), ''), 'Booking #' || $1)
    || ' ' || COALESCE((SELECT u.name FROM users u WHERE u.id = $3), 'Former client'))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION afh_booking_search_set() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := afh_booking_search_text(NEW.id, NEW.deceased_id, NEW.client_id);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER bookings_search_text BEFORE INSERT OR UPDATE OF deceased_id, client_id ON bookings FOR EACH ROW EXECUTE FUNCTION afh_booking_search_set();
--> statement-breakpoint
-- The deceased or the family renamed, or the family's account deleted: their bookings' text again.
CREATE OR REPLACE FUNCTION afh_names_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'deceased' THEN
    UPDATE bookings b SET search_text = afh_booking_search_text(b.id, b.deceased_id, b.client_id) WHERE b.deceased_id = OLD.id;
  ELSE
    UPDATE bookings b SET search_text = afh_booking_search_text(b.id, b.deceased_id, b.client_id) WHERE b.client_id = OLD.id;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER deceased_search_text AFTER UPDATE OF first_name, last_name ON deceased FOR EACH ROW EXECUTE FUNCTION afh_names_changed();
--> statement-breakpoint
CREATE TRIGGER users_search_text AFTER UPDATE OF name ON users FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION afh_names_changed();
--> statement-breakpoint
CREATE TRIGGER users_search_text_deleted AFTER DELETE ON users FOR EACH ROW EXECUTE FUNCTION afh_names_changed();
--> statement-breakpoint
UPDATE bookings SET search_text = afh_booking_search_text(id, deceased_id, client_id);
