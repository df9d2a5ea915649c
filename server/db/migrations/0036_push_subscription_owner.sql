-- A push subscription belongs to the user who made it: the same endpoint registered by another user (two drivers
-- sharing a phone, or anyone who learnt the URL) is that user's own row, never a takeover of the first one.
ALTER TABLE push_subscriptions DROP CONSTRAINT push_subscriptions_endpoint_key;
ALTER TABLE push_subscriptions ADD CONSTRAINT push_subscriptions_user_endpoint UNIQUE (user_id, endpoint);
