import type { Db } from '../db/db.ts';
import { loadLookups } from '../catalog/documents.ts';
import { normalise } from './routes.ts';

/** Loads the IBGE lists of schemas/lookups into their reference tables when the database lacks them. */
export async function loadReferenceData(db: Db): Promise<void> {
  const lookups = loadLookups();
  const ufs = lookups.get('uf')!.items.filter((i) => typeof i.codigo === 'number');
  const municipios = lookups.get('municipio')!.items;
  const have = await db.query<{ ufs: number; municipios: number }>('SELECT (SELECT count(*)::int FROM uf) AS ufs, (SELECT count(*)::int FROM municipio) AS municipios');
  if (have.rows[0].ufs === ufs.length && have.rows[0].municipios === municipios.length) return;
  await db.transaction(async (q) => {
    for (const u of ufs) {
      await q.query('INSERT INTO uf (sigla, codigo_ibge, nome) VALUES ($1, $2, $3) ON CONFLICT (sigla) DO UPDATE SET codigo_ibge = EXCLUDED.codigo_ibge, nome = EXCLUDED.nome', [u.value, u.codigo, u.label]);
    }
    const chunk = 500;
    for (let i = 0; i < municipios.length; i += chunk) {
      const part = municipios.slice(i, i + chunk);
      const params: unknown[] = [];
      const values = part.map((m) => {
        params.push(m.value, m.label, m.uf, normalise(m.label));
        const n = params.length;
        return `($${n - 3}, $${n - 2}, $${n - 1}, $${n})`;
      });
      await q.query(
        `INSERT INTO municipio (codigo_ibge, nome, uf, nome_busca) VALUES ${values.join(', ')}
         ON CONFLICT (codigo_ibge) DO UPDATE SET nome = EXCLUDED.nome, uf = EXCLUDED.uf, nome_busca = EXCLUDED.nome_busca`,
        params,
      );
    }
  });
}
