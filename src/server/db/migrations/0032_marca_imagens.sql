-- Brand images uploaded by the brand's staff (ConfigWhiteLabels/upload, SPEC 7.3): logo, logo_branca, favicon.
-- A brand-level table (no account owns it), keyed by the brand; read and written by the owner role only, and
-- served publicly by GET /api/ConfigWhiteLabels/imagem/{marca}/{tipo} (the login screen shows it).
CREATE TABLE marca_imagens (
  brand_id integer NOT NULL REFERENCES brands(id) ON DELETE CASCADE,
  tipo text NOT NULL CHECK (tipo IN ('logo', 'logo_branca', 'favicon')),
  mime text NOT NULL CHECK (mime IN ('image/png', 'image/jpeg', 'image/svg+xml')),
  conteudo bytea NOT NULL,
  tamanho integer NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (brand_id, tipo)
);
REVOKE ALL ON marca_imagens FROM retaguarda_app;
