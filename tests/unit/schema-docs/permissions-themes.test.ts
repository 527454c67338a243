import { duplicates, jsonFiles, metaValidator, readJson } from './helpers';
import { permissionKeys } from '../../../src/shared/permissions.ts';

// SPEC 6, "Keys (app.*) tied to routes and menus", verbatim.
const SPEC_KEYS = 'alteracaoPreco, grupopdv, usuariopdv, formapgpedido, categoriaFinanceira, cliente, conta, planoDeContas, filial, fornecedor, nfeentrada, classificacao, produto, promocao, transportadora, usuario, integracao, pdv, cupomerro, vendedor, formapagamento, perfil, acertoestoque, importarararquivocoletordados, certificado, cfop, tributacaoncmproduto, tributacaoestadual, tributacaofederal, configuracaotnfe, exportarXml, exportarSped, exportarSintegra, exportacaoBalanca, exportacaoTerminal, contador, inutilizacao, permissao.manifestacao, naturezaoperacao, informacoesNfe, entrada, agenda, permissao.nota, nfe (type 1), extratoFinanceiro, conversaodados, lancamento, recorrente, centroCusto, minhaConta, saida, pedidoVenda, pedidoCompra, painelFinanceiro, painelvendas, movestoque, relatoriosExportados, relatorioProduto, relatorioEstoque, relatorioEntradaNfe, pessoa, relatorioVenda, lancamentorelatorio, transferenciaEstoque, estoque, etiqueta, imprimiretiqueta, lote, contatoscomerciais, boleto, assinaturas'
  .split(', ').map((k) => `app.${k.replace(' (type 1)', '')}`);

describe('permissions document', () => {
  const doc = readJson('permissions', 'permissions.json');

  it('validates against permissions.schema.json', () => {
    expect(metaValidator('permissions.schema.json')(doc)).toBeNull();
  });

  it('has the level ladder of SPEC 6 / 3.2', () => {
    expect(doc.levels.map((l: any) => [l.key, l.value, l.alias])).toEqual([
      ['NENHUMA', 0, 'none'], ['VISUALIZAR', 1, 'view'], ['CRIAR', 2, undefined], ['ALTERAR', 3, 'change'], ['TOTAL', 4, 'full'],
    ]);
  });

  it('lists exactly the app.* keys of SPEC 6, once each, in a known module', () => {
    // Field-level read keys (campos: true, issue 41) are tied to fields, not to routes or menus: outside SPEC 6's list.
    const keys = doc.keys.filter((k: any) => !k.campos).map((k: any) => k.key);
    expect(doc.keys.filter((k: any) => k.campos).map((k: any) => k.key)).toEqual(['app.verCusto']);
    expect(duplicates(keys)).toEqual([]);
    expect([...keys].sort()).toEqual([...SPEC_KEYS].sort());
    const modules = new Set(doc.modules.map((m: any) => m.id));
    for (const k of doc.keys) expect(modules.has(k.module), k.key).toBe(true);
    expect(doc.keys.find((k: any) => k.key === 'app.nfe').specType).toBe(1);
  });

  it('every key of the product is one of those, or one a business document declares for itself (in a known module)', () => {
    const documents = jsonFiles('documents').map((f) => readJson('documents', f));
    const declared = documents.filter((d) => d.declaresPermission).map((d) => d.permission);
    const every = permissionKeys(doc.keys, documents);
    const listed = new Set(doc.keys.map((k: any) => k.key));
    expect(every.filter((k) => !listed.has(k.key)).map((k) => k.key).sort()).toEqual([...new Set(declared)].filter((k) => !listed.has(k)).sort());
    expect(duplicates(every.map((k) => k.key))).toEqual([]);
    const modules = new Set(doc.modules.map((m: any) => m.id));
    for (const k of every) expect(modules.has(k.module), k.key).toBe(true);
    // A document's key that permissions.json neither lists nor is declared by its document is no key at all.
    expect(permissionKeys(doc.keys, [{ permission: 'app.naoDeclarada', singular: 'X', module: 'estoque' }]).map((k) => k.key)).not.toContain('app.naoDeclarada');
    expect(permissionKeys(doc.keys, [{ permission: 'app.declarada', singular: 'Declarada', module: 'estoque', declaresPermission: true }]).at(-1)).toEqual({ key: 'app.declarada', title: 'Declarada', module: 'estoque', type: 'level' });
  });
});

describe('themes document', () => {
  const doc = readJson('brands', 'themes.json');

  it('validates against theme.schema.json', () => {
    expect(metaValidator('theme.schema.json')(doc)).toBeNull();
  });

  it('has the 13 themes of SPEC 3.1 with their colours', () => {
    const spec = 'azul #2196f3; azulaci #00669c; verde #4caf50; laranja #ff9300; vermelho #f44336; verde_escuro #009881; roxo #673ab7; azulescuro #213c8b; azulcobro #546e95; connect #0F255F; verdefluorescente #05DD8A; roxo_escuro #32275B; custom #707070';
    expect(doc.themes.map((t: any) => `${t.name} ${t.color}`).join('; ')).toBe(spec);
    expect(doc.themes).toHaveLength(13);
    expect(doc.themes.find((t: any) => t.name === 'custom').colorFrom).toBe('misc.customThemeColor');
    expect(doc.themes.some((t: any) => t.name === doc.default)).toBe(true);
  });
});
