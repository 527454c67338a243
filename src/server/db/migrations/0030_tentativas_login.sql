-- Sign-in failures (issue 4): counted in the database so every server process sees the same count. One row
-- per key ('e:{brand}:{e-mail}' or 'ip:{address}') with the start of its window and the failures within it.
-- Read before anyone is signed in (no tenant yet), so by the owner role only, like sessions.
CREATE TABLE login_tentativas (
  chave text PRIMARY KEY,
  inicio timestamptz NOT NULL DEFAULT now(),
  falhas integer NOT NULL DEFAULT 0
);
CREATE INDEX login_tentativas_inicio ON login_tentativas (inicio);
REVOKE ALL ON login_tentativas FROM retaguarda_app;
