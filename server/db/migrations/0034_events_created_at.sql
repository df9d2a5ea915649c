-- When an event was written (its `occurred_at` may be hours earlier, for a device's buffered fixes): the process
-- that wrote it dispatches it at once, and the worker's sweep takes only events written some time ago that their
-- process left behind (docs/integrations.md, "One source of events").
ALTER TABLE events ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
