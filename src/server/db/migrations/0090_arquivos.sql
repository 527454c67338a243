-- Files move to the storage interface (src/server/storage): DATA_DIR/arquivos or S3-compatible object storage.
-- Brand images: the bytes leave the database for the storage (key in `chave`); the row keeps what the API needs
-- to answer without reading the file (type, size, hash). Why: marca_imagens is a brand-level table, which on Citus
-- becomes a reference table copied to every worker, and an image is a file that a CDN or a signed address can
-- serve; images uploaded before this migration keep their bytes here and are served from them until replaced.
ALTER TABLE marca_imagens ADD COLUMN chave text;
ALTER TABLE marca_imagens ALTER COLUMN conteudo DROP NOT NULL;
ALTER TABLE marca_imagens ADD CONSTRAINT marca_imagens_conteudo_ou_chave CHECK (conteudo IS NOT NULL OR chave IS NOT NULL);
-- relatorios.arquivo now holds the storage key (t/{tenant}/relatorios/{id}.{tipo}); rows finished before hold an
-- absolute path under DATA_DIR, still served from there.
COMMENT ON COLUMN relatorios.arquivo IS 'chave no armazenamento de arquivos (t/{tenant}/relatorios/{id}.{tipo}); caminho absoluto nos relatórios anteriores';
