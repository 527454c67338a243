/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */

export type { Baixa } from './baixa.ts';
export type { CategoriaFinanceira } from './categoriaFinanceira.ts';
export type { CategoriaProduto } from './categoriaProduto.ts';
export type { CentroCusto } from './centroCusto.ts';
export type { Cfop } from './cfop.ts';
export type { Cliente } from './cliente.ts';
export type { ConfiguracaoBoleto } from './configuracaoBoleto.ts';
export type { ContaContabilSped } from './contaContabilSped.ts';
export type { ContaFinanceira } from './contaFinanceira.ts';
export type { ContatoComercial } from './contatoComercial.ts';
export type { CupomErro } from './cupomErro.ts';
export type { CupomFiscal } from './cupomFiscal.ts';
export type { Deposito } from './deposito.ts';
export type { Embalagem } from './embalagem.ts';
export type { Empresa } from './empresa.ts';
export type { Etiqueta } from './etiqueta.ts';
export type { FormaPagamentoFinanceiro } from './formaPagamentoFinanceiro.ts';
export type { FormaPagamentoPdv } from './formaPagamentoPdv.ts';
export type { Fornecedor } from './fornecedor.ts';
export type { GrupoUsuarioPdv } from './grupoUsuarioPdv.ts';
export type { InventarioSped } from './inventarioSped.ts';
export type { Lote } from './lote.ts';
export type { Marca } from './marca.ts';
export type { NaturezaOperacao } from './naturezaOperacao.ts';
export type { ObservacaoNota } from './observacaoNota.ts';
export type { OperadorPdv } from './operadorPdv.ts';
export type { Parcela } from './parcela.ts';
export type { ParticipanteSped } from './participanteSped.ts';
export type { Pdv } from './pdv.ts';
export type { Perfil } from './perfil.ts';
export type { PerfilTributario } from './perfilTributario.ts';
export type { PrecoHistorico } from './precoHistorico.ts';
export type { Produto } from './produto.ts';
export type { Promocao } from './promocao.ts';
export type { Servico } from './servico.ts';
export type { SolicitacaoReenvio } from './solicitacaoReenvio.ts';
export type { TransferenciaFinanceira } from './transferenciaFinanceira.ts';
export type { Transportador } from './transportador.ts';
export type { TributacaoEstadual } from './tributacaoEstadual.ts';
export type { TributacaoFederal } from './tributacaoFederal.ts';
export type { Unidade } from './unidade.ts';
export type { Variacao } from './variacao.ts';
export type { Vendedor } from './vendedor.ts';

export const RESOURCES = {
  "baixa": {
    "endpoint": "Baixas",
    "route": "pages/financeiro/lancamentos/lista/baixas",
    "permission": "app.lancamento",
    "readOnly": true
  },
  "categoriaFinanceira": {
    "endpoint": "CategoriasFinanceiras",
    "route": "pages/financeiro/categorias-financeiro",
    "permission": "app.categoriaFinanceira"
  },
  "categoriaProduto": {
    "endpoint": "CategoriasProduto",
    "route": "pages/estoque/categorias",
    "permission": "app.classificacao"
  },
  "centroCusto": {
    "endpoint": "CentrosCusto",
    "route": "pages/financeiro/centro-de-custo",
    "permission": "app.centroCusto"
  },
  "cfop": {
    "endpoint": "Cfops",
    "route": "pages/configuracoes/cfop",
    "permission": "app.cfop"
  },
  "cliente": {
    "endpoint": "Clientes",
    "route": "pages/vendas/clientes",
    "permission": "app.cliente"
  },
  "configuracaoBoleto": {
    "endpoint": "ConfiguracoesBoleto",
    "route": "pages/configuracoes/gateway-boleto/contas",
    "permission": "app.boleto"
  },
  "contaContabilSped": {
    "endpoint": "ContasContabeisSped",
    "route": "pages/fiscais/conta-contabil-sped",
    "permission": "app.planoDeContas"
  },
  "contaFinanceira": {
    "endpoint": "ContasFinanceiras",
    "route": "pages/financeiro/contas",
    "permission": "app.conta"
  },
  "contatoComercial": {
    "endpoint": "ContatosComerciais",
    "route": "pages/vendas/contatos-comerciais",
    "permission": "app.contatoscomerciais"
  },
  "cupomErro": {
    "endpoint": "CuponsErro",
    "route": "pages/vendas/cupom-erro",
    "permission": "app.cupomerro",
    "readOnly": true
  },
  "cupomFiscal": {
    "endpoint": "CuponsFiscais",
    "route": "pages/vendas/cupom-fiscal",
    "permission": "app.saida",
    "readOnly": true
  },
  "deposito": {
    "endpoint": "Depositos",
    "route": "pages/estoque/depositos",
    "permission": "app.estoque"
  },
  "embalagem": {
    "endpoint": "Embalagens",
    "route": "pages/estoque/embalagens",
    "permission": "app.produto"
  },
  "empresa": {
    "endpoint": "Empresas",
    "route": "pages/configuracoes/empresas",
    "permission": "app.filial"
  },
  "etiqueta": {
    "endpoint": "Etiquetas",
    "route": "pages/estoque/etiqueta",
    "permission": "app.etiqueta"
  },
  "formaPagamentoFinanceiro": {
    "endpoint": "FormasPagamentoFinanceiro",
    "route": "pages/financeiro/formas-pagamento-financeiro",
    "permission": "app.formapgpedido"
  },
  "formaPagamentoPdv": {
    "endpoint": "FormasPagamentoPdv",
    "route": "pages/configuracoes/formas-pagamento",
    "permission": "app.formapagamento"
  },
  "fornecedor": {
    "endpoint": "Fornecedores",
    "route": "pages/compras/fornecedores",
    "permission": "app.fornecedor"
  },
  "grupoUsuarioPdv": {
    "endpoint": "GruposUsuarioPdv",
    "route": "pages/vendas/grupo-usuario-pdv",
    "permission": "app.grupopdv"
  },
  "inventarioSped": {
    "endpoint": "InventariosSped",
    "route": "pages/fiscais/inventario-sped",
    "permission": "app.exportarSped"
  },
  "lote": {
    "endpoint": "Lotes",
    "route": "pages/estoque/lotes",
    "permission": "app.lote"
  },
  "marca": {
    "endpoint": "Marcas",
    "route": "pages/estoque/marcas",
    "permission": "app.produto"
  },
  "naturezaOperacao": {
    "endpoint": "NaturezasOperacao",
    "route": "pages/fiscais/natureza-operacao",
    "permission": "app.naturezaoperacao",
    "copy": true
  },
  "observacaoNota": {
    "endpoint": "ObservacoesNota",
    "route": "pages/fiscais/observacoes-nota",
    "permission": "app.informacoesNfe"
  },
  "operadorPdv": {
    "endpoint": "OperadoresPdv",
    "route": "pages/vendas/operador-pdv",
    "permission": "app.usuariopdv"
  },
  "parcela": {
    "endpoint": "Parcelas",
    "route": "pages/financeiro/lancamentos",
    "permission": "app.lancamento",
    "readOnly": true
  },
  "participanteSped": {
    "endpoint": "ParticipantesSped",
    "route": "pages/fiscais/participantes-sped",
    "permission": "app.exportarSped"
  },
  "pdv": {
    "endpoint": "Pdvs",
    "route": "pages/vendas/pdv",
    "permission": "app.pdv"
  },
  "perfil": {
    "endpoint": "Perfis",
    "route": "pages/configuracoes/perfil",
    "permission": "app.perfil"
  },
  "perfilTributario": {
    "endpoint": "PerfisTributarios",
    "route": "pages/configuracoes/perfil-tributario",
    "permission": "app.tributacaoncmproduto"
  },
  "precoHistorico": {
    "endpoint": "PrecosHistorico",
    "route": "pages/relatorios/estoque/produtos-alterados",
    "permission": "app.relatorioProduto",
    "readOnly": true
  },
  "produto": {
    "endpoint": "Produtos",
    "route": "pages/estoque/produtos",
    "permission": "app.produto",
    "copy": true
  },
  "promocao": {
    "endpoint": "Promocoes",
    "route": "pages/vendas/promocao",
    "permission": "app.promocao"
  },
  "servico": {
    "endpoint": "Servicos",
    "route": "pages/estoque/servicos",
    "permission": "app.produto",
    "copy": true
  },
  "solicitacaoReenvio": {
    "endpoint": "SolicitacoesReenvio",
    "route": "pages/configuracoes/solicitacao-reenvios",
    "permission": "app.cupomerro",
    "readOnly": true
  },
  "transferenciaFinanceira": {
    "endpoint": "TransferenciasFinanceiras",
    "route": "pages/financeiro/lancamentos/lista/transferencias",
    "permission": "app.lancamento",
    "readOnly": true
  },
  "transportador": {
    "endpoint": "Transportadores",
    "route": "pages/compras/transportadores",
    "permission": "app.transportadora"
  },
  "tributacaoEstadual": {
    "endpoint": "TributacoesEstaduais",
    "route": "pages/fiscais/tributacoes-estaduais",
    "permission": "app.tributacaoestadual"
  },
  "tributacaoFederal": {
    "endpoint": "TributacoesFederais",
    "route": "pages/fiscais/tributacoes-federais",
    "permission": "app.tributacaofederal"
  },
  "unidade": {
    "endpoint": "Unidades",
    "route": "pages/estoque/unidades",
    "permission": "app.produto"
  },
  "variacao": {
    "endpoint": "Variacoes",
    "route": "pages/estoque/variacoes",
    "permission": "app.produto"
  },
  "vendedor": {
    "endpoint": "Vendedores",
    "route": "pages/vendas/vendedores",
    "permission": "app.vendedor"
  }
} as const;
export type ResourceName = keyof typeof RESOURCES;
