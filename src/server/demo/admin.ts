import type { Queryable } from '../db/db.ts';

/** Answers of the demo survey: months ago, user e-mail, score, comment. */
const RESPOSTAS: [number, string, number, string | null][] = [
  [5, 'admin@demo.com.br', 8, 'Bom, mas a emissão de nota poderia ser mais rápida.'],
  [5, 'admin@vizinha.com.br', 6, 'Senti falta de um relatório de comissão.'],
  [4, 'vendedor@demo.com.br', 9, null],
  [3, 'admin@demo.com.br', 9, 'O cadastro de produtos ficou ótimo.'],
  [3, 'contador@demo.com.br', 7, null],
  [2, 'admin@vizinha.com.br', 8, null],
  [1, 'vendedor@demo.com.br', 10, 'Uso todos os dias no balcão.'],
  [1, 'admin@demo.com.br', 10, null],
  [0, 'contador@demo.com.br', 9, 'A exportação do XML resolve meu mês.'],
];

/**
 * The administrator area's demo data: a closed NPS survey of the default brand with answers over the last
 * months, so the results screen shows a score over time. Closed, so no demo user is asked on sign-in.
 */
export async function seedDemoAdmin(q: Queryable): Promise<void> {
  const brand = (await q.query<{ id: number }>('SELECT id FROM brands WHERE padrao')).rows[0];
  if (!brand) return;
  const pesquisa = (
    await q.query<{ id: number }>(
      `INSERT INTO nps_pesquisas (brand_id, pergunta, periodo_dias, ativa, created_at) VALUES ($1, 'De 0 a 10, quanto você recomendaria o sistema a um amigo?', 90, false, now() - interval '6 months') RETURNING id`,
      [brand.id],
    )
  ).rows[0].id;
  for (const [meses, email, nota, comentario] of RESPOSTAS) {
    await q.query(
      `INSERT INTO nps_respostas (tenant_id, pesquisa_id, user_id, nota, comentario, created_at)
       SELECT u.tenant_id, $2, u.id, $3, $4, now() - make_interval(months => $5) FROM users u WHERE u.brand_id = $1 AND lower(u.email) = $6`,
      [brand.id, pesquisa, nota, comentario, meses, email],
    );
  }
}
