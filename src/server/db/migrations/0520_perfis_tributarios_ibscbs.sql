-- IBS/CBS classification of a perfil tributário (issue 39): CST of the IBS/CBS and cClassTrib, codes of the
-- published tables (schemas/lookups/cstIbsCbs and cClassTrib, derived from the official spreadsheets). Checked by
-- the perfil's hooks (src/server/fiscal-config/perfil-tributario.ts): the CST prefixes its cClassTrib.
ALTER TABLE perfis_tributarios ADD COLUMN cst_ibs_cbs text;
ALTER TABLE perfis_tributarios ADD COLUMN c_class_trib text;
ALTER TABLE perfis_tributarios ADD CONSTRAINT perfis_tributarios_ibscbs_prefixo
  CHECK (c_class_trib IS NULL OR (cst_ibs_cbs IS NOT NULL AND left(c_class_trib, 3) = cst_ibs_cbs));
