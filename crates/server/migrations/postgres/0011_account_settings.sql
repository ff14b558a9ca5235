-- An account's settings (card back, table colour, ...: see
-- services/accounts/settings.rs), as JSON; none until first saved. The
-- browser keeps them too, and takes the account's on signing in.
ALTER TABLE accounts ADD COLUMN settings TEXT;
