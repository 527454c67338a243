import type { FastifyInstance } from 'fastify';
import type { AppServices } from '../app-services.ts';
import { loadLookups } from '../catalog/documents.ts';
import { badRequest, conflict, forbidden } from '../http/errors.ts';
import { answer, arrayOf, checkedByHandler, DATE, exactAnswer, INT, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { aliquotasIbsCbsVigentes, tabelasIbsCbs } from '../../shared/fiscal/ibscbs.ts';
import { lerTabelaIbsCbs, TabelaIbsCbsError, type TabelaImportavel } from '../../shared/fiscal/ibscbs-tabelas.ts';
import { tabelasIbsCbsEm } from '../fiscal-config/ibscbs-emissao.ts';

/** A published cClassTrib table is about 400 KB as CSV; sent as text or base64 inside JSON. */
const IMPORT_BODY_LIMIT = 4 * 1024 * 1024;
const IMPORTAVEIS: Record<TabelaImportavel, string> = { cClassTrib: 'Classificação tributária (cClassTrib)', aliquotaIbsCbs: 'Alíquotas por ano e esfera' };
const soAdministracao = (ctx: { isAvanco?: boolean; master?: boolean }) => {
  if (!ctx.isAvanco && !ctx.master) throw forbidden('Somente a administração da marca (master) pode acessar esta área.');
};

const TABELAS = [
  ['cstIbsCbs', 'CST do IBS/CBS'],
  ['cClassTrib', 'Classificação tributária (cClassTrib)'],
  ['credPresIbsCbs', 'Crédito presumido (cCredPres)'],
  ['aliquotaIbsCbs', 'Alíquotas por ano e esfera'],
  ['obrigatoriedadeIbsCbs', 'Obrigatoriedade por regime do emitente'],
  ['cIndOp', 'Indicador da operação (cIndOp)'],
  ['correlacaoServicoIbsCbs', 'Correlação serviço × cIndOp × cClassTrib (NFS-e)'],
] as const;
const TAGS = ['Administração'];
const S = { type: 'string' } as const;
const TABELA = { type: 'string', enum: ['cClassTrib', 'aliquotaIbsCbs'] } as const;

const hojeSaoPaulo = () => new Date(Date.now() - 3 * 3600_000).toISOString().slice(0, 10);

/**
 * administrador/configuracoes/tabelas-ibscbs (issue 39): the IBS/CBS tables the product carries (schemas/lookups,
 * derived from the published spreadsheets by scripts/derive-lookups.ts), each with the version it was derived from,
 * how many codes it has and how many are in force today, and the rates in force. Brand administrators (master) and isAvanco.
 */
export default async function tabelasIbsCbsRoutes(app: FastifyInstance, { services }: { services: AppServices }) {
  app.get('/api/Admin/tabelas-ibscbs', { schema: { tags: TAGS, summary: 'As tabelas do IBS/CBS (CST, cClassTrib, alíquotas...) com a versão, quantos códigos e quantos em vigor hoje; as alíquotas em vigor e as versões importadas', response: { 200: answer('Tabelas', objectOf({ data: DATE, tabelas: arrayOf(objectOf({ nome: S, titulo: S, versao: S, origem: S, codigos: INT, codigosEmVigor: INT })), aliquotas: { type: 'array' }, aliquotaVigente: { type: ['object', 'null'] }, versoes: arrayOf(objectOf({ id: INT, tabela: TABELA, vigenciaInicio: DATE, versao: S, codigos: INT, arquivo: TEXT_OR_NULL, importadoPor: S, importadoEm: S, emVigor: { type: 'boolean' } })) })) } } }, async (req) => {
    soAdministracao(req.ctx!);
    const hoje = hojeSaoPaulo();
    const lookups = loadLookups();
    const importadas = (await services.db.query<Record<string, any>>(
      `SELECT id, tabela, to_char(vigencia_inicio, 'YYYY-MM-DD') AS vigencia, versao, jsonb_array_length(itens) AS codigos, arquivo, importado_por, created_at FROM tabelas_ibscbs_versoes ORDER BY tabela, vigencia_inicio DESC`,
    )).rows;
    const versoes = importadas.map((v) => ({ id: Number(v.id), tabela: v.tabela, vigenciaInicio: v.vigencia, versao: v.versao, codigos: Number(v.codigos), arquivo: v.arquivo, importadoPor: v.importado_por, importadoEm: v.created_at, emVigor: false }));
    for (const nome of Object.keys(IMPORTAVEIS)) {
      const vigente = versoes.find((v) => v.tabela === nome && v.vigenciaInicio <= hoje);
      if (vigente) vigente.emVigor = true;
    }
    const emHoje = await tabelasIbsCbsEm(services.db, hoje);
    const tabelasImportadas = new Map<string, unknown[]>([['cClassTrib', emHoje.cClassTrib], ['aliquotaIbsCbs', emHoje.aliquotas]]);
    const tabelas = TABELAS.map(([nome, titulo]) => {
      const d = lookups.get(nome)!;
      const itens = d.items as Record<string, unknown>[];
      const emVigor = (i: Record<string, unknown>) =>
        nome !== 'cClassTrib' || ((!i.dIniVig || String(i.dIniVig) <= hoje) && (!i.dFimVig || hoje <= String(i.dFimVig)));
      const importada = versoes.find((v) => v.tabela === nome && v.emVigor);
      if (importada) {
        const t = (tabelasImportadas.get(nome) ?? []) as Record<string, unknown>[];
        return { nome, titulo, versao: `${importada.versao} (importada, vigência ${importada.vigenciaInicio})`, origem: importada.arquivo ?? '', codigos: t.length, codigosEmVigor: t.filter(emVigor).length };
      }
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
    const vigente = aliquotasIbsCbsVigentes(emHoje, hoje) ?? null;
    return { data: hoje, tabelas, aliquotas: emHoje.aliquotas, aliquotaVigente: vigente, versoes };
  });

  /**
   * A newer version of the cClassTrib table (the published layout, as CSV) or of the rates (the layout of
   * schemas/fiscal/aliquotas-ibscbs.csv), valid from vigenciaInicio: read whole or refused whole in Portuguese
   * (unknown column, a CST that does not prefix its cClassTrib, a repeated code...), nothing half-imported. Notes
   * dated from that day on read it (tabelasIbsCbsEm); a second version with the same vigência is a 409.
   */
  app.post('/api/Admin/tabelas-ibscbs/importar', { schema: { tags: TAGS, summary: 'Importa uma versão nova da cClassTrib ou das alíquotas (CSV no leiaute publicado) válida a partir de vigenciaInicio: lida inteira ou recusada inteira', body: checkedByHandler(objectOf({ tabela: TABELA, vigenciaInicio: DATE, versao: { type: 'string', description: 'o nome da publicação' }, arquivo: { type: 'string', description: 'o CSV, em texto ou data URL base64' }, nomeArquivo: S }, ['tabela', 'vigenciaInicio', 'versao', 'arquivo'])), response: { 200: exactAnswer('Importada', objectOf({ id: INT, tabela: TABELA, vigenciaInicio: DATE, versao: S, codigos: INT }, ['id', 'tabela', 'vigenciaInicio', 'versao', 'codigos'])), 409: answer('Já existe uma versão desta tabela com a mesma vigência') } }, bodyLimit: IMPORT_BODY_LIMIT }, async (req) => {
    const ctx = req.ctx!;
    soAdministracao(ctx);
    const body = (req.body ?? {}) as Record<string, unknown>;
    const tabela = body.tabela as TabelaImportavel;
    if (typeof tabela !== 'string' || !(tabela in IMPORTAVEIS)) throw badRequest('Tabela: escolha a classificação tributária (cClassTrib) ou as alíquotas.', [{ path: '/tabela', campo: 'tabela', mensagem: 'Campo Obrigatório!' }]);
    const vigencia = typeof body.vigenciaInicio === 'string' ? body.vigenciaInicio.slice(0, 10) : '';
    if (!/^\d{4}-\d{2}-\d{2}$/.test(vigencia) || Number.isNaN(Date.parse(`${vigencia}T12:00:00Z`))) throw badRequest('Início da vigência: informe a data (dd/mm/aaaa) a partir da qual a versão vale.', [{ path: '/vigenciaInicio', campo: 'vigenciaInicio', mensagem: 'Campo Obrigatório!' }]);
    const versao = typeof body.versao === 'string' ? body.versao.trim().slice(0, 200) : '';
    if (!versao) throw badRequest('Versão: informe o nome da publicação (ex.: Tabela_Classificacao_Tributaria_IBS_CBS_2026-10-01).', [{ path: '/versao', campo: 'versao', mensagem: 'Campo Obrigatório!' }]);
    const a = body.arquivo;
    if (typeof a !== 'string' || !a.trim()) throw badRequest('Envie o arquivo CSV da tabela.', [{ path: '/arquivo', campo: 'arquivo', mensagem: 'Campo Obrigatório!' }]);
    const b64 = /^data:[^;]*;base64,(.*)$/s.exec(a)?.[1];
    const texto = b64 !== undefined ? Buffer.from(b64, 'base64').toString('utf8') : a;
    let itens;
    try {
      itens = lerTabelaIbsCbs(tabela, texto, tabelasIbsCbs(loadLookups()).cst.map((c) => c.value));
    } catch (e) {
      if (e instanceof TabelaIbsCbsError) throw badRequest(`${IMPORTAVEIS[tabela]}: ${e.message} Nada foi importado.`, [{ path: '/arquivo', campo: 'arquivo', mensagem: e.message }]);
      throw e;
    }
    const nome = typeof body.nomeArquivo === 'string' ? body.nomeArquivo.slice(0, 200) : null;
    const r = await services.db.query<{ id: number }>(
      `INSERT INTO tabelas_ibscbs_versoes (tabela, vigencia_inicio, versao, itens, arquivo, importado_por) VALUES ($1, $2, $3, $4::jsonb, $5, $6)
       ON CONFLICT (tabela, vigencia_inicio) DO NOTHING RETURNING id`,
      [tabela, vigencia, versao, JSON.stringify(itens), nome, ctx.email ?? String(ctx.userId)],
    );
    if (!r.rows.length) throw conflict(`Já existe uma versão de ${IMPORTAVEIS[tabela]} com vigência a partir de ${vigencia.split('-').reverse().join('/')}.`);
    return { id: Number(r.rows[0].id), tabela, vigenciaInicio: vigencia, versao, codigos: itens.length };
  });
}
