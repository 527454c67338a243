import { BoletoInvalido } from '../erros.ts';
import { identificarRegistro, lerRegistro, linhasDoArquivo, type Operacao } from './layout.ts';
import { configCnab, type FormatoCnab } from './remessa.ts';

export type TipoEvento = 'registrado' | 'pago' | 'rejeitado' | 'baixado' | 'alterado' | 'tarifa' | 'outro';

export interface EventoRetorno {
  tipo: TipoEvento;
  ocorrencia: string;
  descricao: string;
  /** The remessa operation this occurrence confirms (layout `confirmacoes`), e.g. alterarValor; null for other events. */
  confirma: Operacao | null;
  nossoNumero: string;
  numeroDocumento: string;
  valorTitulo: string;
  valorPago: string | null;
  tarifa: string;
  juros: string;
  desconto: string;
  abatimento: string;
  dataOcorrencia: string | null;
  dataCredito: string | null;
  motivos: { codigo: string; texto: string }[];
  /** 1-based line of the title's (first) record, for messages. */
  linha: number;
}

/**
 * Turns a retorno file into events: registered, paid (amount, date, fees), rejected (with the bank's
 * reason texts), written off, changed. Codes and texts come from the layout, overridden by the bank document.
 */
export function lerRetorno(texto: string, banco: string, formato: FormatoCnab): EventoRetorno[] {
  const { config, layout } = configCnab(banco, formato);
  const ocorrencias = { ...layout.ocorrencias, ...config.ocorrencias };
  const motivos = { ...layout.motivos, ...config.motivos };
  const tamanhoMotivo = layout.tamanhoMotivo ?? 2;
  const confirmada = new Map<string, Operacao>();
  for (const [op, codigos] of Object.entries(layout.confirmacoes ?? {}) as [Operacao, string[]][]) for (const c of codigos) confirmada.set(c, op);
  const eventos: EventoRetorno[] = [];
  let aberto: { dados: Record<string, string | null>; linha: number } | null = null;

  const fechar = () => {
    if (!aberto) return;
    const d = aberto.dados;
    const linhaTitulo = aberto.linha;
    const codigo = d.ocorrencia ?? '';
    const tipo = (ocorrencias[codigo] ?? 'outro') as TipoEvento;
    const codigosMotivo = (d.motivos ?? '').match(new RegExp(`.{1,${tamanhoMotivo}}`, 'g')) ?? [];
    eventos.push({
      tipo,
      ocorrencia: codigo,
      descricao: layout.textosOcorrencias[codigo] ?? `Ocorrência ${codigo}`,
      confirma: tipo === 'rejeitado' ? null : (confirmada.get(codigo) ?? null),
      nossoNumero: `${(d.nossoNumero ?? '').trim()}${(d.nossoNumeroDv ?? '').trim()}`,
      numeroDocumento: (d.numeroDocumento ?? '').trim(),
      valorTitulo: d.valor ?? '0.00',
      valorPago: tipo === 'pago' ? (d.valorPago ?? '0.00') : null,
      tarifa: d.tarifa ?? '0.00',
      juros: d.juros ?? '0.00',
      desconto: d.desconto ?? '0.00',
      abatimento: d.abatimento ?? '0.00',
      dataOcorrencia: d.dataOcorrencia ?? null,
      dataCredito: d.dataCredito ?? null,
      motivos: codigosMotivo
        .filter((m) => m.trim() && !/^0+$/.test(m))
        .map((m) => ({ codigo: m, texto: motivos[m] ?? `Motivo ${m} (consulte a tabela do banco)` })),
      linha: linhaTitulo,
    });
    aberto = null;
  };

  linhasDoArquivo(texto, layout).forEach((linha, i) => {
    const nome = identificarRegistro(layout, linha, 'retorno');
    if (!nome) throw new BoletoInvalido(`Arquivo de retorno: linha ${i + 1} não corresponde a nenhum registro do leiaute ${layout.id}.`, 'arquivo');
    if (nome === 'headerArquivo' || nome === 'headerRetorno') {
      const h = lerRegistro(layout, nome, linha);
      if (h.banco !== banco) throw new BoletoInvalido(`O arquivo de retorno é do banco ${h.banco}, não do ${banco}.`, 'arquivo');
      return;
    }
    if (nome === 'segmentoT' || nome === 'detalheRetorno') {
      fechar();
      aberto = { dados: lerRegistro(layout, nome, linha), linha: i + 1 };
      if (nome === 'detalheRetorno') fechar();
    } else if (nome === 'segmentoU') {
      if (!aberto) throw new BoletoInvalido(`Arquivo de retorno: segmento U sem segmento T na linha ${i + 1}.`, 'arquivo');
      const u = lerRegistro(layout, nome, linha);
      // T carries the title, U the money and dates of the occurrence.
      const t = aberto.dados;
      aberto.dados = { ...t, valorPago: u.valorPago, juros: u.juros, desconto: u.desconto, abatimento: u.abatimento, dataOcorrencia: u.dataOcorrencia, dataCredito: u.dataCredito };
      fechar();
    } else {
      fechar();
    }
  });
  fechar();
  return eventos;
}
