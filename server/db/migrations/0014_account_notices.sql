-- Every change to an account (logout, password, role, name, deletion) is announced on the channel
-- afh_accounts with the account's id, when its transaction commits: each server instance on this
-- PostgreSQL listens and forgets the account it keeps for token checks.
CREATE OR REPLACE FUNCTION afh_account_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('afh_accounts', OLD.id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_account_changed AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION afh_account_changed();
