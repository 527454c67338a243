import Decimal from 'decimal.js';
import { carregarBancos } from '../../../src/server/boletos/bancos.ts';
import { montarBoleto } from '../../../src/server/boletos/boleto.ts';
import {
  carregarLayout, escreverRegistro, identificarRegistro, lerRegistro, verificarLayout, type LayoutCnab,
} from '../../../src/server/boletos/cnab/layout.ts';
import { gerarRemessa, type FormatoCnab, type Remessa, type TituloCnab } from '../../../src/server/boletos/cnab/remessa.ts';
import { lerRetorno } from '../../../src/server/boletos/cnab/retorno.ts';

/** Per bank, the boleto fields a test title needs (beyond nosso número, amount and due date). */
const CAMPOS_BANCO: Record<string, Record<string, string>> = {
  '001': { agencia: '4042', conta: '61900', carteira: '18', convenio: '1238798' },
  '104': { agencia: '3454', carteira: 'RG', convenio: '1242119' },
  '033': { agencia: '0059', conta: '013000123', carteira: '102', convenio: '1899775' },
  '756': { agencia: '4327', carteira: '1', convenio: '229385' },
  '237': { agencia: '1172', conta: '0403005', carteira: '06' },
};

const casos: [string, FormatoCnab][] = [];
for (const [codigo, banco] of carregarBancos()) for (const f of Object.keys(banco.cnab ?? {}) as FormatoCnab[]) casos.push([codigo, f]);

function remessa(banco: string, formato: FormatoCnab, n: number): Remessa {
  const titulos: TituloCnab[] = Array.from({ length: n }, (_, i) => ({
    operacao: i % 10 === 7 ? 'baixar' : i % 10 === 8 ? 'alterarVencimento' : 'registrar',
    boleto: {
      ...CAMPOS_BANCO[banco],
      nossoNumero: String(1000 + i),
      valor: new Decimal(i).times('13.37').plus('0.05').toFixed(2),
      vencimento: new Date(Date.UTC(2026, 0, 1) + (i % 400) * 86_400_000).toISOString().slice(0, 10),
    },
    numeroDocumento: `NF${i}`,
    emissao: '2025-12-20',
    pagador: { nome: `Cliente Ação ${i}`, documento: i % 2 ? '11144477735' : '11222333000181', endereco: 'Rua das Flores, 10', bairro: 'Centro', cep: '01310-100', cidade: 'São Paulo', uf: 'SP' },
    jurosPorDia: '0.33',
    controle: `T${i}`,
  }));
  return {
    banco, formato, titulos, sequencialArquivo: 42, dataGeracao: '2025-12-22', horaGeracao: '101500',
    beneficiario: { nome: 'Padaria Pão Quente Ltda', documento: '11.222.333/0001-81', agencia: CAMPOS_BANCO[banco].agencia, agenciaDv: '1', conta: CAMPOS_BANCO[banco].conta ?? '12345', contaDv: '2', convenio: CAMPOS_BANCO[banco].convenio ?? '4567890' },
  };
}

const campo = (l: LayoutCnab, registro: string, nome: string) => l.registros[registro].campos.find((c) => c.nome === nome)!;
const naPosicao = (linha: string, l: LayoutCnab, registro: string, nome: string) => {
  const c = campo(l, registro, nome);
  return linha.slice(c.de - 1, c.ate);
};

describe('layouts', () => {
  it.each(['febraban-240', 'bradesco-400'])('%s tiles every record exactly', (id) => {
    expect(() => verificarLayout(carregarLayout(id))).not.toThrow();
  });

  it('a gap or overlap in a layout is caught', () => {
    const l = structuredClone(carregarLayout('febraban-240'));
    l.registros.segmentoP.campos[10].ate += 1;
    expect(() => verificarLayout(l)).toThrow(/segmentoP: campo .* começa em/);
    const l2 = structuredClone(carregarLayout('bradesco-400'));
    l2.registros.detalheRemessa.campos.pop();
    expect(() => verificarLayout(l2)).toThrow(/termina em 394, esperado 400/);
  });

  it('writes each type as the manuals say: zero-padded numbers, upper-case ASCII text, DDMMAAAA dates, cents', () => {
    const l = carregarLayout('febraban-240');
    const linha = escreverRegistro(l, 'segmentoQ', { banco: '001', pagadorNome: 'José Ação', pagadorCep: '1310' });
    expect(linha).toHaveLength(240);
    expect(naPosicao(linha, l, 'segmentoQ', 'pagadorNome')).toBe('JOSE ACAO'.padEnd(40));
    expect(naPosicao(linha, l, 'segmentoQ', 'pagadorCep')).toBe('01310');
    expect(() => escreverRegistro(l, 'segmentoQ', { pagadorCep: '1234567' })).toThrow(/comporta 5/);
  });
});

describe.each(casos)('bank %s CNAB %s', (banco, formato) => {
  const r = remessa(banco, formato, 1000);
  const texto = gerarRemessa(r);
  const linhas = texto.split('\r\n').slice(0, -1);
  const layout = carregarLayout(carregarBancos().get(banco)!.cnab![formato]!.layout);
  const detalhe = formato === '240' ? 'segmentoP' : 'detalheRemessa';
  const detalhes = linhas.filter((l) => identificarRegistro(layout, l, 'remessa') === detalhe);

  it('remessa: every line has the layout width, one detail per title, totals right', () => {
    expect(texto.endsWith('\r\n')).toBe(true);
    for (const l of linhas) expect(l).toHaveLength(layout.tamanho);
    expect(detalhes).toHaveLength(1000);
    if (formato === '240') {
      expect(linhas).toHaveLength(4 + 2000);
      const trailerLote = lerRegistro(layout, 'trailerLote', linhas.at(-2)!);
      expect(trailerLote.quantidadeRegistros).toBe(String(2002).padStart(6, '0'));
      const soma = r.titulos.reduce((s, t) => s.plus(t.boleto.valor), new Decimal(0));
      expect(trailerLote.valorSimples).toBe(soma.toFixed(2));
      expect(lerRegistro(layout, 'trailerArquivo', linhas.at(-1)!).quantidadeRegistros).toBe(String(2004).padStart(6, '0'));
    } else {
      expect(linhas).toHaveLength(1002);
      linhas.forEach((l, i) => expect(naPosicao(l, layout, 'trailerRemessa', 'sequencial')).toBe(String(i + 1).padStart(6, '0')));
    }
  });

  it('remessa: fields sit at the layout positions and read back as built', () => {
    detalhes.forEach((linha, i) => {
      const t = r.titulos[i];
      const b = montarBoleto({ ...t.boleto, banco });
      const lido = lerRegistro(layout, detalhe, linha);
      expect(lido.movimento).toBe(layout.movimentos[t.operacao]);
      expect(lido.valor).toBe(b.valor);
      expect(lido.vencimento).toBe(t.boleto.vencimento);
      expect(lido.numeroDocumento).toBe(`NF${i}`);
      expect(naPosicao(linha, layout, detalhe, 'valor')).toBe(b.centavos.toString().padStart(campo(layout, detalhe, 'valor').ate - campo(layout, detalhe, 'valor').de + 1, '0'));
      const [a, m, d] = t.boleto.vencimento!.split('-');
      expect(naPosicao(linha, layout, detalhe, 'vencimento')).toBe(formato === '240' ? d + m + a : d + m + a.slice(2));
      if (formato === '240') expect(lido.nossoNumero).toContain(b.campos.nossoNumero!.replace(/^0+/, ''));
      else expect(`${lido.nossoNumero}${lido.nossoNumeroDv}`).toBe(b.campos.nossoNumero! + b.nossoNumeroDv);
    });
    if (formato === '240') {
      const q = lerRegistro(layout, 'segmentoQ', linhas[3]);
      expect(q.pagadorNome).toBe('CLIENTE ACAO 0');
      expect(q.pagadorInscricao).toBe('011222333000181');
      expect(q.pagadorCep! + q.pagadorCepSufixo).toBe('01310100');
      expect(q.pagadorUf).toBe('SP');
    }
  });

  it('retorno built as the bank would: registered, paid with amount, date and fees, rejected with reasons, written off', () => {
    // The bank answers each title of the remessa; the outcome cycles so every kind of event appears.
    const saida: string[] = [];
    const resultado = (i: number) => (['02', '06', '03', '09'] as const)[i % 4];
    const lidos = detalhes.map((l) => lerRegistro(layout, detalhe, l));
    const pago = (v: string) => new Decimal(v).plus('1.23').toFixed(2);
    if (formato === '240') {
      saida.push(escreverRegistro(layout, 'headerArquivo', { banco, remessaRetorno: '2', dataGeracao: '2026-01-05' }));
      saida.push(escreverRegistro(layout, 'headerLote', { banco, lote: '1', operacao: 'T' }));
      lidos.forEach((p, i) => {
        const oc = resultado(i);
        saida.push(escreverRegistro(layout, 'segmentoT', {
          banco, lote: '1', sequencial: String(2 * i + 1), ocorrencia: oc, nossoNumero: p.nossoNumero, numeroDocumento: p.numeroDocumento,
          vencimento: p.vencimento, valor: p.valor, tarifa: '2.50', motivos: oc === '03' ? '0816' : '',
        }));
        saida.push(escreverRegistro(layout, 'segmentoU', {
          banco, lote: '1', sequencial: String(2 * i + 2), ocorrencia: oc, juros: oc === '06' ? '1.23' : '',
          valorPago: oc === '06' ? pago(p.valor!) : '', dataOcorrencia: '2026-01-05', dataCredito: oc === '06' ? '2026-01-06' : '',
        }));
      });
      saida.push(escreverRegistro(layout, 'trailerLote', { banco, lote: '1', quantidadeRegistros: String(saida.length) }));
      saida.push(escreverRegistro(layout, 'trailerArquivo', { banco, quantidadeLotes: '1', quantidadeRegistros: String(saida.length + 1) }));
    } else {
      saida.push(escreverRegistro(layout, 'headerRetorno', { banco, sequencial: '1' }));
      lidos.forEach((p, i) => {
        const oc = resultado(i);
        saida.push(escreverRegistro(layout, 'detalheRetorno', {
          nossoNumero: `${p.nossoNumero}${p.nossoNumeroDv}`, ocorrencia: oc, dataOcorrencia: '2026-01-05', numeroDocumento: p.numeroDocumento,
          vencimento: p.vencimento, valor: p.valor, tarifa: '2.50', juros: oc === '06' ? '1.23' : '', valorPago: oc === '06' ? pago(p.valor!) : '',
          dataCredito: oc === '06' ? '2026-01-06' : '', motivos: oc === '03' ? '0816' : '', sequencial: String(i + 2),
        }));
      });
      saida.push(escreverRegistro(layout, 'trailerRetorno', { banco, sequencial: String(saida.length + 1) }));
    }

    const eventos = lerRetorno(saida.join('\r\n'), banco, formato);
    expect(eventos).toHaveLength(1000);
    eventos.forEach((e, i) => {
      const p = lidos[i];
      expect(e.tipo).toBe(({ '02': 'registrado', '06': 'pago', '03': 'rejeitado', '09': 'baixado' } as const)[resultado(i)]);
      expect(e.numeroDocumento).toBe(`NF${i}`);
      expect(e.valorTitulo).toBe(p.valor);
      expect(e.tarifa).toBe('2.50');
      expect(e.dataOcorrencia).toBe('2026-01-05');
      if (e.tipo === 'pago') {
        expect(e.valorPago).toBe(pago(p.valor!));
        expect(e.juros).toBe('1.23');
        expect(e.dataCredito).toBe('2026-01-06');
      } else expect(e.valorPago).toBeNull();
      if (e.tipo === 'rejeitado') expect(e.motivos).toEqual([{ codigo: '08', texto: 'Nosso número inválido' }, { codigo: '16', texto: 'Data de vencimento inválida' }]);
      else expect(e.motivos).toEqual([]);
    });
  });
});

describe('CNAB refusals', () => {
  it('a bank without the format', () => {
    expect(() => gerarRemessa({ ...remessa('237', '400', 1), banco: '341' })).toThrow(/CNAB 400 não está disponível para o banco 341/);
    expect(() => gerarRemessa(remessa('001', '400', 1))).toThrow(/use CNAB 240/);
  });
  it('an operation the layout does not carry', () => {
    const r = remessa('237', '400', 1);
    r.titulos[0].operacao = 'alterarValor';
    expect(() => gerarRemessa(r)).toThrow(/alterarValor.*bradesco-400/);
  });
  it('a retorno of another bank, or with a short line', () => {
    const l = carregarLayout('febraban-240');
    const header = escreverRegistro(l, 'headerArquivo', { banco: '033', remessaRetorno: '2' });
    expect(() => lerRetorno(header, '001', '240')).toThrow(/banco 033, não do 001/);
    expect(() => lerRetorno(header.slice(1), '033', '240')).toThrow(/239 caracteres/);
  });
});
