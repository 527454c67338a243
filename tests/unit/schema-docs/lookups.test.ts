import { duplicates, jsonFiles, metaValidator, readJson } from './helpers';
import { verificarDerivados } from '../../../scripts/derive-lookups';

const validate = metaValidator('lookup.schema.json');
const files = jsonFiles('lookups');
const docs = Object.fromEntries(files.map((f) => [f.replace(/\.json$/, ''), readJson('lookups', f)]));
const items = (name: string) => docs[name].items as any[];
const byValue = (name: string, value: unknown) => items(name).find((i) => i.value === value);

describe('lookup documents', () => {
  it.each(files)('%s validates against lookup.schema.json', (file) => {
    expect(validate(readJson('lookups', file))).toBeNull();
  });

  it.each(files)('%s: name equals file name, values and keys unique', (file) => {
    const doc = readJson('lookups', file);
    expect(doc.name).toBe(file.replace(/\.json$/, ''));
    expect(duplicates(doc.items.map((i: any) => i.value))).toEqual([]);
    expect(duplicates(doc.items.filter((i: any) => i.key).map((i: any) => i.key))).toEqual([]);
  });

  it('derived lookups are up to date with scripts/derive-lookups.ts (derived again with ../shared, by their hashes in a clone)', async () => {
    expect(await verificarDerivados()).toEqual([]);
  });

  it('company tax regime maps to the document regime (SPEC 3.2)', () => {
    const map = Object.fromEntries(items('regimeTributario').map((i) => [i.key, [i.value, i.regimeDocumento]]));
    expect(map).toEqual({
      NENHUM: [0, 3], SIMPLES_NACIONAL: [1, 1], LUCRO_REAL: [2, 3], LUCRO_PRESUMIDO: [3, 3],
      SIMPLES_NACIONAL_COM_EXCESSO_RECEITA: [4, 2], MEI: [5, 4],
    });
    expect(docs.regimeTributario.unsetValue).toBe(2);
    expect(items('regimeDocumento').map((i) => i.value)).toEqual([1, 2, 3, 4]);
  });

  it('sign-up offers the five regimes with Simples Nacional by default (SPEC 2.4)', () => {
    const list = items('regimeTributarioCadastro');
    expect(list.map((i) => i.label)).toEqual([
      'Microempreendedor Individual (MEI)', 'Simples Nacional', 'Simples Nacional com Excesso Receita', 'Lucro Real', 'Lucro Presumido',
    ]);
    expect(list.filter((i) => i.default).map((i) => i.key)).toEqual(['SIMPLES_NACIONAL']);
  });

  it.each([
    ['regimeTributarioMunicipal', 'NENHUM 0, MICRO_EMPRESA_MUNICIPAL 1, ESTIMATIVA 2, SOCIEDADE_DE_PROFISSIONAIS 3, COOPERATIVA 4, MEI 5, MICRO_EMPRESA 6'],
    ['tipoMovimentacao', 'COMPRA 0, VENDA 1, TRANSFERENCIA 2, BONIFICACAO 3, DEVOLUCAO_FORNECEDOR 4, DEVOLUCAO_CLIENTE 5, SIMPLES_REMESSA 6, PERDAS 7, COMPLEMENTO 8, AJUSTE 9, ENTRADA_PRODUTOR_RURAL 10, VENDA_A_PARTIR_DE_CUPOM 11, SIMPLES_REMESSA_PRECO_VENDA 12, SIMPLES_FATURAMENTO 13, SAIDA_EFETIVA_MERCADORIA 14'],
    ['nivelPermissao', 'NENHUMA 0, VISUALIZAR 1, CRIAR 2, ALTERAR 3, TOTAL 4'],
    ['estadoProcessamento', 'PROCESSANDO 0, FINALIZADO 1, ERRO 2'],
  ])('%s has the SPEC keys and values', (name, spec) => {
    const expected = spec.split(', ').map((p) => { const [key, value] = p.split(' '); return [key, Number(value)]; });
    expect(items(name).map((i) => [i.key, i.value])).toEqual(expected);
  });

  it.each([
    ['tipoProduto', '0 Mercadoria Revenda, 1 Materia Prima, 2 Embalagem, 3 Produto em Processo, 4 Produto Acabado, 5 Subproduto, 6 Produto Intermediário, 7 Material de Uso e Consumo, 8 Ativo Imobilizado, 9 Serviços, 10 Outros insumos, 99 Outras'],
    ['situacaoTributaria', '0 Tributado, 1 Não Tributado, 4 Isento, 6 Substituicao, 9 ISSQN'],
    ['statusPedido', '0 Aguardando, 1 Aguardando Central, 2 Aguardando Faturamento, 3 Faturado, 4 Cancelado, 5 Digitando, 6 Pedido de Venda Gerado'],
    ['statusPedidoIntegral', '0 Pendente, 2 Faturado, 3 Montagem de Carga'],
    ['tipoConta', '0 Caixa, 1 Corrente, 2 Investimento'],
    ['tipoPessoa', '0 Cliente, 1 Fornecedor, 2 Filial, 5 Transportadora'],
  ])('%s has the SPEC labels', (name, spec) => {
    const expected = spec.split(', ').map((p) => { const m = /^(\d+) (.+)$/.exec(p)!; return [Number(m[1]), m[2]]; });
    expect(items(name).map((i) => [i.value, i.label])).toEqual(expected);
  });

  it('other SPEC 3.2 lists', () => {
    expect(docs.statusPedidoIntegral.allOption.value).toBe('T');
    expect(items('segmento').map((i) => i.value)).toEqual(['alimentacao', 'supermercado', 'padaria', 'servicos', 'varejo', 'combustivel', 'vestuario', 'clinica_medica', 'revenda_combustivel', 'outros']);
    expect(items('tipoRelatorio').map((i) => i.value)).toEqual([1, 2]);
    expect(items('tipoNfe').map((i) => [i.value, i.slug])).toEqual([[0, 'entrada'], [1, 'saida'], [3, 'servico-entrada']]);
    expect(items('aliquotaIcms').map((i) => i.value)).toEqual([0, 4, 7, 8.4, 12, 17, 18, 19, 19.5, 20, 20.5, 21, 22, 25, 29]);
    expect(items('origemMercadoria').map((i) => i.value)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(items('modalidadeFrete').map((i) => i.value)).toEqual([0, 1, 2, 3, 4, 9]);
    expect(items('finalidadeNfe').map((i) => i.value)).toEqual([1, 2, 3, 4]);
    expect(items('tipoEmissao').map((i) => i.value)).toEqual([1, 2, 3, 4, 5, 6, 7, 9]);
    expect(items('viaTransporte')).toHaveLength(12);
    expect(items('mes').map((i) => i.value)).toEqual([...Array(12).keys()]);
    expect(byValue('mes', 0).label).toBe('Janeiro');
    expect(byValue('mes', 11).label).toBe('Dezembro');
    expect(items('diaSemana')).toHaveLength(7);
    expect(items('diaMes').map((i) => i.value)).toEqual(Array.from({ length: 31 }, (_, i) => i + 1));
    expect(items('sistemaExterno').map((i) => i.value)).toEqual([1, 2, 3, 4]);
    const servicos = items('tipoServico').map((i) => i.value);
    expect(servicos).toHaveLength(31);
    expect([servicos[0], servicos[30]]).toEqual([100000001, 100000031]);
    expect(items('bandeiraCartao').map((i) => i.value)).toEqual([...Array.from({ length: 27 }, (_, i) => String(i + 1).padStart(2, '0')), '99']);
    expect(items('perfilSped').map((i) => i.value)).toEqual(['A', 'B', 'C']);
  });

  it('variation templates carry preset values', () => {
    expect(items('modeloVariacao').map((i) => i.label)).toEqual([
      'Gênero', 'Cor', 'Coleção', 'Tamanho vestuário', 'Tamanho de camisa/camiseta', 'Tamanho de calçado', 'Tamanho juvenil-infantil',
    ]);
    for (const i of items('modeloVariacao')) expect(i.valores.length).toBeGreaterThan(1);
  });

  it('UFs: 27 states plus EX with IBGE codes', () => {
    const ufs = items('uf');
    expect(ufs).toHaveLength(28);
    expect(byValue('uf', 'SP').codigo).toBe(35);
    expect(byValue('uf', 'DF').label).toBe('Distrito Federal');
    expect(byValue('uf', 'EX').codigo).toBe(99);
  });

  it('municipalities: every IBGE row, 7-digit codes, each in a known UF', () => {
    const ufs = new Set(items('uf').map((u) => u.value));
    const municipios = items('municipio');
    // The shared table holds 5,571 rows (IBGE's 5,570 plus Boa Esperança do Norte, MT).
    expect(municipios.length).toBeGreaterThanOrEqual(5570);
    expect(docs.municipio.large).toBe(true);
    for (const m of municipios) {
      expect(String(m.value)).toMatch(/^\d{7}$/);
      expect(ufs.has(m.uf)).toBe(true);
    }
    expect(byValue('municipio', 3550308)).toMatchObject({ label: 'São Paulo', uf: 'SP' });
    expect(byValue('municipio', 5300108)).toMatchObject({ label: 'Brasília', uf: 'DF', capital: true });
  });

  it('CFOP, NCM and CEST are large lists with well-formed codes', () => {
    for (const name of ['cfop', 'ncm', 'cest', 'municipio']) expect(docs[name].large, name).toBe(true);
    expect(byValue('cfop', '5102').label).toMatch(/Venda de mercadoria adquirida/);
    expect(items('ncm').every((i) => /^\d{8}$/.test(i.value))).toBe(true);
    expect(items('cest').every((i) => /^\d{7}$/.test(i.value))).toBe(true);
  });

  it('national service list (NFS-e cTribNac): every subitem of LC 116/2003 from 01.01 to 40.01, vetoed ones left out, grouped in its 40 items', () => {
    const list = items('codigoTributacaoNacional');
    expect(list).toHaveLength(200);
    for (const i of list) {
      expect(i.value, i.label).toMatch(/^\d{6}$/);
      expect(i.value).toBe(`${i.subitemLc116.replace('.', '')}01`);
      expect(i.itemLc116).toBe(i.subitemLc116.slice(0, 2));
      expect(i.label.startsWith(`${i.subitemLc116}.01 - `)).toBe(true);
      expect(i.label.length).toBeGreaterThan(12);
    }
    // The 40 items of the list, each with its subitems numbered from 01 without holes other than the vetoed ones.
    expect([...new Set(list.map((i) => i.itemLc116))]).toEqual(Array.from({ length: 40 }, (_, k) => String(k + 1).padStart(2, '0')));
    const vetados = ['03.01', '07.14', '07.15', '13.01', '17.07'];
    for (const v of vetados) expect(list.find((i) => i.subitemLc116 === v)).toBeUndefined();
    const porItem = new Map<string, number[]>();
    for (const i of list) porItem.set(i.itemLc116, [...(porItem.get(i.itemLc116) ?? []), Number(i.subitemLc116.slice(3))]);
    for (const [item, subs] of porItem) {
      const max = Math.max(...subs);
      const faltam = Array.from({ length: max }, (_, k) => `${item}.${String(k + 1).padStart(2, '0')}`).filter((s) => !subs.includes(Number(s.slice(3))));
      expect(faltam.filter((f) => !vetados.includes(f)), item).toEqual([]);
    }
    expect(byValue('codigoTributacaoNacional', '140101').label).toMatch(/^14\.01\.01 - Lubrificação, limpeza/);
    expect(byValue('codigoTributacaoNacional', '110501').label).toMatch(/monitoramento e rastreamento a distância/);
    expect(byValue('codigoTributacaoNacional', '400101').label).toBe('40.01.01 - Obras de arte sob encomenda');
    expect(byValue('codigoTributacaoNacional', '999901')).toBeUndefined();
  });

  it('NF-e payment methods: 01-05, 10-22, 90, 99 with digital and versao400 flags', () => {
    const list = items('nfeFormaPagamento');
    expect(list.map((i) => i.value)).toEqual(['01', '02', '03', '04', '05', ...Array.from({ length: 13 }, (_, i) => String(10 + i)), '90', '99']);
    for (const i of list) expect([typeof i.digital, typeof i.versao400]).toEqual(['boolean', 'boolean']);
    expect(byValue('nfeFormaPagamento', '17')).toMatchObject({ digital: true, versao400: true });
    expect(byValue('nfeFormaPagamento', '01')).toMatchObject({ digital: false, versao400: false });
  });
});
