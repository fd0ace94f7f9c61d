-- Voice notes (issue 18): a recording is an attachment of kind 'audio', stored as it was recorded
-- (no thumbnail: thumb stays NULL). The CHECK of migration 025 took images only.
ALTER TABLE attachments DROP CONSTRAINT attachments_kind_check;
ALTER TABLE attachments ADD CONSTRAINT attachments_kind_check CHECK (kind IN ('image', 'audio'));
