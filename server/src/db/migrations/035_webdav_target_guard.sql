-- Issue 30, fault 6: a WebDAV target must not outlive a password change or an operator reset.
-- target_changed_at: when the address or user name was last set (shown on 个人资料, so the owner
-- notices a target they did not choose). stopped_*: the backup was switched off by a password
-- change or reset, and why; it stays off until the owner saves the settings again with the
-- account password.
ALTER TABLE webdav_backups
  ADD COLUMN target_changed_at timestamptz,
  ADD COLUMN stopped_at timestamptz,
  ADD COLUMN stopped_message text;
UPDATE webdav_backups SET target_changed_at = updated_at;
ALTER TABLE webdav_backups ALTER COLUMN target_changed_at SET NOT NULL,
  ALTER COLUMN target_changed_at SET DEFAULT now();
