import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { loadLookups } from '../catalog/documents.ts';
import { forbidden } from '../http/errors.ts';
import { aliquotasIbsCbsVigentes, tabelasIbsCbs } from '../../shared/fiscal/ibscbs.ts';

const TABELAS = [
  ['cstIbsCbs', 'CST do IBS/CBS'],
  ['cClassTrib', 'Classificação tributária (cClassTrib)'],
  ['credPresIbsCbs', 'Crédito presumido (cCredPres)'],
  ['aliquotaIbsCbs', 'Alíquotas por ano e esfera'],
] as const;
const hojeSaoPaulo = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);

/**
 * administrador/configuracoes/tabelas-ibscbs (issue 39): the IBS/CBS tables the product carries (schemas/lookups,
 * derived from the published spreadsheets by scripts/derive-lookups.ts), each with the version it was derived from,
 * how many codes it has and how many are in force today, and the rates in force. Brand administrators (master) and isAvanco.
 */
export default async function tabelasIbsCbsRoutes(app: FastifyInstance, _opts: { services: AppServices }) {
  app.get('/api/Admin/tabelas-ibscbs', async (req) => {
    const ctx = req.ctx!;
    if (!ctx.isAvanco && !ctx.master) throw forbidden('Somente a administração da marca (master) pode acessar esta área.');
    const hoje = hojeSaoPaulo();
    const lookups = loadLookups();
    const tabelas = TABELAS.map(([nome, titulo]) => {
      const d = lookups.get(nome)!;
      const itens = d.items as Record<string, unknown>[];
      const emVigor = (i: Record<string, unknown>) =>
        nome !== 'cClassTrib' || ((!i.dIniVig || String(i.dIniVig) <= hoje) && (!i.dFimVig || hoje <= String(i.dFimVig)));
      return {
        nome,
        titulo,
        // "fiscal/tables/x.csv (version)": the version is what the parentheses name
        versao: /\((.*)\)\s*$/.exec(d.source ?? '')?.[1] ?? d.source ?? '',
        origem: d.source ?? '',
        codigos: itens.length,
        codigosEmVigor: itens.filter(emVigor).length,
      };
    });
    const t = tabelasIbsCbs(lookups);
    const vigente = aliquotasIbsCbsVigentes(t, hoje) ?? null;
    return { data: hoje, tabelas, aliquotas: t.aliquotas, aliquotaVigente: vigente };
  });
}
