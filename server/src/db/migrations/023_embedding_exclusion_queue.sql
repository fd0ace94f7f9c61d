-- 不让AI读取 on an idea (019's trigger) also takes the notes written from it off the embedding
-- queue, not only their vectors: a batch already claimed then finds its ticket gone and stores no
-- vector of such a note (services/embeddings/queue.ts stores only while the ticket is unchanged).
CREATE OR REPLACE FUNCTION ideas_embedding_exclusion() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.ai_excluded THEN
    DELETE FROM item_embeddings WHERE id = NEW.id;
    DELETE FROM item_embeddings e USING notes n
      WHERE e.id = n.id AND n.user_id = NEW.user_id AND NEW.id = ANY (n.source_idea_ids);
    DELETE FROM embedding_queue q USING notes n
      WHERE q.id = n.id AND n.user_id = NEW.user_id AND NEW.id = ANY (n.source_idea_ids);
  ELSE
    INSERT INTO embedding_queue (id, user_id, type)
      SELECT n.id, n.user_id, 'note' FROM notes n
      WHERE n.user_id = NEW.user_id AND NEW.id = ANY (n.source_idea_ids)
    ON CONFLICT (id) DO UPDATE
      SET ticket = nextval('embedding_queue_ticket'), attempts = 0, due_at = now(), leased_until = NULL;
  END IF;
  RETURN NULL;
END $$;
