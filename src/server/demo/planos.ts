import type { Queryable } from '../db/db.ts';

interface DemoPlano {
  idExterno: string;
  nome: string;
  descricao: string;
  valor: string;
  modulo: string;
  modulos: { id: string; visivel: boolean }[];
}

const m = (ids: string[], hidden: string[] = []) => [...ids.map((id) => ({ id, visivel: true })), ...hidden.map((id) => ({ id, visivel: false }))];

/** Demo plans per demo brand (by brand name), so the #/planos page and the invoice have something to show. */
export const DEMO_PLANOS: Record<string, DemoPlano[]> = {
  'Retaguarda Demo': [
    { idExterno: 'essencial', nome: 'Essencial', descricao: 'Vendas, estoque e cadastros para começar.', valor: '79.90', modulo: 'vendas', modulos: m(['vendas', 'estoque', 'compras'], ['nfe', 'financeiro']) },
    { idExterno: 'profissional', nome: 'Profissional', descricao: 'Tudo do Essencial, com notas fiscais e financeiro.', valor: '149.90', modulo: 'nfe', modulos: m(['vendas', 'estoque', 'compras', 'nfe', 'financeiro']) },
    { idExterno: 'completo', nome: 'Completo', descricao: 'Todos os módulos, boletos e relatórios.', valor: '249.90', modulo: 'pagamentos', modulos: m(['vendas', 'estoque', 'compras', 'nfe', 'financeiro', 'pagamentos', 'relatorios']) },
  ],
  'Marca Dois': [
    { idExterno: 'revenda-basico', nome: 'Revenda Básico', descricao: 'Plano das revendas parceiras.', valor: '59.90', modulo: 'vendas', modulos: m(['vendas', 'estoque']) },
    { idExterno: 'revenda-plus', nome: 'Revenda Plus', descricao: 'Com notas fiscais.', valor: '119.00', modulo: 'nfe', modulos: m(['vendas', 'estoque', 'nfe']) },
  ],
};

/** Inserts the demo plans of every demo brand present (owner role, inside the demo seed's transaction). */
export async function seedDemoPlanos(q: Queryable): Promise<void> {
  for (const [marca, planos] of Object.entries(DEMO_PLANOS)) {
    const brand = (await q.query<{ id: number }>('SELECT id FROM brands WHERE nome = $1', [marca])).rows[0];
    if (!brand) continue;
    for (const p of planos) {
      await q.query(
        `INSERT INTO planos (config_white_label, id_externo, nome, descricao, valor, modulo, modulos) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT DO NOTHING`,
        [brand.id, p.idExterno, p.nome, p.descricao, p.valor, p.modulo, JSON.stringify(p.modulos)],
      );
    }
  }
}
