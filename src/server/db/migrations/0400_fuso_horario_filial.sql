-- Issue 41 item 5: every time shown or printed is in the branch's time zone (Brazil has four); the IANA name,
-- one of schemas/lookups/fusoHorario.json, America/Sao_Paulo unless the branch says otherwise.
ALTER TABLE branches ADD COLUMN IF NOT EXISTS fuso_horario text NOT NULL DEFAULT 'America/Sao_Paulo';
