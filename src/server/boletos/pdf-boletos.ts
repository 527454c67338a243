import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { boletosParaPdf } from './cobranca.ts';
import { dadosDaConfiguracao, instrucoesDaConfiguracao, type ConfiguracaoBoleto } from './configuracao.ts';
import type { BoletoPdf } from './pdf/boleto-pdf.ts';

/**
 * The boletos chosen as the PDF helper draws them (the screen's download and the e-mails share it): the Pix QR is
 * the charge's dynamic code when the boleto has an active Pix charge, else the static one of the bank settings.
 */
export async function boletosPdf(q: Queryable, ctx: RequestContext, cfg: ConfiguracaoBoleto, beneficiario: { nome: string; documento: string }, ids: number[]) {
  const linhas = await boletosParaPdf(q, ctx, ids);
  const dinamicos = await q.query<{ boleto_id: number; pix_copia_e_cola: string }>(
    `SELECT DISTINCT ON (boleto_id) boleto_id, pix_copia_e_cola FROM pix_cobrancas WHERE tenant_id = $1 AND boleto_id = ANY($2::int[]) AND situacao = 'ATIVA' AND pix_copia_e_cola IS NOT NULL ORDER BY boleto_id, id DESC`,
    [ctx.tenantId, linhas.map((b) => b.id)],
  );
  const porBoleto = new Map(dinamicos.rows.map((d) => [Number(d.boleto_id), d.pix_copia_e_cola]));
  const instrucoes = instrucoesDaConfiguracao(cfg);
  const boletos: BoletoPdf[] = linhas.map((b) => ({
    dados: dadosDaConfiguracao(cfg, { nossoNumero: b.nosso_numero, valor: b.valor, vencimento: b.venc }),
    beneficiario, numeroDocumento: b.numero_documento, dataDocumento: b.emis, parcela: b.parcela_texto ?? undefined,
    pagador: { nome: b.pagador_nome, documento: b.pagador_documento, endereco: [b.pagador_endereco, b.pagador_bairro, [b.pagador_cidade, b.pagador_uf].filter(Boolean).join('/'), b.pagador_cep].filter(Boolean).join(' - ') || undefined },
    instrucoes,
    pix: porBoleto.has(Number(b.id))
      ? { copiaECola: porBoleto.get(Number(b.id))! }
      : cfg.chavePix ? { chave: cfg.chavePix, cidade: cfg.cidadePix ?? '', txid: `BOL${b.numero}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) } : undefined,
    logoBanco: cfg.logoBanco ?? undefined,
  } as BoletoPdf));
  const nome = boletos.length > 1 ? 'carne.pdf' : `boleto-${linhas[0].numero}.pdf`;
  return { boletos, nome, linhas };
}
