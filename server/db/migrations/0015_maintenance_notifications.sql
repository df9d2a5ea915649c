-- Maintenance reminders in the app: the notice claimed once per reminder, cycle and stage (0010) also names the
-- responsible user it was shown to, unread until they open the reminder or mark their notices read.
ALTER TABLE maintenance_reminder_notices ADD COLUMN user_id uuid;
ALTER TABLE maintenance_reminder_notices ADD COLUMN read_at timestamptz;
ALTER TABLE maintenance_reminder_notices
  ADD FOREIGN KEY (org_id, user_id) REFERENCES users (org_id, id) ON DELETE SET NULL (user_id);
CREATE INDEX maintenance_reminder_notices_user ON maintenance_reminder_notices (user_id, sent_at DESC) WHERE user_id IS NOT NULL;
