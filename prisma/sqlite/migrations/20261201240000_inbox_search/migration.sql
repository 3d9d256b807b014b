-- CreateTable
CREATE TABLE "inbox_search" (
    "id" INTEGER NOT NULL PRIMARY KEY AUTOINCREMENT,
    "kind" TEXT NOT NULL,
    "request_id" TEXT NOT NULL,
    "body" TEXT NOT NULL
);

-- CreateIndex
CREATE UNIQUE INDEX "inbox_search_kind_request_id_key" ON "inbox_search"("kind", "request_id");

-- The words of inbox_search.body, for MATCH: unicode61 words (letters and digits, case folded,
-- accents kept as PostgreSQL's 'simple' keeps them), prefix indexes so a short word's prefix query
-- reads one index entry rather than every term it starts.
CREATE VIRTUAL TABLE "inbox_search_fts" USING fts5(body, content = 'inbox_search', content_rowid = 'id', tokenize = 'unicode61 remove_diacritics 0', prefix = '1 2 3');

CREATE TRIGGER "inbox_search_fts_insert" AFTER INSERT ON "inbox_search" BEGIN
  INSERT INTO "inbox_search_fts" (rowid, body) VALUES (NEW.id, NEW.body);
END;
CREATE TRIGGER "inbox_search_fts_delete" AFTER DELETE ON "inbox_search" BEGIN
  INSERT INTO "inbox_search_fts" ("inbox_search_fts", rowid, body) VALUES ('delete', OLD.id, OLD.body);
END;
CREATE TRIGGER "inbox_search_fts_update" AFTER UPDATE OF body ON "inbox_search" BEGIN
  INSERT INTO "inbox_search_fts" ("inbox_search_fts", rowid, body) VALUES ('delete', OLD.id, OLD.body);
  INSERT INTO "inbox_search_fts" (rowid, body) VALUES (NEW.id, NEW.body);
END;

-- An order request's text: contact, note, and each item's description and label.
CREATE TRIGGER "inbox_search_order_insert" AFTER INSERT ON "order_requests" BEGIN
  INSERT INTO "inbox_search" (kind, request_id, body) VALUES ('order', NEW.id,
    coalesce(NEW.contact_name, '') || ' ' || coalesce(NEW.contact_email, '') || ' ' || coalesce(NEW.contact_company, '') || ' ' || coalesce(NEW.contact_note, ''));
END;
CREATE TRIGGER "inbox_search_order_update" AFTER UPDATE OF contact_name, contact_email, contact_company, contact_note ON "order_requests" BEGIN
  UPDATE "inbox_search" SET body = coalesce(NEW.contact_name, '') || ' ' || coalesce(NEW.contact_email, '') || ' ' || coalesce(NEW.contact_company, '') || ' ' || coalesce(NEW.contact_note, '')
    || ' ' || coalesce((SELECT group_concat(it.description || ' ' || coalesce(it.label, ''), ' ') FROM "order_request_items" it WHERE it.order_request_id = NEW.id), '')
  WHERE kind = 'order' AND request_id = NEW.id;
END;
CREATE TRIGGER "inbox_search_order_delete" AFTER DELETE ON "order_requests" BEGIN
  DELETE FROM "inbox_search" WHERE kind = 'order' AND request_id = OLD.id;
END;
CREATE TRIGGER "inbox_search_order_item_insert" AFTER INSERT ON "order_request_items" BEGIN
  UPDATE "inbox_search" SET body = body || ' ' || NEW.description || ' ' || coalesce(NEW.label, '')
  WHERE kind = 'order' AND request_id = NEW.order_request_id;
END;
CREATE TRIGGER "inbox_search_order_item_change" AFTER UPDATE OF description, label ON "order_request_items" BEGIN
  UPDATE "inbox_search" SET body = (SELECT coalesce(o.contact_name, '') || ' ' || coalesce(o.contact_email, '') || ' ' || coalesce(o.contact_company, '') || ' ' || coalesce(o.contact_note, '')
    || ' ' || coalesce((SELECT group_concat(it.description || ' ' || coalesce(it.label, ''), ' ') FROM "order_request_items" it WHERE it.order_request_id = o.id), '')
    FROM "order_requests" o WHERE o.id = NEW.order_request_id)
  WHERE kind = 'order' AND request_id = NEW.order_request_id;
END;

-- A quote request's text, from its form (JSON): contact, description and material.
CREATE TRIGGER "inbox_search_quote_insert" AFTER INSERT ON "rfq_submissions" BEGIN
  INSERT INTO "inbox_search" (kind, request_id, body) VALUES ('quote', NEW.id,
    coalesce(json_extract(NEW.body, '$.name'), '') || ' ' || coalesce(json_extract(NEW.body, '$.email'), '') || ' ' || coalesce(json_extract(NEW.body, '$.company'), '')
    || ' ' || coalesce(json_extract(NEW.body, '$.description'), '') || ' ' || coalesce(json_extract(NEW.body, '$.material'), ''));
END;
CREATE TRIGGER "inbox_search_quote_update" AFTER UPDATE OF body ON "rfq_submissions" BEGIN
  UPDATE "inbox_search" SET body = coalesce(json_extract(NEW.body, '$.name'), '') || ' ' || coalesce(json_extract(NEW.body, '$.email'), '') || ' ' || coalesce(json_extract(NEW.body, '$.company'), '')
    || ' ' || coalesce(json_extract(NEW.body, '$.description'), '') || ' ' || coalesce(json_extract(NEW.body, '$.material'), '')
  WHERE kind = 'quote' AND request_id = NEW.id;
END;
CREATE TRIGGER "inbox_search_quote_delete" AFTER DELETE ON "rfq_submissions" BEGIN
  DELETE FROM "inbox_search" WHERE kind = 'quote' AND request_id = OLD.id;
END;

-- The requests stored before this migration.
INSERT INTO "inbox_search" (kind, request_id, body)
SELECT 'order', o.id, coalesce(o.contact_name, '') || ' ' || coalesce(o.contact_email, '') || ' ' || coalesce(o.contact_company, '') || ' ' || coalesce(o.contact_note, '')
  || ' ' || coalesce((SELECT group_concat(it.description || ' ' || coalesce(it.label, ''), ' ') FROM "order_request_items" it WHERE it.order_request_id = o.id), '')
FROM "order_requests" o;
INSERT INTO "inbox_search" (kind, request_id, body)
SELECT 'quote', r.id, coalesce(json_extract(r.body, '$.name'), '') || ' ' || coalesce(json_extract(r.body, '$.email'), '') || ' ' || coalesce(json_extract(r.body, '$.company'), '')
  || ' ' || coalesce(json_extract(r.body, '$.description'), '') || ' ' || coalesce(json_extract(r.body, '$.material'), '')
FROM "rfq_submissions" r;
