-- A family's list says whether each booking's agreement is signed: signing or voiding moves its version.
CREATE CONSTRAINT TRIGGER service_agreements_list_version AFTER INSERT OR UPDATE OR DELETE ON service_agreements DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION afh_booking_part_changed();
