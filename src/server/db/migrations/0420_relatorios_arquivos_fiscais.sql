-- Issue 36: the accountant's files go through the same export queue as every report (SPEC 2.10): the XML of a
-- period as a ZIP, and later the SPED/Sintegra text files. The list shows their format like any other.
ALTER TABLE relatorios DROP CONSTRAINT IF EXISTS relatorios_tipo_check;
ALTER TABLE relatorios ADD CONSTRAINT relatorios_tipo_check CHECK (tipo IN ('pdf', 'xlsx', 'zip', 'txt'));
