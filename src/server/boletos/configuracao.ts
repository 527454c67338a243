import { formatDecimal } from '../../shared/money.ts';
import type { ConfiguracaoBoleto as RegistroConfiguracaoBoleto } from '../../../generated/resources/configuracaoBoleto.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Db, Queryable } from '../db/db.ts';
import type { DadosBoleto } from './boleto.ts';
import { carregarBancos, type Banco, type NomeCampo } from './bancos.ts';

/**
 * The boleto configuration of a branch (schemas/resources/configuracaoBoleto.json, table
 * configuracoes_boleto): the bank account the boletos, remessas and Pix codes of that branch come from. The
 * record type is generated from the document; a configuration not yet saved has no id, and the checks here
 * take any bank code and layout (an unknown one is refused with a message, not a type error).
 */
export type ConfiguracaoBoleto = Omit<RegistroConfiguracaoBoleto, 'id' | 'createdAt' | 'updatedAt' | 'banco' | 'layoutCnab'> & {
  id?: number;
  banco: string;
  layoutCnab: number;
  /**
   * The bank's logo (PNG or JPEG) for the boleto PDF, drawn instead of the bank's name in the logo box. Not stored
   * yet: configuracoes_boleto has no column for it, so it is only set by callers that have the image.
   */
  logoBanco?: Uint8Array | null;
};

/** Configuration field -> the bank document's field whose size it follows. */
const CAMPOS: [string, NomeCampo][] = [
  ['agencia', 'agencia'],
  ['conta', 'conta'],
  ['carteira', 'carteira'],
  ['convenio', 'convenio'],
  ['proximoNossoNumero', 'nossoNumero'],
];

type Schema = Record<string, unknown>;

/** Fields every configuration has, whatever the bank (schema.required of the resource document). */
export const SEMPRE_OBRIGATORIOS = ['banco', 'agencia', 'carteira', 'proximoNossoNumero', 'layoutCnab'];

/** The size rule of one field over every variant of a bank: an enum, exact lengths or a maximum. */
function regraDoCampo(banco: Banco, nome: NomeCampo): Schema | null {
  const defs = banco.resolvidas.map((v) => v.campos[nome]).filter((d) => d !== undefined);
  if (!defs.length) return null;
  const valores = defs.find((d) => d.valores)?.valores;
  if (valores) return { enum: valores };
  const tamanhos = [...new Set(defs.map((d) => d.tamanho).filter((t): t is number => t !== undefined))].sort((a, b) => a - b);
  if (!tamanhos.length) return null;
  // a field that picks the variant by its length (BB convênio 4, 6, 7 or 8) must have one of those lengths
  const escolhePorTamanho = banco.resolvidas.every((v) => v.quando[nome]?.tamanho);
  if (escolhePorTamanho && tamanhos.length > 1) return { pattern: `^(${tamanhos.map((t) => `\\d{${t}}`).join('|')})$` };
  return { maxLength: tamanhos[tamanhos.length - 1] };
}

/**
 * The JSON Schema rules of the configuration for each bank, derived from schemas/banks: sizes of agência,
 * conta, carteira, convênio and nosso número, the fields the bank requires, the CNAB layouts it has, and
 * the nosso número size of variants chosen by the convênio's length. The resource document carries them
 * (schema.allOf) so the API and the form check the same thing; a unit test keeps them equal to this.
 */
export function regrasDosBancos(bancos: Map<string, Banco> = carregarBancos()): Schema[] {
  const regras: Schema[] = [];
  for (const banco of bancos.values()) {
    const properties: Record<string, Schema> = {};
    for (const [campo, nome] of CAMPOS) {
      const r = regraDoCampo(banco, nome);
      if (r) properties[campo] = r;
    }
    properties.layoutCnab = { enum: Object.keys(banco.cnab ?? {}).map(Number).sort() };
    const then: Schema = { properties };
    const porVariante: Schema[] = [];
    for (const v of banco.resolvidas) {
      const t = v.quando.convenio?.tamanho;
      const nn = v.campos.nossoNumero?.tamanho;
      if (t?.length !== 1 || !nn) continue;
      porVariante.push({
        if: { properties: { convenio: { pattern: `^\\d{${t[0]}}$` } }, required: ['convenio'] },
        then: { properties: { proximoNossoNumero: { maxLength: nn } } },
      });
    }
    if (porVariante.length) then.allOf = porVariante;
    regras.push({ if: { properties: { banco: { const: banco.codigo } }, required: ['banco'] }, then });
  }
  return regras;
}

/**
 * The fields each bank requires beyond those every configuration has, as the shared field rules of the
 * resource document ({ when: banco in [...], require: [...] }): the form marks them and the API refuses
 * them empty with the same SPEC 5.5 message.
 */
export function obrigatoriosDosBancos(bancos: Map<string, Banco> = carregarBancos()): { when: { field: string; in: string[] }; require: string[] }[] {
  const regras: { when: { field: string; in: string[] }; require: string[] }[] = [];
  for (const [campo, nome] of CAMPOS) {
    if (SEMPRE_OBRIGATORIOS.includes(campo)) continue;
    const exigem = [...bancos.values()].filter((b) => b.campos[nome]?.obrigatorio).map((b) => b.codigo);
    if (exigem.length && exigem.length < bancos.size) regras.push({ when: { field: 'banco', in: exigem }, require: [campo] });
  }
  return regras;
}

/** The boleto data of one title under a configuration (its next nosso número unless the title has one). */
export function dadosDaConfiguracao(
  c: ConfiguracaoBoleto,
  titulo: { nossoNumero?: string; valor: string | number; vencimento: string | null; seuNumero?: string },
): DadosBoleto {
  return {
    banco: c.banco,
    agencia: c.agencia,
    conta: c.conta ?? undefined,
    carteira: c.carteira,
    convenio: c.convenio ?? undefined,
    nossoNumero: titulo.nossoNumero ?? c.proximoNossoNumero,
    seuNumero: titulo.seuNumero,
    valor: titulo.valor,
    vencimento: titulo.vencimento,
  };
}

const COLUNAS = `id, banco, agencia, agencia_dv AS "agenciaDv", conta, conta_dv AS "contaDv", carteira, convenio,
  proximo_nosso_numero AS "proximoNossoNumero", chave_pix AS "chavePix", cidade_pix AS "cidadePix", instrucoes,
  multa::text AS multa, juros::text AS juros, layout_cnab AS "layoutCnab", ativo`;

/** The active boleto configuration of the request's branch inside a transaction (FOR UPDATE to advance its nosso número). */
export async function lerConfiguracao(q: Queryable, ctx: RequestContext, paraAtualizar = false): Promise<ConfiguracaoBoleto | null> {
  if (!ctx.branchId) return null;
  const r = await q.query<ConfiguracaoBoleto>(
    `SELECT ${COLUNAS} FROM configuracoes_boleto WHERE tenant_id = $1 AND filial_id = $2 AND ativo${paraAtualizar ? ' FOR UPDATE' : ''}`,
    [ctx.tenantId, ctx.branchId],
  );
  return r.rows[0] ?? null;
}

/** The active boleto configuration of the signed-in user's branch, or null (row-level security also limits rows to that branch). */
export async function configuracaoDaFilial(db: Db, ctx: RequestContext): Promise<ConfiguracaoBoleto | null> {
  if (!ctx.branchId) return null;
  return db.tenant(ctx, (q) => lerConfiguracao(q, ctx));
}

/** The branch as beneficiário: name and CPF/CNPJ of the selected branch. */
export async function beneficiarioDaFilial(q: Queryable, ctx: RequestContext): Promise<{ nome: string; documento: string } | null> {
  if (!ctx.branchId) return null;
  const r = await q.query<{ nome: string; documento: string }>('SELECT nome, cpf_cnpj AS documento FROM branches WHERE tenant_id = $1 AND id = $2', [ctx.tenantId, ctx.branchId]);
  return r.rows[0] ?? null;
}

/** Remessa file name from the bank's template (schemas/banks cnab.arquivoRemessa) or the default. */
export function nomeArquivoRemessa(banco: string, modelo: string | undefined, dataGeracao: string, sequencial: number): string {
  const [yyyy, MM, dd] = dataGeracao.split('-');
  return (modelo ?? '{banco}_{yyyy}{MM}{dd}_{seq:6}.REM').replace(/\{(\w+)(?::(\d+))?\}/g, (_, nome: string, n?: string) => {
    if (nome === 'seq') return String(sequencial).padStart(Number(n ?? 1), '0').slice(-Number(n ?? 1));
    return ({ banco, yyyy, yy: yyyy.slice(2), MM, dd } as Record<string, string>)[nome] ?? '';
  });
}

/** The configuration's instructions (one per line) and its fine and interest, as printed on the boleto. */
export function instrucoesDaConfiguracao(cfg: ConfiguracaoBoleto): string[] {
  const linhas = (cfg.instrucoes ?? '').split(/\r?\n/).map((l) => l.trim()).filter(Boolean);
  if (cfg.multa && Number(cfg.multa) > 0) linhas.push(`Após o vencimento, cobrar multa de ${formatDecimal(cfg.multa)}%.`);
  if (cfg.juros && Number(cfg.juros) > 0) linhas.push(`Após o vencimento, cobrar juros de ${formatDecimal(cfg.juros)}% ao mês.`);
  return linhas;
}

