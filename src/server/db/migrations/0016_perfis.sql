-- Access profiles become a resource document (schemas/resources/perfil.json): the generic API needs the
-- timestamps every resource table carries.
ALTER TABLE access_profiles ADD COLUMN created_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE access_profiles ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
