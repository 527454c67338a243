/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */

/** A primeira página de cada lista (rota -> [endpoint, filtro]), como a grade a pede sem busca, filtro, ordem ou página na URL. */
export const FIRST_PAGES: Record<string, readonly [endpoint: string, filter: Record<string, unknown>]> = {
  "pages/compras/fornecedores": [
    "Fornecedores",
    {
      "order": "nome ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "nome",
        "cpfCnpj",
        "email",
        "telefone",
        "uf",
        "ativo"
      ]
    }
  ],
  "pages/compras/transportadores": [
    "Transportadores",
    {
      "order": "nome ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "nome",
        "cpfCnpj",
        "email",
        "telefone",
        "uf",
        "ativo"
      ]
    }
  ],
  "pages/configuracoes/cfop": [
    "Cfops",
    {
      "order": "cfop ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "cfop",
        "descricao",
        "ativo"
      ]
    }
  ],
  "pages/configuracoes/empresas": [
    "Empresas",
    {
      "order": "nome ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "nome",
        "apelido",
        "cpfCnpj",
        "inscricaoEstadual",
        "uf",
        "regimeTributario",
        "ativo"
      ]
    }
  ],
  "pages/configuracoes/formas-pagamento": [
    "FormasPagamentoPdv",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "tPag",
        "tef",
        "permiteTroco",
        "contaId",
        "ativo"
      ],
      "include": [
        {
          "relation": "conta"
        }
      ]
    }
  ],
  "pages/configuracoes/gateway-boleto/contas": [
    "ConfiguracoesBoleto",
    {
      "order": "banco ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "banco",
        "agencia",
        "conta",
        "carteira",
        "layoutCnab",
        "ativo"
      ]
    }
  ],
  "pages/configuracoes/perfil": [
    "Perfis",
    {
      "order": "nome ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "nome"
      ]
    }
  ],
  "pages/configuracoes/perfil-tributario": [
    "PerfisTributarios",
    {
      "order": "nome ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "nome",
        "ativo"
      ]
    }
  ],
  "pages/configuracoes/solicitacao-reenvios": [
    "SolicitacoesReenvio",
    {
      "order": "vendaId DESC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "vendaId",
        "estado",
        "resultado",
        "tentativas"
      ],
      "include": [
        {
          "relation": "venda"
        }
      ]
    }
  ],
  "pages/estoque/categorias": [
    "CategoriasProduto",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricaoCompleta",
        "descricao",
        "ativo"
      ]
    }
  ],
  "pages/estoque/depositos": [
    "Depositos",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "padrao",
        "ativo"
      ]
    }
  ],
  "pages/estoque/embalagens": [
    "Embalagens",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "produtoId",
        "descricao",
        "fator",
        "gtin",
        "ativo"
      ],
      "include": [
        {
          "relation": "produto"
        }
      ]
    }
  ],
  "pages/estoque/etiqueta": [
    "Etiquetas",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "tipo",
        "largura",
        "altura",
        "colunas",
        "linhas",
        "ativo"
      ]
    }
  ],
  "pages/estoque/lotes": [
    "Lotes",
    {
      "order": "validade ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "numero",
        "produtoId",
        "fabricacao",
        "validade",
        "ativo"
      ],
      "include": [
        {
          "relation": "produto"
        }
      ]
    }
  ],
  "pages/estoque/marcas": [
    "Marcas",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "ativo"
      ]
    }
  ],
  "pages/estoque/produtos": [
    "Produtos",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "codigo",
        "descricao",
        "gtin",
        "tipoProduto",
        "categoriaId",
        "ncm",
        "precoCusto",
        "precoVenda",
        "ativo"
      ],
      "include": [
        {
          "relation": "categoria"
        }
      ]
    }
  ],
  "pages/estoque/servicos": [
    "Servicos",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "codigo",
        "descricao",
        "tipoServico",
        "precoVenda",
        "ativo"
      ]
    }
  ],
  "pages/estoque/unidades": [
    "Unidades",
    {
      "order": "sigla ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "sigla",
        "descricao",
        "fracionavel",
        "ativo"
      ]
    }
  ],
  "pages/estoque/variacoes": [
    "Variacoes",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "modelo",
        "ativo"
      ]
    }
  ],
  "pages/financeiro/categorias-financeiro": [
    "CategoriasFinanceiras",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricaoCompleta",
        "descricao",
        "tipo",
        "ativo"
      ]
    }
  ],
  "pages/financeiro/centro-de-custo": [
    "CentrosCusto",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "ativo"
      ]
    }
  ],
  "pages/financeiro/contas": [
    "ContasFinanceiras",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "tipo",
        "banco",
        "agencia",
        "conta",
        "ativo"
      ]
    }
  ],
  "pages/financeiro/formas-pagamento-financeiro": [
    "FormasPagamentoFinanceiro",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "contaId",
        "diasCompensacao",
        "taxa",
        "ativo"
      ],
      "include": [
        {
          "relation": "conta"
        }
      ]
    }
  ],
  "pages/financeiro/lancamentos": [
    "Parcelas",
    {
      "order": "vencimento ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "vencimento",
        "descricao",
        "pessoaNome",
        "categoriaId",
        "contaId",
        "numero",
        "valor",
        "valorAberto",
        "status"
      ],
      "include": [
        {
          "relation": "categoria"
        },
        {
          "relation": "conta"
        }
      ]
    }
  ],
  "pages/financeiro/lancamentos/lista/baixas": [
    "Baixas",
    {
      "order": "data DESC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "data",
        "descricao",
        "numero",
        "contaId",
        "valor",
        "juros",
        "multa",
        "desconto",
        "estornada"
      ],
      "include": [
        {
          "relation": "conta"
        }
      ]
    }
  ],
  "pages/financeiro/lancamentos/lista/transferencias": [
    "TransferenciasFinanceiras",
    {
      "order": "data DESC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "data",
        "contaOrigemId",
        "contaDestinoId",
        "valor",
        "descricao"
      ],
      "include": [
        {
          "relation": "contaOrigem"
        },
        {
          "relation": "contaDestino"
        }
      ]
    }
  ],
  "pages/fiscais/conta-contabil-sped": [
    "ContasContabeisSped",
    {
      "order": "codigo ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "codigo",
        "nome",
        "natureza",
        "tipo",
        "nivel",
        "contaSuperiorId",
        "dataAlteracao"
      ],
      "include": [
        {
          "relation": "contaSuperior"
        }
      ]
    }
  ],
  "pages/fiscais/inventario-sped": [
    "InventariosSped",
    {
      "order": "dataInventario DESC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "dataInventario",
        "filialId",
        "produtoId",
        "quantidade",
        "unidade",
        "valorUnitario",
        "valorItem",
        "propriedade"
      ],
      "include": [
        {
          "relation": "filial"
        },
        {
          "relation": "produto"
        }
      ]
    }
  ],
  "pages/fiscais/natureza-operacao": [
    "NaturezasOperacao",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "tipo",
        "finalidade",
        "cfopEstadual",
        "cfopInterestadual",
        "ativo"
      ]
    }
  ],
  "pages/fiscais/observacoes-nota": [
    "ObservacoesNota",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "fisco",
        "ufDestino",
        "perfilTributarioId",
        "ativo"
      ],
      "include": [
        {
          "relation": "perfilTributario"
        }
      ]
    }
  ],
  "pages/fiscais/participantes-sped": [
    "ParticipantesSped",
    {
      "order": "nome ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "codigo",
        "nome",
        "cpfCnpj",
        "inscricaoEstadual",
        "uf",
        "ativo"
      ]
    }
  ],
  "pages/fiscais/tributacoes-estaduais": [
    "TributacoesEstaduais",
    {
      "order": "vigenciaInicio DESC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "perfilTributarioId",
        "ufOrigem",
        "ufDestino",
        "cstIcms",
        "csosn",
        "aliquotaIcms",
        "vigenciaInicio",
        "observacao"
      ],
      "include": [
        {
          "relation": "perfilTributario"
        }
      ]
    }
  ],
  "pages/fiscais/tributacoes-federais": [
    "TributacoesFederais",
    {
      "order": "vigenciaInicio DESC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "perfilTributarioId",
        "cstIpi",
        "cstPis",
        "aliquotaPis",
        "cstCofins",
        "aliquotaCofins",
        "vigenciaInicio",
        "observacao"
      ],
      "include": [
        {
          "relation": "perfilTributario"
        }
      ]
    }
  ],
  "pages/relatorios/estoque/produtos-alterados": [
    "PrecosHistorico",
    {
      "order": "dataAlteracao DESC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "dataAlteracao",
        "produtoCodigo",
        "produtoDescricao",
        "precoAnterior",
        "precoNovo",
        "diferencaPercentual",
        "origem",
        "alteracao",
        "usuario"
      ]
    }
  ],
  "pages/vendas/clientes": [
    "Clientes",
    {
      "order": "nome ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "nome",
        "cpfCnpj",
        "email",
        "telefone",
        "limiteCredito",
        "uf",
        "ativo"
      ]
    }
  ],
  "pages/vendas/contatos-comerciais": [
    "ContatosComerciais",
    {
      "order": "nome ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "nome",
        "pessoaId",
        "fornecedorId",
        "cargo",
        "telefone",
        "email",
        "proximoContato",
        "ativo"
      ],
      "include": [
        {
          "relation": "pessoa"
        },
        {
          "relation": "fornecedor"
        }
      ]
    }
  ],
  "pages/vendas/cupom-erro": [
    "CuponsErro",
    {
      "order": "emitidaEm DESC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "emitidaEm",
        "pdvId",
        "operadorId",
        "total",
        "motivo"
      ],
      "include": [
        {
          "relation": "pdv"
        },
        {
          "relation": "operador"
        }
      ]
    }
  ],
  "pages/vendas/cupom-fiscal": [
    "CuponsFiscais",
    {
      "order": "emitidaEm DESC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "numero",
        "serie",
        "emitidaEm",
        "pdvId",
        "cpfCnpj",
        "total",
        "situacao",
        "motivo"
      ],
      "include": [
        {
          "relation": "pdv"
        }
      ]
    }
  ],
  "pages/vendas/grupo-usuario-pdv": [
    "GruposUsuarioPdv",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "descontoMaximo",
        "podeCancelar",
        "podeAbrirGaveta",
        "ativo"
      ]
    }
  ],
  "pages/vendas/operador-pdv": [
    "OperadoresPdv",
    {
      "order": "nome ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "codigo",
        "nome",
        "grupoId",
        "bloqueado",
        "ativo"
      ],
      "include": [
        {
          "relation": "grupo"
        }
      ]
    }
  ],
  "pages/vendas/pdv": [
    "Pdvs",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "filialId",
        "depositoId",
        "serieNfce",
        "larguraImpressora",
        "ativo"
      ],
      "include": [
        {
          "relation": "filial"
        },
        {
          "relation": "deposito"
        }
      ]
    }
  ],
  "pages/vendas/promocao": [
    "Promocoes",
    {
      "order": "descricao ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "descricao",
        "tipo",
        "produtoId",
        "categoriaId",
        "dataInicio",
        "dataFim",
        "ativo"
      ],
      "include": [
        {
          "relation": "produto"
        },
        {
          "relation": "categoria"
        }
      ]
    }
  ],
  "pages/vendas/vendedores": [
    "Vendedores",
    {
      "order": "nome ASC",
      "limit": 20,
      "skip": 0,
      "fields": [
        "id",
        "nome",
        "cpf",
        "email",
        "comissao",
        "ativo"
      ]
    }
  ]
};
