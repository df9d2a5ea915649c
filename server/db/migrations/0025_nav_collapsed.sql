-- The side navigation folded to icons (docs/navigation.md): a choice each user makes once and keeps on every device.
ALTER TABLE users ADD COLUMN nav_collapsed boolean NOT NULL DEFAULT false;
