-- An invitation taken up (the invitee chose a password: email_verified) and an address changed are
-- "people" changes too: the administrators' open Staff, Clients and Developers tables and a person's
-- page show "Invited" and the address, and refetch on this (0040 announced only role, deactivation
-- and names).
DROP TRIGGER users_publish_people_changed ON users;
--> statement-breakpoint
CREATE TRIGGER users_publish_people_changed
  AFTER UPDATE ON users
  FOR EACH ROW WHEN ((NEW.role, NEW.archived_at, NEW.full_name, NEW.company_name, NEW.email, NEW.email_verified)
    IS DISTINCT FROM (OLD.role, OLD.archived_at, OLD.full_name, OLD.company_name, OLD.email, OLD.email_verified))
  EXECUTE FUNCTION publish_people_change();
