-- Emptying the users table (tests, a restore) is announced too: '*' tells every instance to
-- forget every account it keeps (ids restart after a TRUNCATE ... RESTART IDENTITY).
CREATE OR REPLACE FUNCTION afh_accounts_emptied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('afh_accounts', '*');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_emptied AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION afh_accounts_emptied();
