-- The demo's own-import NF-e de entrada (fiscal/demo-importacao.ts) is seeded as a draft marked here and transmitted
-- to the local SEFAZ on the server's first start, like the demo's sales notes (seeding has no SEFAZ: it lives in the
-- server process). The mark is cleared once the note is authorised.
ALTER TABLE notas_fiscais ADD COLUMN demo_transmitir boolean NOT NULL DEFAULT false;
