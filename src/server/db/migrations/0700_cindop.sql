-- Issue 39: cIndOp, the IBS/CBS indicator of the place of the operation (Anexo VII of the NFS-e RTC documentation,
-- lookup cIndOp; NT 2025.002-RTC field B25d of the NF-e). A natureza de operação names the operation; a service may
-- name its own (the DPS's IBSCBS group takes the service's, else the order's natureza's, else the general rule 100301).
ALTER TABLE naturezas_operacao ADD COLUMN c_ind_op text CHECK (c_ind_op IS NULL OR c_ind_op ~ '^[0-9]{6}$');
ALTER TABLE produtos ADD COLUMN c_ind_op text CHECK (c_ind_op IS NULL OR c_ind_op ~ '^[0-9]{6}$');
