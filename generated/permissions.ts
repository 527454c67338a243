/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */

/** Chaves de permissão (SPEC 6). */
export const PERMISSION_KEYS = [
  "app.alteracaoPreco",
  "app.grupopdv",
  "app.usuariopdv",
  "app.formapgpedido",
  "app.categoriaFinanceira",
  "app.cliente",
  "app.conta",
  "app.planoDeContas",
  "app.filial",
  "app.fornecedor",
  "app.nfeentrada",
  "app.classificacao",
  "app.produto",
  "app.promocao",
  "app.transportadora",
  "app.usuario",
  "app.integracao",
  "app.pdv",
  "app.cupomerro",
  "app.vendedor",
  "app.formapagamento",
  "app.perfil",
  "app.acertoestoque",
  "app.importarararquivocoletordados",
  "app.certificado",
  "app.cfop",
  "app.tributacaoncmproduto",
  "app.tributacaoestadual",
  "app.tributacaofederal",
  "app.configuracaotnfe",
  "app.exportarXml",
  "app.exportarSped",
  "app.exportarSintegra",
  "app.exportacaoBalanca",
  "app.exportacaoTerminal",
  "app.contador",
  "app.inutilizacao",
  "app.permissao.manifestacao",
  "app.naturezaoperacao",
  "app.informacoesNfe",
  "app.entrada",
  "app.agenda",
  "app.permissao.nota",
  "app.nfe",
  "app.extratoFinanceiro",
  "app.conversaodados",
  "app.lancamento",
  "app.recorrente",
  "app.centroCusto",
  "app.minhaConta",
  "app.saida",
  "app.pedidoVenda",
  "app.pedidoCompra",
  "app.painelFinanceiro",
  "app.painelvendas",
  "app.movestoque",
  "app.relatoriosExportados",
  "app.relatorioProduto",
  "app.relatorioEstoque",
  "app.relatorioEntradaNfe",
  "app.pessoa",
  "app.relatorioVenda",
  "app.lancamentorelatorio",
  "app.transferenciaEstoque",
  "app.estoque",
  "app.etiqueta",
  "app.imprimiretiqueta",
  "app.lote",
  "app.contatoscomerciais",
  "app.boleto",
  "app.assinaturas"
] as const;
export type PermissionKey = (typeof PERMISSION_KEYS)[number];
export const PERMISSION_LEVELS = [
  {
    "key": "NENHUMA",
    "value": 0,
    "alias": "none",
    "label": "Nenhuma"
  },
  {
    "key": "VISUALIZAR",
    "value": 1,
    "alias": "view",
    "label": "Visualizar"
  },
  {
    "key": "CRIAR",
    "value": 2,
    "label": "Criar"
  },
  {
    "key": "ALTERAR",
    "value": 3,
    "alias": "change",
    "label": "Alterar"
  },
  {
    "key": "TOTAL",
    "value": 4,
    "alias": "full",
    "label": "Total"
  }
] as const;
export const PermissionLevel = { NENHUMA: 0, VISUALIZAR: 1, CRIAR: 2, ALTERAR: 3, TOTAL: 4 } as const;
