-- Finding by meaning (issue 17 §1): a vector per idea and note, computed in the background through
-- the configured embeddings provider (services/embeddings). Without pgvector (neither the embedded
-- PostgreSQL nor Debian's has it) a vector is stored compactly: scaled to unit length, quantised
-- to int8 (one byte a dimension) with its scale, and compared in the server process within one
-- user's rows.

-- One vector per item, of the model that made it: vectors of two models are never compared, and
-- changing AI_EMBEDDING_MODEL re-embeds everything. text_hash: of the text that was embedded, so
-- an unchanged text is not sent again.
CREATE TABLE item_embeddings (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('idea', 'note')),
  model text NOT NULL,
  dims integer NOT NULL CHECK (dims > 0),
  scale real NOT NULL,
  vec bytea NOT NULL,
  text_hash bytea NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX item_embeddings_user ON item_embeddings (user_id, model, dims);

-- What is waiting to be embedded, one row an item, whichever way it was written (the triggers
-- below: capture, edit, tidy, import, restore from 回收站, tag rename all write these tables).
-- A process claims a batch (FOR UPDATE SKIP LOCKED) and leases it; a lease that runs out (its
-- process died) makes the rows claimable again. `ticket` changes on every new write: a vector
-- computed from an older text is not stored.
CREATE SEQUENCE embedding_queue_ticket;
CREATE TABLE embedding_queue (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  type text NOT NULL CHECK (type IN ('idea', 'note')),
  ticket bigint NOT NULL DEFAULT nextval('embedding_queue_ticket'),
  attempts integer NOT NULL DEFAULT 0,
  due_at timestamptz NOT NULL DEFAULT now(),
  leased_until timestamptz
);
CREATE INDEX embedding_queue_due ON embedding_queue (due_at);
CREATE INDEX embedding_queue_user ON embedding_queue (user_id);

-- Bumped whenever a user's vectors change: a process's in-memory copy of them is checked against
-- it with one tiny read per search. No foreign key: a user's deletion cascades into
-- item_embeddings, whose trigger then removes this row instead.
CREATE TABLE embedding_generations (
  user_id uuid PRIMARY KEY,
  generation bigint NOT NULL
);

-- Once a statement (a batch stored, a purge): each user whose vectors it touched, once.
CREATE FUNCTION item_embeddings_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- a deleted account's counter goes with it
    DELETE FROM embedding_generations g USING changed c
      WHERE g.user_id = c.user_id AND NOT EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id);
  END IF;
  INSERT INTO embedding_generations (user_id, generation)
    SELECT DISTINCT c.user_id, 1 FROM changed c WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = c.user_id)
  ON CONFLICT (user_id) DO UPDATE SET generation = embedding_generations.generation + 1;
  RETURN NULL;
END $$;
CREATE TRIGGER item_embeddings_bump_insert AFTER INSERT ON item_embeddings REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION item_embeddings_bump();
CREATE TRIGGER item_embeddings_bump_update AFTER UPDATE ON item_embeddings REFERENCING NEW TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION item_embeddings_bump();
CREATE TRIGGER item_embeddings_bump_delete AFTER DELETE ON item_embeddings REFERENCING OLD TABLE AS changed
  FOR EACH STATEMENT EXECUTE FUNCTION item_embeddings_bump();

CREATE FUNCTION embedding_enqueue() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO embedding_queue (id, user_id, type) VALUES (NEW.id, NEW.user_id, TG_ARGV[0])
  ON CONFLICT (id) DO UPDATE
    SET ticket = nextval('embedding_queue_ticket'), attempts = 0, due_at = now(), leased_until = NULL;
  RETURN NULL;
END $$;

-- Inserts and deletes come in bulk (an import, 回收站's purge): once a statement, over its rows.
CREATE FUNCTION embedding_enqueue_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO embedding_queue (id, user_id, type) SELECT id, user_id, TG_ARGV[0] FROM inserted
  ON CONFLICT (id) DO UPDATE
    SET ticket = nextval('embedding_queue_ticket'), attempts = 0, due_at = now(), leased_until = NULL;
  RETURN NULL;
END $$;

CREATE FUNCTION embedding_forget() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM embedding_queue q USING deleted d WHERE q.id = d.id;
  DELETE FROM item_embeddings e USING deleted d WHERE e.id = d.id;
  RETURN NULL;
END $$;

-- 不让AI读取: the idea's vector, and those of the notes written from it, are deleted at once; the
-- notes are queued again when the mark is lifted (the idea itself is, by the update trigger).
CREATE FUNCTION ideas_embedding_exclusion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.ai_excluded THEN
    DELETE FROM item_embeddings WHERE id = NEW.id;
    DELETE FROM item_embeddings e USING notes n
      WHERE e.id = n.id AND n.user_id = NEW.user_id AND NEW.id = ANY (n.source_idea_ids);
  ELSE
    INSERT INTO embedding_queue (id, user_id, type)
      SELECT n.id, n.user_id, 'note' FROM notes n
      WHERE n.user_id = NEW.user_id AND NEW.id = ANY (n.source_idea_ids)
    ON CONFLICT (id) DO UPDATE
      SET ticket = nextval('embedding_queue_ticket'), attempts = 0, due_at = now(), leased_until = NULL;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER ideas_embedding_insert AFTER INSERT ON ideas REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION embedding_enqueue_inserted('idea');
CREATE TRIGGER ideas_embedding_update AFTER UPDATE OF title, content, tags, ai_excluded ON ideas
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.content IS DISTINCT FROM NEW.content
    OR OLD.tags IS DISTINCT FROM NEW.tags OR OLD.ai_excluded IS DISTINCT FROM NEW.ai_excluded)
  EXECUTE FUNCTION embedding_enqueue('idea');
CREATE TRIGGER ideas_embedding_exclusion AFTER UPDATE OF ai_excluded ON ideas
  FOR EACH ROW WHEN (OLD.ai_excluded IS DISTINCT FROM NEW.ai_excluded)
  EXECUTE FUNCTION ideas_embedding_exclusion();
CREATE TRIGGER ideas_embedding_delete AFTER DELETE ON ideas REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION embedding_forget();

CREATE TRIGGER notes_embedding_insert AFTER INSERT ON notes REFERENCING NEW TABLE AS inserted
  FOR EACH STATEMENT EXECUTE FUNCTION embedding_enqueue_inserted('note');
CREATE TRIGGER notes_embedding_update AFTER UPDATE OF title, content, tags, source_idea_ids ON notes
  FOR EACH ROW WHEN (OLD.title IS DISTINCT FROM NEW.title OR OLD.content IS DISTINCT FROM NEW.content
    OR OLD.tags IS DISTINCT FROM NEW.tags OR OLD.source_idea_ids IS DISTINCT FROM NEW.source_idea_ids)
  EXECUTE FUNCTION embedding_enqueue('note');
CREATE TRIGGER notes_embedding_delete AFTER DELETE ON notes REFERENCING OLD TABLE AS deleted
  FOR EACH STATEMENT EXECUTE FUNCTION embedding_forget();
