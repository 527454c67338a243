import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { notFound, forbidden } from '../http/errors.ts';
import { TEXT, withQuery } from '../http/input-schemas.ts';
import { answer } from '../http/route-schema.ts';
import { registerReportSources } from '../relatorios/sources.ts';
import { PESSOAS_REPORTS } from './relatorios.ts';

/**
 * Relatórios > Pessoas: each report on screen (GET /api/Pessoas/relatorios/<fonte>?filtros) and, registered with the
 * report pipeline, exported by POST /api/Relatorios/exportar {recurso: fonte, tipo, filter: {where: filtros}}.
 */
export default async function pessoasRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  registerReportSources(PESSOAS_REPORTS);
  const { db } = services;
  // The filters the reports read (schemas/reports/<fonte>.json); a malformed value is a 400 before a report runs.
  const filtros = withQuery(
    {
      cidade: { ...TEXT, description: 'Relação de clientes/fornecedores: parte do nome da cidade' },
      uf: { ...TEXT, description: 'Relação de clientes/fornecedores: UF (duas letras)' },
      grupo: { ...TEXT, description: 'Relação de clientes/fornecedores: grupo' },
      situacao: { ...TEXT, description: 'Relação de clientes/fornecedores: ativos (padrão), inativos ou todos' },
      de: { ...TEXT, description: 'Aniversariantes e ranking: início, AAAA-MM-DD (padrão: 1º dia do mês)' },
      ate: { ...TEXT, description: 'Aniversariantes e ranking: fim, inclusive (padrão: hoje)' },
      dias: { type: 'integer', minimum: 1, maximum: 3650, description: 'Clientes sem compra: há quantos dias (padrão 90)' },
    },
    [],
    {
      schema: {
        tags: ['Relatórios de pessoas'],
        summary: 'Um relatório de pessoas na tela (até 5.000 linhas); o mesmo exporta em XLSX/PDF por POST /api/Relatorios/exportar {recurso: fonte, filter: {where: filtros}}',
        description: `fonte: ${PESSOAS_REPORTS.map((f) => f.name).join(', ')}. Colunas em schemas/reports/<fonte>.json.`,
        response: { 200: answer('Linhas'), 404: answer('Relatório desconhecido') },
      },
    },
  );
  app.get('/api/Pessoas/relatorios/:fonte', filtros, async (req) => {
    const ctx = req.ctx!;
    const fonte = PESSOAS_REPORTS.find((f) => f.name === (req.params as { fonte: string }).fonte);
    if (!fonte) throw notFound('Relatório de pessoas desconhecido.');
    if (!fonte.allowed(ctx)) throw forbidden(fonte.negado);
    const p = fonte.parametros(req.query);
    // On screen at most 5,000 rows (the export has them all).
    return db.tenant(ctx, async (q) => (await fonte.chunk(q, ctx, p, null, 5000, services)).rows);
  });
}
