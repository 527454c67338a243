import Decimal from 'decimal.js';
import { carregarBancos } from '../../../src/server/boletos/bancos.ts';
import { montarBoleto as montar, type BoletoMontado } from '../../../src/server/boletos/boleto.ts';
import {
  carregarLayout, derivarRegistro, escreverRegistro, idsLayouts, identificarRegistro, lerRegistro, verificarLayout, type LayoutCnab,
} from '../../../src/server/boletos/cnab/layout.ts';
import { aplicarModelo, gerarRemessa, type FormatoCnab, type Remessa, type TituloCnab } from '../../../src/server/boletos/cnab/remessa.ts';
import { lerRetorno } from '../../../src/server/boletos/cnab/retorno.ts';

/** Per bank, the boleto fields a test title needs (beyond nosso número, amount and due date). */
const CAMPOS_BANCO: Record<string, Record<string, string>> = {
  '001': { agencia: '4042', conta: '61900', carteira: '18', convenio: '1238798' },
  '104': { agencia: '3454', carteira: 'RG', convenio: '1242119' },
  '033': { agencia: '0059', conta: '013000123', carteira: '102', convenio: '1899775' },
  '756': { agencia: '4327', carteira: '1', convenio: '229385' },
  '237': { agencia: '1172', conta: '0403005', carteira: '06' },
  '341': { agencia: '0057', conta: '12345', carteira: '109' },
};

/**
 * Per bank and format, how the nosso número sits in the detail record (remessa) and what the bank prints back in the
 * retorno, taken from each manual: Bradesco 11 + DV, Itaú 8 without DAC (DAC only in the retorno), BB convênio 7 =
 * 17 digits without DV, Santander 7 + DV.
 */
const NOSSO_NUMERO_400: Record<string, { remessa: (b: BoletoMontado) => Record<string, string>; retorno: (b: BoletoMontado) => Record<string, string>; evento: (b: BoletoMontado) => string }> = {
  '237': {
    remessa: (b) => ({ nossoNumero: b.campos.nossoNumero!, nossoNumeroDv: b.nossoNumeroDv! }),
    retorno: (b) => ({ nossoNumero: b.campos.nossoNumero! + b.nossoNumeroDv }),
    evento: (b) => b.campos.nossoNumero! + b.nossoNumeroDv,
  },
  '341': {
    remessa: (b) => ({ nossoNumero: b.campos.nossoNumero! }),
    retorno: (b) => ({ nossoNumero: b.campos.nossoNumero!, nossoNumeroDv: b.nossoNumeroDv! }),
    evento: (b) => b.campos.nossoNumero! + b.nossoNumeroDv,
  },
  '001': {
    remessa: (b) => ({ nossoNumero: b.nossoNumero }),
    retorno: (b) => ({ nossoNumero: b.nossoNumero }),
    evento: (b) => b.nossoNumero,
  },
  '033': {
    remessa: (b) => ({ nossoNumero: b.campos.nossoNumero!.slice(-7) + b.nossoNumeroDv }),
    retorno: (b) => ({ nossoNumero: b.campos.nossoNumero!.slice(-7) + b.nossoNumeroDv }),
    evento: (b) => b.campos.nossoNumero!.slice(-7) + b.nossoNumeroDv,
  },
};

/** Rejection reasons as each bank writes them in the retorno, and the texts its manual gives them. */
const REJEICAO: Record<string, { motivos: string; textos: { codigo: string; texto: string }[] }> = {
  'febraban-240': { motivos: '0816', textos: [{ codigo: '08', texto: 'Nosso número inválido' }, { codigo: '16', texto: 'Data de vencimento inválida' }] },
  'bradesco-400': { motivos: '0816', textos: [{ codigo: '08', texto: 'Nosso número inválido' }, { codigo: '16', texto: 'Data de vencimento inválida' }] },
  'itau-400': {
    motivos: '1411',
    textos: [{ codigo: '14', texto: 'Nosso número já registrado no cadastro do banco ou fora da faixa' }, { codigo: '11', texto: 'CEP não numérico ou inválido' }],
  },
  'bb-400': { motivos: '09', textos: [{ codigo: '09', texto: 'Data de vencimento inválida' }] },
  'santander-400': {
    motivos: '001003',
    textos: [{ codigo: '001', texto: 'Nosso número não numérico' }, { codigo: '003', texto: 'Data de vencimento não numérica' }],
  },
};
REJEICAO['sicoob-240'] = REJEICAO['febraban-240'];
REJEICAO['caixa-240'] = REJEICAO['febraban-240'];

/** Positions printed in the banks' manuals, checked against the layout documents: [record, field, from, to]. */
const POSICOES: Record<string, [string, string, number, number][]> = {
  'itau-400': [
    ['headerRemessa', 'agencia', 27, 30], ['headerRemessa', 'conta', 33, 37], ['headerRemessa', 'dataGeracao', 95, 100],
    ['detalheRemessa', 'usoEmpresa', 38, 62], ['detalheRemessa', 'nossoNumero', 63, 70], ['detalheRemessa', 'carteira', 84, 86], ['detalheRemessa', 'movimento', 109, 110],
    ['detalheRemessa', 'numeroDocumento', 111, 120], ['detalheRemessa', 'vencimento', 121, 126], ['detalheRemessa', 'valor', 127, 139], ['detalheRemessa', 'jurosPorDia', 161, 173],
    ['detalheRemessa', 'pagadorInscricao', 221, 234], ['detalheRemessa', 'pagadorNome', 235, 264], ['detalheRemessa', 'pagadorEndereco', 275, 314], ['detalheRemessa', 'pagadorCep', 327, 331],
    ['detalheRemessa', 'pagadorUf', 350, 351], ['detalheRemessa', 'dataMora', 386, 391], ['detalheRemessa', 'prazo', 392, 393],
    ['detalheRetorno', 'nossoNumero', 63, 70], ['detalheRetorno', 'nossoNumeroDv', 94, 94], ['detalheRetorno', 'ocorrencia', 109, 110], ['detalheRetorno', 'dataOcorrencia', 111, 116],
    ['detalheRetorno', 'valor', 153, 165], ['detalheRetorno', 'tarifa', 176, 188], ['detalheRetorno', 'valorPago', 254, 266], ['detalheRetorno', 'juros', 267, 279],
    ['detalheRetorno', 'dataCredito', 296, 301], ['detalheRetorno', 'pagadorNome', 325, 354], ['detalheRetorno', 'motivos', 378, 385], ['detalheRetorno', 'codigoLiquidacao', 393, 394],
  ],
  'bb-400': [
    ['headerRemessa', 'agencia', 27, 30], ['headerRemessa', 'conta', 32, 39], ['headerRemessa', 'sequencialArquivo', 101, 107], ['headerRemessa', 'convenio', 130, 136],
    ['detalheRemessa', 'convenio', 32, 38], ['detalheRemessa', 'usoEmpresa', 39, 63], ['detalheRemessa', 'nossoNumero', 64, 80], ['detalheRemessa', 'variacaoCarteira', 92, 94],
    ['detalheRemessa', 'carteira', 107, 108], ['detalheRemessa', 'movimento', 109, 110], ['detalheRemessa', 'valor', 127, 139], ['detalheRemessa', 'pagadorNome', 235, 271],
    ['detalheRemessa', 'pagadorEndereco', 275, 314], ['detalheRemessa', 'pagadorCep', 327, 331], ['detalheRemessa', 'diasProtesto', 392, 393],
    ['detalheRetorno', 'nossoNumero', 64, 80], ['detalheRetorno', 'motivos', 87, 88], ['detalheRetorno', 'ocorrencia', 109, 110], ['detalheRetorno', 'dataOcorrencia', 111, 116],
    ['detalheRetorno', 'valor', 153, 165], ['detalheRetorno', 'dataCredito', 176, 181], ['detalheRetorno', 'tarifa', 182, 188], ['detalheRetorno', 'valorPago', 254, 266], ['detalheRetorno', 'juros', 267, 279],
  ],
  'santander-400': [
    ['headerRemessa', 'codigoTransmissao', 27, 46], ['detalheRemessa', 'codigoTransmissao', 18, 37], ['detalheRemessa', 'nossoNumero', 63, 70], ['detalheRemessa', 'codigoCarteira', 108, 108],
    ['detalheRemessa', 'movimento', 109, 110], ['detalheRemessa', 'valor', 127, 139], ['detalheRemessa', 'pagadorNome', 235, 274], ['detalheRemessa', 'pagadorCep', 327, 331],
    ['detalheRemessa', 'diasProtesto', 392, 393], ['trailerRemessa', 'quantidadeRegistros', 2, 7], ['trailerRemessa', 'valorTotal', 8, 20],
    ['detalheRetorno', 'nossoNumero', 63, 70], ['detalheRetorno', 'ocorrencia', 109, 110], ['detalheRetorno', 'motivos', 137, 145], ['detalheRetorno', 'valor', 153, 165],
    ['detalheRetorno', 'tarifa', 176, 188], ['detalheRetorno', 'valorPago', 254, 266], ['detalheRetorno', 'dataCredito', 296, 301],
  ],
  'sicoob-240': [
    ['headerArquivo', 'versaoLayout', 164, 166], ['segmentoP', 'nossoNumero', 38, 47], ['segmentoP', 'parcela', 48, 49], ['segmentoP', 'modalidade', 50, 51],
    ['segmentoP', 'tipoFormulario', 52, 52], ['segmentoT', 'nossoNumero', 38, 47], ['segmentoP', 'vencimento', 78, 85],
  ],
  'caixa-240': [
    ['headerArquivo', 'codigoBeneficiario', 59, 64], ['headerLote', 'codigoBeneficiario', 34, 39], ['segmentoP', 'codigoBeneficiario', 24, 29], ['segmentoP', 'nossoNumero', 41, 57],
    ['segmentoP', 'numeroDocumento', 63, 73], ['segmentoP', 'vencimento', 78, 85], ['segmentoT', 'nossoNumero', 41, 57], ['segmentoT', 'numeroDocumento', 59, 69],
  ],
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
  it.each(idsLayouts())('%s tiles every record exactly', (id) => {
    expect(() => verificarLayout(carregarLayout(id))).not.toThrow();
  });

  it('every layout a bank uses has its rejection fixture here', () => {
    for (const [, b] of carregarBancos()) for (const c of Object.values(b.cnab ?? {})) expect(REJEICAO[c.layout], c.layout).toBeDefined();
  });

  it.each(Object.entries(POSICOES))('%s puts the fields where the manual does', (id, posicoes) => {
    const l = carregarLayout(id);
    for (const [registro, nome, de, ate] of posicoes) expect([registro, nome, campo(l, registro, nome)?.de, campo(l, registro, nome)?.ate]).toEqual([registro, nome, de, ate]);
  });

  it('a derived record replaces whole base fields only', () => {
    const base = carregarLayout('febraban-240').registros.segmentoP;
    expect(() => derivarRegistro('x', 'segmentoP', base, { substituir: [{ nome: 'a', de: 40, ate: 45, tipo: 'num' }] })).toThrow(/corta o campo nossoNumero/);
    const r = derivarRegistro('x', 'segmentoP', base, { substituir: [{ nome: 'a', de: 38, ate: 47, tipo: 'num' }, { nome: 'b', de: 48, ate: 57, tipo: 'alfa' }] });
    expect(r.campos.filter((c) => c.de >= 38 && c.ate <= 57).map((c) => c.nome)).toEqual(['a', 'b']);
    expect(r.campos).toHaveLength(base.campos.length + 1);
  });

  it('bank templates: plain, number in N digits, slice', () => {
    expect(aplicarModelo('{nossoNumero:7}{dv}', { nossoNumero: '000000001234', nossoNumeroDv: '5' })).toBe('00012345');
    expect(aplicarModelo('{nossoNumero:7}', { nossoNumero: '000012345678' })).toBe('12345678');
    expect(aplicarModelo('{convenio@1-6}', { convenio: '1242119' })).toBe('124211');
    expect(aplicarModelo('{parcela:2}', { parcela: '003' })).toBe('03');
  });

  it('a confirmation must be of an operation the layout sends, by an occurrence read as accepted', () => {
    const l = structuredClone(carregarLayout('itau-400'));
    l.confirmacoes = { alterarValor: ['14'] };
    expect(() => verificarLayout(l)).toThrow(/confirmação de alterarValor, operação que o leiaute não envia/);
    const l2 = structuredClone(carregarLayout('santander-400'));
    l2.confirmacoes = { alterarValor: ['03'] };
    expect(() => verificarLayout(l2)).toThrow(/ocorrência 03 confirma alterarValor mas está mapeada como "rejeitado"/);
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
      const b = montar({ ...t.boleto, banco });
      const lido = lerRegistro(layout, detalhe, linha);
      expect(lido.movimento).toBe(layout.movimentos[t.operacao]);
      expect(lido.valor).toBe(b.valor);
      expect(lido.vencimento).toBe(t.boleto.vencimento);
      expect(lido.numeroDocumento).toBe(`NF${i}`);
      expect(naPosicao(linha, layout, detalhe, 'valor')).toBe(b.centavos.toString().padStart(campo(layout, detalhe, 'valor').ate - campo(layout, detalhe, 'valor').de + 1, '0'));
      const [a, m, d] = t.boleto.vencimento!.split('-');
      expect(naPosicao(linha, layout, detalhe, 'vencimento')).toBe(formato === '240' ? d + m + a : d + m + a.slice(2));
      if (formato === '240') expect(lido.nossoNumero).toContain(b.campos.nossoNumero!.replace(/^0+/, ''));
      else {
        const esperado = NOSSO_NUMERO_400[banco].remessa(b);
        for (const [k, v] of Object.entries(esperado)) expect(lido[k]).toBe(v);
      }
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
    const boletos = r.titulos.map((t) => montar({ ...t.boleto, banco }));
    const pago = (v: string) => new Decimal(v).plus('1.23').toFixed(2);
    if (formato === '240') {
      saida.push(escreverRegistro(layout, 'headerArquivo', { banco, remessaRetorno: '2', dataGeracao: '2026-01-05' }));
      saida.push(escreverRegistro(layout, 'headerLote', { banco, lote: '1', operacao: 'T' }));
      lidos.forEach((p, i) => {
        const oc = resultado(i);
        saida.push(escreverRegistro(layout, 'segmentoT', {
          banco, lote: '1', sequencial: String(2 * i + 1), ocorrencia: oc, nossoNumero: p.nossoNumero, numeroDocumento: p.numeroDocumento,
          vencimento: p.vencimento, valor: p.valor, tarifa: '2.50', motivos: oc === '03' ? REJEICAO[layout.id].motivos : '',
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
          ...NOSSO_NUMERO_400[banco].retorno(boletos[i]), ocorrencia: oc, dataOcorrencia: '2026-01-05', numeroDocumento: p.numeroDocumento,
          vencimento: p.vencimento, valor: p.valor, tarifa: '2.50', juros: oc === '06' ? '1.23' : '', valorPago: oc === '06' ? pago(p.valor!) : '',
          dataCredito: oc === '06' ? '2026-01-06' : '', motivos: oc === '03' ? REJEICAO[layout.id].motivos : '', sequencial: String(i + 2),
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
      if (formato === '400') expect(e.nossoNumero).toBe(NOSSO_NUMERO_400[banco].evento(boletos[i]));
      else expect(e.nossoNumero).toBe(p.nossoNumero!.trim());
      expect(e.valorTitulo).toBe(p.valor);
      expect(e.tarifa).toBe('2.50');
      expect(e.dataOcorrencia).toBe('2026-01-05');
      if (e.tipo === 'pago') {
        expect(e.valorPago).toBe(pago(p.valor!));
        expect(e.juros).toBe('1.23');
        expect(e.dataCredito).toBe('2026-01-06');
      } else expect(e.valorPago).toBeNull();
      if (e.tipo === 'rejeitado') expect(e.motivos).toEqual(REJEICAO[layout.id].textos);
      else expect(e.motivos).toEqual([]);
    });
  });
});

describe('CNAB refusals', () => {
  it('a bank without the format', () => {
    expect(() => gerarRemessa({ ...remessa('341', '400', 1), formato: '240' })).toThrow(/CNAB 240 não está disponível para o banco 341; use CNAB 400/);
    expect(() => gerarRemessa({ ...remessa('756', '240', 1), formato: '400' })).toThrow(/CNAB 400 não está disponível para o banco 756; use CNAB 240/);
  });
  it('Santander CNAB 400 carries 7 digits + DV: a larger nosso número is refused, the trailer totals the file', () => {
    const r = remessa('033', '400', 3);
    const linhas = gerarRemessa(r).split('\r\n');
    const l = carregarLayout('santander-400');
    const tr = lerRegistro(l, 'trailerRemessa', linhas[4]);
    expect(tr.quantidadeRegistros).toBe('000005');
    expect(tr.valorTotal).toBe(r.titulos.reduce((s, t) => s.plus(t.boleto.valor), new Decimal(0)).toFixed(2));
    expect(lerRegistro(l, 'headerRemessa', linhas[0]).codigoTransmissao).toBe('1899775'.padStart(20, '0'));
    r.titulos[0].boleto.nossoNumero = '123456789';
    expect(() => gerarRemessa(r)).toThrow(/nossoNumero \(posições 63 a 70\) comporta 8/);
  });
  it('Caixa SIGCB: código do beneficiário (convênio without DV) in the headers and segment P, nosso número of 17', () => {
    const r = remessa('104', '240', 1);
    const linhas = gerarRemessa(r).split('\r\n');
    const l = carregarLayout('caixa-240');
    expect(lerRegistro(l, 'headerArquivo', linhas[0]).codigoBeneficiario).toBe('124211');
    expect(lerRegistro(l, 'headerLote', linhas[1]).codigoBeneficiario).toBe('124211');
    const p = lerRegistro(l, 'segmentoP', linhas[2]);
    expect(p.codigoBeneficiario).toBe('124211');
    expect(p.nossoNumero).toBe(montar({ ...r.titulos[0].boleto, banco: '104' }).nossoNumero);
    expect(p.nossoNumero).toMatch(/^14\d{15}$/);
  });
  it('Sicoob: nosso número with DV, parcela and modalidade split in positions 38 to 57', () => {
    const r = remessa('756', '240', 1);
    r.titulos[0].boleto = { ...r.titulos[0].boleto, parcela: '3', modalidade: '02' };
    const b = montar({ ...r.titulos[0].boleto, banco: '756' });
    const p = lerRegistro(carregarLayout('sicoob-240'), 'segmentoP', gerarRemessa(r).split('\r\n')[2]);
    expect([p.nossoNumero, p.parcela, p.modalidade, p.tipoFormulario]).toEqual([(b.campos.nossoNumero! + b.nossoNumeroDv).padStart(10, '0'), '03', '02', '4']);
  });
  it('BB CNAB 240: a 17-digit nosso número (convênio 7) goes without check digit; convênios 4 and 6 keep theirs', () => {
    const l = carregarLayout('febraban-240');
    const nossoNumeroP = (convenio: string, nossoNumero: string) => {
      const r = remessa('001', '240', 1);
      r.titulos[0].boleto = { ...r.titulos[0].boleto, convenio, nossoNumero };
      const b = montar({ ...r.titulos[0].boleto, banco: '001' });
      return { p: naPosicao(gerarRemessa(r).split('\r\n')[2], l, 'segmentoP', 'nossoNumero'), b };
    };
    const c7 = nossoNumeroP('1238798', '42');
    expect(c7.b.nossoNumeroDv).toMatch(/^[\dX]$/);
    expect(c7.p).toBe('12387980000000042'.padEnd(20, ' '));
    const c6 = nossoNumeroP('123879', '42');
    expect(c6.p).toBe(`1238790004${'2'}${c6.b.nossoNumeroDv}`.padEnd(20, ' '));
    const c4 = nossoNumeroP('1238', '42');
    expect(c4.p).toBe(`12380000042${c4.b.nossoNumeroDv}`.padEnd(20, ' '));
  });
  it('BB CNAB 400 (CBR641) is for convênio 7 only: a convênio of 6 is refused, not padded', () => {
    const r = remessa('001', '400', 1);
    r.titulos[0].boleto = { ...r.titulos[0].boleto, convenio: '123879', nossoNumero: '42' };
    expect(() => gerarRemessa(r)).toThrow(/bb-400 do Banco do Brasil aceita só: Convênio de 7 dígitos/);
  });
  it('BB CNAB 400: convênio, 17-digit nosso número without DV, variação da carteira', () => {
    const r = remessa('001', '400', 1);
    r.beneficiario.variacaoCarteira = '027';
    const d = lerRegistro(carregarLayout('bb-400'), 'detalheRemessa', gerarRemessa(r).split('\r\n')[1]);
    expect([d.tipoRegistro, d.convenio, d.nossoNumero, d.variacaoCarteira, d.carteira]).toEqual(['7', '1238798', '12387980000001000', '027', '18']);
  });
  it('a retorno of another bank, or with a short line', () => {
    const l = carregarLayout('febraban-240');
    const header = escreverRegistro(l, 'headerArquivo', { banco: '033', remessaRetorno: '2' });
    expect(() => lerRetorno(header, '001', '240')).toThrow(/banco 033, não do 001/);
    expect(() => lerRetorno(header.slice(1), '033', '240')).toThrow(/239 caracteres/);
  });
});

/**
 * Changing a title's amount by remessa, per layout, as the banks' published occurrence tables give it (sources in each
 * layout's observacoes): [remessa code, retorno code that confirms it], or null where the bank has no such instruction.
 */
const ALTERAR_VALOR: Record<string, [string, string] | null> = {
  'febraban-240': ['47', '61'],
  'caixa-240': ['47', '61'],
  'bradesco-400': ['20', '33'],
  'santander-400': ['47', '61'],
  'itau-400': null,
  'bb-400': null,
  'sicoob-240': null,
};

describe('changing the amount (alterarValor)', () => {
  it('every layout a bank uses has its answer here', () => {
    for (const [, b] of carregarBancos()) for (const c of Object.values(b.cnab ?? {})) expect(ALTERAR_VALOR, c.layout).toHaveProperty([c.layout]);
  });

  const comCodigo = casos.filter(([banco, f]) => ALTERAR_VALOR[carregarBancos().get(banco)!.cnab![f]!.layout]);
  it.each(comCodigo)('bank %s CNAB %s: the bank’s code with the new amount, and the retorno that confirms it becomes an "alterado" event', (banco, formato) => {
    const layout = carregarLayout(carregarBancos().get(banco)!.cnab![formato]!.layout);
    const [codigo, confirmacao] = ALTERAR_VALOR[layout.id]!;
    const r = remessa(banco, formato, 3);
    r.titulos.forEach((t, i) => {
      t.operacao = 'alterarValor';
      t.boleto.valor = new Decimal(t.boleto.valor).plus(i + 10).toFixed(2);
    });
    const detalhe = formato === '240' ? 'segmentoP' : 'detalheRemessa';
    const lidos = gerarRemessa(r).split('\r\n').filter((l) => identificarRegistro(layout, l, 'remessa') === detalhe).map((l) => lerRegistro(layout, detalhe, l));
    expect(lidos.map((d) => [d.movimento, d.valor])).toEqual(r.titulos.map((t) => [codigo, t.boleto.valor]));

    const saida: string[] = [];
    if (formato === '240') {
      saida.push(escreverRegistro(layout, 'headerArquivo', { banco, remessaRetorno: '2' }), escreverRegistro(layout, 'headerLote', { banco, lote: '1', operacao: 'T' }));
      lidos.forEach((p, i) => {
        saida.push(escreverRegistro(layout, 'segmentoT', { banco, lote: '1', sequencial: String(2 * i + 1), ocorrencia: confirmacao, nossoNumero: p.nossoNumero, numeroDocumento: p.numeroDocumento, vencimento: p.vencimento, valor: p.valor }));
        saida.push(escreverRegistro(layout, 'segmentoU', { banco, lote: '1', sequencial: String(2 * i + 2), ocorrencia: confirmacao, dataOcorrencia: '2026-01-05' }));
      });
      saida.push(escreverRegistro(layout, 'trailerLote', { banco, lote: '1', quantidadeRegistros: String(saida.length) }));
      saida.push(escreverRegistro(layout, 'trailerArquivo', { banco, quantidadeLotes: '1', quantidadeRegistros: String(saida.length + 1) }));
    } else {
      saida.push(escreverRegistro(layout, 'headerRetorno', { banco, sequencial: '1' }));
      lidos.forEach((p, i) => {
        const b = montar({ ...r.titulos[i].boleto, banco });
        saida.push(escreverRegistro(layout, 'detalheRetorno', {
          ...NOSSO_NUMERO_400[banco].retorno(b), ocorrencia: confirmacao, dataOcorrencia: '2026-01-05', numeroDocumento: p.numeroDocumento, vencimento: p.vencimento, valor: p.valor, sequencial: String(i + 2),
        }));
      });
      saida.push(escreverRegistro(layout, 'trailerRetorno', { banco, sequencial: String(saida.length + 1) }));
    }
    const eventos = lerRetorno(saida.join('\r\n'), banco, formato);
    expect(eventos.map((e) => [e.tipo, e.confirma, e.ocorrencia, e.valorTitulo])).toEqual(r.titulos.map((t) => ['alterado', 'alterarValor', confirmacao, t.boleto.valor]));
    expect(eventos[0].descricao).toBe(layout.textosOcorrencias[confirmacao]);
  });

  const semCodigo = casos.filter(([banco, f]) => ALTERAR_VALOR[carregarBancos().get(banco)!.cnab![f]!.layout] === null);
  it.each(semCodigo)('bank %s CNAB %s has no such instruction: refused, naming the bank and saying to cancel and issue a new boleto', (banco, formato) => {
    const doc = carregarBancos().get(banco)!;
    const r = remessa(banco, formato, 2);
    r.titulos[1].operacao = 'alterarValor';
    const erro = (() => {
      try {
        gerarRemessa(r);
      } catch (e) {
        return e as Error & { campo?: string };
      }
    })();
    expect(erro?.message).toContain(`O banco ${doc.nomeCurto} (${banco}) não tem, no CNAB ${formato} (leiaute ${doc.cnab![formato]!.layout}), instrução de remessa para alterar o valor do título.`);
    expect(erro?.message).toMatch(/cancele este boleto \(operação "baixar"\) e emita um novo boleto com o valor correto/);
    expect(erro?.campo).toBe('operacao');
  });

  it('other events do not claim to confirm a change, and a rejection never does', () => {
    const l = carregarLayout('santander-400');
    const linha = (oc: string) => escreverRegistro(l, 'detalheRetorno', { nossoNumero: '00010007', ocorrencia: oc, sequencial: '2' });
    const texto = [escreverRegistro(l, 'headerRetorno', { banco: '033', sequencial: '1' }), linha('02'), linha('14'), linha('03')].join('\r\n');
    expect(lerRetorno(texto, '033', '400').map((e) => [e.tipo, e.confirma])).toEqual([['registrado', null], ['alterado', 'alterarVencimento'], ['rejeitado', null]]);
  });
});

/**
 * Discount for a registered title (issue 38, "changed boletos"): the remessa code per layout, from each manual (see
 * the layout's observacoes), or null where the layout has no such instruction (the screen then says to reissue).
 */
const CONCEDER_DESCONTO: Record<string, string | null> = {
  'febraban-240': '07',
  'caixa-240': '07',
  'sicoob-240': '07',
  'bradesco-400': '31',
  'bb-400': '31',
  'itau-400': null,
  'santander-400': null,
};

describe('granting a discount (concederDesconto)', () => {
  it('every layout a bank uses has its answer here', () => {
    for (const [, b] of carregarBancos()) for (const c of Object.values(b.cnab ?? {})) expect(CONCEDER_DESCONTO, c.layout).toHaveProperty([c.layout]);
  });

  const doLayout = (banco: string, formato: FormatoCnab) => carregarLayout(carregarBancos().get(banco)!.cnab![formato]!.layout);
  it.each(casos.filter(([b, f]) => CONCEDER_DESCONTO[doLayout(b, f).id]))('bank %s CNAB %s: the bank’s code with the discount and its date', (banco, formato) => {
    const layout = doLayout(banco, formato);
    const r = remessa(banco, formato, 2);
    r.titulos.forEach((t, i) => Object.assign(t, { operacao: 'concederDesconto', desconto: `${5 + i}.50`, dataDesconto: t.boleto.vencimento }));
    const detalhe = formato === '240' ? 'segmentoP' : 'detalheRemessa';
    const lidos = gerarRemessa(r).split('\r\n').filter((l) => identificarRegistro(layout, l, 'remessa') === detalhe).map((l) => lerRegistro(layout, detalhe, l));
    expect(lidos.map((d) => [d.movimento, d.desconto, d.dataDesconto])).toEqual(r.titulos.map((t) => [CONCEDER_DESCONTO[layout.id], t.desconto, t.dataDesconto]));
    if (formato === '240') expect(lidos.map((d) => d.codigoDesconto)).toEqual(['1', '1']);
  });

  it.each(casos.filter(([b, f]) => !CONCEDER_DESCONTO[doLayout(b, f).id]))('bank %s CNAB %s: refused with what to do instead', (banco, formato) => {
    const r = remessa(banco, formato, 1);
    Object.assign(r.titulos[0], { operacao: 'concederDesconto', desconto: '5.00', dataDesconto: r.titulos[0].boleto.vencimento });
    expect(() => gerarRemessa(r)).toThrow(/não tem, no CNAB \d+ \(leiaute [\w-]+\), instrução de remessa para conceder desconto a um título registrado\. Para dar o desconto, cancele este boleto/);
  });
});
