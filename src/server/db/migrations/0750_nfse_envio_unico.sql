-- One sender per DPS across every server process on the database (issue 35, item 2 of the NFS-e's lifecycle): the
-- claim to send a note 'transmitindo' lives on its row. Transaction 1 takes it for the request that created the note;
-- a recovery (start-up, periodic job, "Consultar") takes it only when it is free or lapsed, in a short transaction
-- of its own (a conditional UPDATE under the row lock, nothing outside the database called in it). The sender renews
-- envio_ate while the Sefin Nacional is on the line; transaction 2 clears both with the answer. A dead sender's claim
-- lapses at envio_ate and the next recovery sends the same signed DPS.
ALTER TABLE notas_servico ADD COLUMN IF NOT EXISTS envio_token text;
ALTER TABLE notas_servico ADD COLUMN IF NOT EXISTS envio_ate timestamptz;
ALTER TABLE notas_servico ADD CONSTRAINT notas_servico_envio_so_transmitindo CHECK (situacao = 'transmitindo' OR envio_token IS NULL);
