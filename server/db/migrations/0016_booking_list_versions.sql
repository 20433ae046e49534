CREATE TABLE "client_versions" (
	"client_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- The triggers below move a family's version when the transaction that changed their list commits
-- (deferred), not at each change: the version's row lock is then taken last and held only for the
-- commit, so a transaction that holds a booking's row never waits for it while another that holds
-- it waits for that booking (a payment settling while an admin changes the booking's status).
--
-- Versions come from one sequence that nothing resets (not even TRUNCATE … RESTART IDENTITY, which
-- resets only the sequences of identity columns), so a version a server kept is never handed out again.
CREATE SEQUENCE "client_versions_seq";
--> statement-breakpoint
-- Families who already have bookings start with a version, so their lists are kept from the start.
INSERT INTO client_versions (client_id, version) SELECT client_id, nextval('client_versions_seq') FROM (SELECT DISTINCT client_id FROM bookings) AS families;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION afh_bump_client(cid integer) RETURNS void LANGUAGE sql AS $$
  INSERT INTO client_versions (client_id, version) SELECT cid, nextval('client_versions_seq') WHERE cid IS NOT NULL
  ON CONFLICT (client_id) DO UPDATE SET version = excluded.version
$$;
--> statement-breakpoint
-- A booking made, changed or deleted: its family's list (and the former family's, were it moved).
CREATE OR REPLACE FUNCTION afh_booking_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM afh_bump_client(OLD.client_id); END IF;
  IF TG_OP = 'INSERT' OR (TG_OP = 'UPDATE' AND NEW.client_id IS DISTINCT FROM OLD.client_id) THEN PERFORM afh_bump_client(NEW.client_id); END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER bookings_list_version AFTER INSERT OR UPDATE OR DELETE ON bookings DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION afh_booking_changed();
--> statement-breakpoint
-- A part of a booking the list shows (service lines, documents, payments, care record, status history).
CREATE OR REPLACE FUNCTION afh_booking_part_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM afh_bump_client(b.client_id) FROM bookings b WHERE b.id = OLD.booking_id; END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM afh_bump_client(b.client_id) FROM bookings b WHERE b.id = NEW.booking_id; END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER booking_lines_list_version AFTER INSERT OR UPDATE OR DELETE ON booking_lines DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION afh_booking_part_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER documents_list_version AFTER INSERT OR UPDATE OR DELETE ON documents DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION afh_booking_part_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER payments_list_version AFTER INSERT OR UPDATE OR DELETE ON payments DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION afh_booking_part_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER morgue_care_list_version AFTER INSERT OR UPDATE OR DELETE ON morgue_care DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION afh_booking_part_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER booking_audit_list_version AFTER INSERT OR UPDATE OR DELETE ON booking_audit DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION afh_booking_part_changed();
--> statement-breakpoint
-- The deceased's name, date and place of death, shown on every booking made for them.
CREATE OR REPLACE FUNCTION afh_deceased_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM afh_bump_client(b.client_id) FROM bookings b WHERE b.deceased_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER deceased_list_version AFTER UPDATE OR DELETE ON deceased DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION afh_deceased_changed();
--> statement-breakpoint
-- A family's own name and phone, and an attendant's name, shown on the bookings they are on.
CREATE OR REPLACE FUNCTION afh_person_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM afh_bump_client(OLD.id);
  PERFORM afh_bump_client(b.client_id) FROM bookings b WHERE b.attendant_id = OLD.id;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_list_version AFTER UPDATE OF name, phone ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.phone IS DISTINCT FROM NEW.phone) EXECUTE FUNCTION afh_person_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER users_list_version_deleted AFTER DELETE ON users DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION afh_person_changed();
