-- CreateTable
CREATE TABLE "inbox_search" (
    "id" SERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "body" TEXT NOT NULL,

    CONSTRAINT "inbox_search_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "inbox_search_kind_request_id_key" ON "inbox_search"("kind", "request_id");

-- The words of inbox_search.body for @@ (the inbox's search, word prefixes): the 'simple'
-- configuration keeps every word as written (no stemming, no stop words), as SQLite's unicode61.
CREATE INDEX "inbox_search_words_idx" ON "inbox_search" USING GIN (to_tsvector('simple', "body"));

-- A lead's text as the index reads it: lower case, punctuation as spaces (so an e-mail address is
-- its words, as SQLite's tokenizer reads it).
CREATE FUNCTION "inbox_search_words"(text TEXT) RETURNS TEXT LANGUAGE sql IMMUTABLE AS $$
  SELECT lower(regexp_replace(coalesce(text, ''), '[[:space:][:punct:]]+', ' ', 'g'))
$$;

-- An order request's text: contact, note, and each item's description and label.
CREATE FUNCTION "inbox_search_order_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  target TEXT;
  words TEXT;
BEGIN
  IF TG_TABLE_NAME = 'order_requests' THEN
    target := CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END;
  ELSE
    target := CASE WHEN TG_OP = 'DELETE' THEN OLD.order_request_id ELSE NEW.order_request_id END;
  END IF;
  SELECT inbox_search_words(concat_ws(' ', o.contact_name, o.contact_email, o.contact_company, o.contact_note,
      (SELECT string_agg(concat_ws(' ', it.description, it.label), ' ') FROM order_request_items it WHERE it.order_request_id = o.id)))
    INTO words FROM order_requests o WHERE o.id = target;
  IF words IS NULL THEN
    DELETE FROM inbox_search WHERE kind = 'order' AND request_id = target;
  ELSE
    INSERT INTO inbox_search (kind, request_id, body) VALUES ('order', target, words)
    ON CONFLICT (kind, request_id) DO UPDATE SET body = EXCLUDED.body;
  END IF;
  RETURN NULL;
END
$$;

-- A quote request's text, from its form (JSON): contact, description and material.
CREATE FUNCTION "inbox_search_quote_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    DELETE FROM inbox_search WHERE kind = 'quote' AND request_id = OLD.id;
  ELSE
    INSERT INTO inbox_search (kind, request_id, body)
    VALUES ('quote', NEW.id, inbox_search_words(concat_ws(' ', NEW.body::jsonb ->> 'name', NEW.body::jsonb ->> 'email', NEW.body::jsonb ->> 'company', NEW.body::jsonb ->> 'description', NEW.body::jsonb ->> 'material')))
    ON CONFLICT (kind, request_id) DO UPDATE SET body = EXCLUDED.body;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER "inbox_search_order" AFTER INSERT OR DELETE OR UPDATE OF contact_name, contact_email, contact_company, contact_note ON "order_requests"
  FOR EACH ROW EXECUTE FUNCTION inbox_search_order_sync();
CREATE TRIGGER "inbox_search_order_item" AFTER INSERT OR DELETE OR UPDATE OF description, label ON "order_request_items"
  FOR EACH ROW EXECUTE FUNCTION inbox_search_order_sync();
CREATE TRIGGER "inbox_search_quote" AFTER INSERT OR DELETE OR UPDATE OF body ON "rfq_submissions"
  FOR EACH ROW EXECUTE FUNCTION inbox_search_quote_sync();

-- The requests stored before this migration.
INSERT INTO inbox_search (kind, request_id, body)
SELECT 'order', o.id, inbox_search_words(concat_ws(' ', o.contact_name, o.contact_email, o.contact_company, o.contact_note,
    (SELECT string_agg(concat_ws(' ', it.description, it.label), ' ') FROM order_request_items it WHERE it.order_request_id = o.id)))
FROM order_requests o;
INSERT INTO inbox_search (kind, request_id, body)
SELECT 'quote', r.id, inbox_search_words(concat_ws(' ', r.body::jsonb ->> 'name', r.body::jsonb ->> 'email', r.body::jsonb ->> 'company', r.body::jsonb ->> 'description', r.body::jsonb ->> 'material'))
FROM rfq_submissions r;
