/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */

/** Alíquotas do IBS e da CBS por ano */
export const ALIQUOTA_IBS_CBS = [
  {
    "value": "2026-01-01",
    "label": "2026 (ano de teste)",
    "vigenciaFim": "2026-12-31",
    "pCBS": "0.90",
    "pIBSUF": "0.10",
    "pIBSMun": "0.00",
    "fonte": "EC 132/2023 (ADCT art. 125) e LC 214/2025: em 2026 CBS 0,9 % e IBS 0,1 % (IBS todo da UF), conforme a issue 39 (fontes públicas de outubro de 2026)"
  },
  {
    "value": "2027-01-01",
    "label": "2027-2028",
    "vigenciaFim": "2028-12-31",
    "pCBS": null,
    "pIBSUF": "0.05",
    "pIBSMun": "0.05",
    "fonte": "Issue 39 (fontes públicas de outubro de 2026): IBS 0,05 % UF + 0,05 % municipal; CBS à alíquota de referência",
    "observacao": "A alíquota de referência da CBS de 2027 não consta em ../shared/fiscal (nem na NT 2025.002 v1.51): deixada em branco até ser publicada. Sem ela a CBS de 2027 não é calculada e o cálculo avisa."
  }
] as const;
export type AliquotaIbsCbs = "2026-01-01" | "2027-01-01";

/** Alíquotas de ICMS */
export const ALIQUOTA_ICMS = [
  {
    "value": 0,
    "label": "0%"
  },
  {
    "value": 4,
    "label": "4%"
  },
  {
    "value": 7,
    "label": "7%"
  },
  {
    "value": 8.4,
    "label": "8,4%"
  },
  {
    "value": 12,
    "label": "12%"
  },
  {
    "value": 17,
    "label": "17%"
  },
  {
    "value": 18,
    "label": "18%"
  },
  {
    "value": 19,
    "label": "19%"
  },
  {
    "value": 19.5,
    "label": "19,5%"
  },
  {
    "value": 20,
    "label": "20%"
  },
  {
    "value": 20.5,
    "label": "20,5%"
  },
  {
    "value": 21,
    "label": "21%"
  },
  {
    "value": 22,
    "label": "22%"
  },
  {
    "value": 25,
    "label": "25%"
  },
  {
    "value": 29,
    "label": "29%"
  }
] as const;
export type AliquotaIcms = 0 | 4 | 7 | 8.4 | 12 | 17 | 18 | 19 | 19.5 | 20 | 20.5 | 21 | 22 | 25 | 29;

/** Conteúdo do código de balança */
export const BALANCA_PDV = [
  {
    "value": "preco",
    "label": "Preço"
  },
  {
    "value": "peso",
    "label": "Peso"
  }
] as const;
export type BalancaPdv = "preco" | "peso";

/** Banco */
export const BANCO_BOLETO = [
  {
    "value": "001",
    "label": "001 - Banco do Brasil"
  },
  {
    "value": "033",
    "label": "033 - Santander"
  },
  {
    "value": "104",
    "label": "104 - Caixa"
  },
  {
    "value": "237",
    "label": "237 - Bradesco"
  },
  {
    "value": "341",
    "label": "341 - Itaú"
  },
  {
    "value": "756",
    "label": "756 - Sicoob"
  }
] as const;
export type BancoBoleto = "001" | "033" | "104" | "237" | "341" | "756";

/** Bandeira do cartão (tBand) */
export const BANDEIRA_CARTAO = [
  {
    "value": "01",
    "label": "Visa"
  },
  {
    "value": "02",
    "label": "Mastercard"
  },
  {
    "value": "03",
    "label": "American Express"
  },
  {
    "value": "04",
    "label": "Sorocred"
  },
  {
    "value": "05",
    "label": "Diners Club"
  },
  {
    "value": "06",
    "label": "Elo"
  },
  {
    "value": "07",
    "label": "Hipercard"
  },
  {
    "value": "08",
    "label": "Aura"
  },
  {
    "value": "09",
    "label": "Cabal"
  },
  {
    "value": "10",
    "label": "Alelo"
  },
  {
    "value": "11",
    "label": "Banes Card"
  },
  {
    "value": "12",
    "label": "CalCard"
  },
  {
    "value": "13",
    "label": "Credz"
  },
  {
    "value": "14",
    "label": "Discover"
  },
  {
    "value": "15",
    "label": "GoodCard"
  },
  {
    "value": "16",
    "label": "GreenCard"
  },
  {
    "value": "17",
    "label": "Hiper"
  },
  {
    "value": "18",
    "label": "JCB"
  },
  {
    "value": "19",
    "label": "Mais"
  },
  {
    "value": "20",
    "label": "MaxVan"
  },
  {
    "value": "21",
    "label": "Policard"
  },
  {
    "value": "22",
    "label": "RedeCompras"
  },
  {
    "value": "23",
    "label": "Sodexo"
  },
  {
    "value": "24",
    "label": "ValeCard"
  },
  {
    "value": "25",
    "label": "Verocheque"
  },
  {
    "value": "26",
    "label": "VR"
  },
  {
    "value": "27",
    "label": "Ticket"
  },
  {
    "value": "99",
    "label": "Outros"
  }
] as const;
export type BandeiraCartao = "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "10" | "11" | "12" | "13" | "14" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "23" | "24" | "25" | "26" | "27" | "99";

/** Classificação tributária do IBS e da CBS (cClassTrib) */
export const C_CLASS_TRIB = [
  {
    "value": "000001",
    "label": "000001 - Situações tributadas integralmente pelo IBS e CBS",
    "cst": "000",
    "tipoAliquota": "Padrão",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "000002",
    "label": "000002 - Exploração de via",
    "cst": "000",
    "tipoAliquota": "Padrão",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": "90111"
  },
  {
    "value": "000003",
    "label": "000003 - Regime automotivo - projetos incentivados (art. 311)",
    "cst": "000",
    "tipoAliquota": "Padrão",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": true,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "000004",
    "label": "000004 - Regime automotivo - projetos incentivados (art. 312)",
    "cst": "000",
    "tipoAliquota": "Padrão",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": true,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "000005",
    "label": "000005 - Operação com EAC destinado à mistura com gasolina A, mas com saída do biocombustível com destinação diversa",
    "cst": "000",
    "tipoAliquota": "Padrão",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "010001",
    "label": "010001 - Operações do FGTS não realizadas pela Caixa Econômica Federal",
    "cst": "010",
    "tipoAliquota": "Uniforme setorial",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "010002",
    "label": "010002 - Operações do serviço financeiro",
    "cst": "010",
    "tipoAliquota": "Uniforme setorial",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "011001",
    "label": "011001 - Planos de assistência funerária",
    "cst": "011",
    "tipoAliquota": "Uniforme nacional (referência)",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "011002",
    "label": "011002 - Planos de assistência à saúde",
    "cst": "011",
    "tipoAliquota": "Uniforme nacional (referência)",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "011003",
    "label": "011003 - Intermediação de planos de assistência à saúde",
    "cst": "011",
    "tipoAliquota": "Uniforme nacional (referência)",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "92401"
  },
  {
    "value": "011004",
    "label": "011004 - Concursos e prognósticos",
    "cst": "011",
    "tipoAliquota": "Uniforme nacional (referência)",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "011005",
    "label": "011005 - Planos de assistência à saúde de animais domésticos",
    "cst": "011",
    "tipoAliquota": "Uniforme nacional (referência)",
    "pRedIBS": "30",
    "pRedCBS": "30",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "200001",
    "label": "200001 - Serviços de transporte de bens até as zonas de processamento de exportação e bens exportados a partir das zonas de processamento de exportação",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "3",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "200002",
    "label": "200002 - Fornecimento ou importação para produtor rural não contribuinte ou TAC",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": null
  },
  {
    "value": "200003",
    "label": "200003 - Vendas de produtos destinados à alimentação humana (Anexo I)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": "1"
  },
  {
    "value": "200004",
    "label": "200004 - Fornecimento de dispositivos médicos (Anexo XII)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": "12"
  },
  {
    "value": "200005",
    "label": "200005 - Fornecimento de dispositivos médicos para órgãos da administração pública e entidades de saúde imunes (Anexo IV)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": "4"
  },
  {
    "value": "200006",
    "label": "200006 - Situação de emergência de saúde pública reconhecida pelo Poder público",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "200007",
    "label": "200007 - Fornecimento dos dispositivos de acessibilidade próprios para pessoas com deficiência (Anexo XIII)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": "13"
  },
  {
    "value": "200008",
    "label": "200008 - Fornecimento dos dispositivos de acessibilidade próprios para pessoas com deficiência adquiridos por órgãos da administração pública (Anexo V)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": "5"
  },
  {
    "value": "200009",
    "label": "200009 - Fornecimento dos medicamentos registrados na Anvisa",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": null
  },
  {
    "value": "200010",
    "label": "200010 - Fornecimento dos medicamentos registrados na Anvisa, adquiridos por órgãos da administração pública",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": null
  },
  {
    "value": "200011",
    "label": "200011 - Fornecimento das composições para nutrição enteral e parenteral quando adquiridas por órgãos da administração pública (Anexo VI)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": "6"
  },
  {
    "value": "200012",
    "label": "200012 - Situação de emergência de saúde pública reconhecida pelo Poder público",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": null
  },
  {
    "value": "200013",
    "label": "200013 - Fornecimento de tampões higiênicos, absorventes higiênicos internos ou externos",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": "91471"
  },
  {
    "value": "200014",
    "label": "200014 - Fornecimento dos produtos hortícolas, frutas e ovos (Anexo XV)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": "15"
  },
  {
    "value": "200015",
    "label": "200015 - Venda de automóveis de passageiros de fabricação nacional adquiridos por motoristas profissionais ou pessoas com deficiência",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": null
  },
  {
    "value": "200016",
    "label": "200016 - Prestação de serviços de pesquisa e desenvolvimento por Instituição Científica, Tecnológica e de Inovação (ICT)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "91561"
  },
  {
    "value": "200017",
    "label": "200017 - Operações relacionadas ao FGTS",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "200018",
    "label": "200018 - Operações de resseguro e retrocessão",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "200019",
    "label": "200019 - Importador dos serviços financeiros contribuinte",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "200020",
    "label": "200020 - Operação praticada por sociedades cooperativas optantes por regime específico do IBS e CBS",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "200021",
    "label": "200021 - Serviços de transporte público coletivo de passageiros ferroviário e hidroviário",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "200022",
    "label": "200022 - Operação originada fora da ZFM que destine bem material industrializado a contribuinte estabelecido na ZFM",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "200023",
    "label": "200023 - Operação realizada por indústria incentivada que destine bem material intermediário para outra indústria incentivada na ZFM",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "200024",
    "label": "200024 - Operação originada fora das Áreas de Livre Comércio destinadas a contribuinte estabelecido nas Áreas de Livre Comércio",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "200025",
    "label": "200025 - Fornecimento dos serviços de educação relacionados ao Programa Universidade para Todos (Prouni)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "93081"
  },
  {
    "value": "200026",
    "label": "200026 - Locação de imóveis localizados nas zonas reabilitadas",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "80",
    "pRedCBS": "80",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "91581"
  },
  {
    "value": "200027",
    "label": "200027 - Operações de locação, cessão onerosa e arrendamento de bens imóveis",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "70",
    "pRedCBS": "70",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "92611"
  },
  {
    "value": "200028",
    "label": "200028 - Fornecimento dos serviços de educação (Anexo II)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "2"
  },
  {
    "value": "200029",
    "label": "200029 - Fornecimento dos serviços de saúde humana (Anexo III)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "3"
  },
  {
    "value": "200030",
    "label": "200030 - Venda dos dispositivos médicos (Anexo IV)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": "4"
  },
  {
    "value": "200031",
    "label": "200031 - Fornecimento dos dispositivos de acessibilidade próprios para pessoas com deficiência (Anexo V)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": "5"
  },
  {
    "value": "200032",
    "label": "200032 - Fornecimento dos medicamentos registrados na Anvisa ou produzidos por farmácias de manipulação, ressalvados os medicamentos sujeitos à alíquota zero",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": null
  },
  {
    "value": "200033",
    "label": "200033 - Fornecimento das composições para nutrição enteral e parenteral (Anexo VI)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": "6"
  },
  {
    "value": "200034",
    "label": "200034 - Fornecimento dos alimentos destinados ao consumo humano (Anexo VII)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": "7"
  },
  {
    "value": "200035",
    "label": "200035 - Fornecimento dos produtos de higiene pessoal e limpeza (Anexo VIII)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": "8"
  },
  {
    "value": "200036",
    "label": "200036 - Fornecimento de produtos agropecuários, aquícolas, pesqueiros, florestais e extrativistas vegetais in natura",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": null
  },
  {
    "value": "200037",
    "label": "200037 - Fornecimento de serviços ambientais de conservação ou recuperação da vegetação nativa",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "200038",
    "label": "200038 - Fornecimento dos insumos agropecuários e aquícolas (Anexo IX)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": "9"
  },
  {
    "value": "200039",
    "label": "200039 - Fornecimento dos bens e serviços relacionados com produções nacionais artísticas, culturais, de eventos, jornalísticas e audiovisuais (Anexo X)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": "10"
  },
  {
    "value": "200040",
    "label": "200040 - Fornecimento de serviços de comunicação institucional à administração pública",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "200041",
    "label": "200041 - Fornecimento de serviço de educação desportiva (art. 141. I)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "91411"
  },
  {
    "value": "200042",
    "label": "200042 - Fornecimento de serviço de gestão e exploração do desporto (art. 141. II)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "200043",
    "label": "200043 - Fornecimento à administração pública dos serviços e dos bens relativos à soberania (Anexo XI)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": "11"
  },
  {
    "value": "200044",
    "label": "200044 - Operações e prestações de serviços de segurança da informação e segurança cibernética desenvolvidos por sociedade que tenha sócio brasileiro (Anexo XI)",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "11"
  },
  {
    "value": "200045",
    "label": "200045 - Operações relacionadas a projetos de reabilitação urbana de zonas históricas e de áreas críticas de recuperação e reconversão urbanística",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "200046",
    "label": "200046 - Operações com bens imóveis",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "50",
    "pRedCBS": "50",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "200047",
    "label": "200047 - Bares e Restaurantes",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "40",
    "pRedCBS": "40",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": null
  },
  {
    "value": "200048",
    "label": "200048 - Hotelaria, Parques de Diversão e Parques Temáticos",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "40",
    "pRedCBS": "40",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "92811"
  },
  {
    "value": "200049",
    "label": "200049 - Transporte coletivo de passageiros rodoviário, ferroviário e hidroviário",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "40",
    "pRedCBS": "40",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "200050",
    "label": "200050 - Serviços de transporte aéreo regional coletivo de passageiros ou de carga",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "40",
    "pRedCBS": "40",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "200051",
    "label": "200051 - Agências de Turismo",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "40",
    "pRedCBS": "40",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "200052",
    "label": "200052 - Prestação de serviços de profissões intelectuais",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "30",
    "pRedCBS": "30",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "91271"
  },
  {
    "value": "200053",
    "label": "200053 - Fornecimento de medicamentos registrados na Anvisa, quando classificados como soros ou vacinas",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": null
  },
  {
    "value": "200054",
    "label": "200054 - Fornecimento de bem material pela cooperativa de produção agropecuária a associado não sujeito ao regime regular do IBS e da CBS",
    "cst": "200",
    "tipoAliquota": "Padrão",
    "pRedIBS": "100",
    "pRedCBS": "100",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": true,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "220001",
    "label": "220001 - Incorporação imobiliária submetida ao regime especial de tributação",
    "cst": "220",
    "tipoAliquota": "Fixa",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": "2026-01-01",
    "modelos": [],
    "anexo": null
  },
  {
    "value": "220002",
    "label": "220002 - Incorporação imobiliária submetida ao regime especial de tributação",
    "cst": "220",
    "tipoAliquota": "Fixa",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": "2026-01-01",
    "modelos": [],
    "anexo": null
  },
  {
    "value": "220003",
    "label": "220003 - Alienação de imóvel decorrente de parcelamento do solo",
    "cst": "220",
    "tipoAliquota": "Fixa",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": "2026-01-01",
    "modelos": [],
    "anexo": null
  },
  {
    "value": "221001",
    "label": "221001 - Locação, cessão onerosa ou arrendamento de bem imóvel com alíquota sobre a receita bruta",
    "cst": "221",
    "tipoAliquota": "Fixa",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "94871"
  },
  {
    "value": "221002",
    "label": "221002 - Incorporação imobiliária submetida ao regime especial de tributação",
    "cst": "221",
    "tipoAliquota": "Fixa",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "221003",
    "label": "221003 - Incorporação imobiliária submetida ao regime especial de tributação",
    "cst": "221",
    "tipoAliquota": "Fixa",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "221004",
    "label": "221004 - Alienação de imóvel decorrente de parcelamento do solo",
    "cst": "221",
    "tipoAliquota": "Fixa",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "222001",
    "label": "222001 - Transporte internacional de passageiros, caso os trechos de ida e volta sejam vendidos em conjunto",
    "cst": "222",
    "tipoAliquota": "Padrão",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "5",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "400001",
    "label": "400001 - Fornecimento de serviços de transporte público coletivo de passageiros rodoviário e metroviário",
    "cst": "400",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "400002",
    "label": "400002 - Fornecimento de serviços de transporte público coletivo de passageiros rodoviário e metroviário com medição por quilômetro rodado",
    "cst": "400",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "410001",
    "label": "410001 - Fornecimento de bonificações quando constem no documento fiscal e que não dependam de evento posterior",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410002",
    "label": "410002 - Transferências entre estabelecimentos pertencentes ao mesmo contribuinte",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "410003",
    "label": "410003 - Doações sem contraprestação em benefício do doador",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410004",
    "label": "410004 - Exportações de bens e serviços",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "3",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410005",
    "label": "410005 - Fornecimentos realizados pela União, pelos Estados, pelo Distrito Federal e pelos Municípios",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410006",
    "label": "410006 - Fornecimentos realizados por entidades religiosas e templos de qualquer culto",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410007",
    "label": "410007 - Fornecimentos realizados por partidos políticos, entidades sindicais e instituições de educação e de assistência social",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410008",
    "label": "410008 - Fornecimentos de livros, jornais, periódicos e do papel destinado a sua impressão",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "2",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410009",
    "label": "410009 - Fornecimentos de fonogramas e videofonogramas musicais produzidos no Brasil",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "2",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410010",
    "label": "410010 - Fornecimentos de serviço de comunicação nas modalidades de radiodifusão sonora e de sons e imagens de recepção livre e gratuita",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "2",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410011",
    "label": "410011 - Fornecimentos de ouro, quando definido em lei como ativo financeiro ou instrumento cambial",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "2",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "410012",
    "label": "410012 - Fornecimento de condomínio edilício não optante pelo regime regular",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410013",
    "label": "410013 - Exportações de combustíveis",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "3",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "410014",
    "label": "410014 - Fornecimento de produtor rural não contribuinte",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": true,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410015",
    "label": "410015 - Fornecimento por transportador autônomo não contribuinte",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410016",
    "label": "410016 - Fornecimento ou aquisição de resíduos sólidos",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": true,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "410017",
    "label": "410017 - Aquisição de bem móvel com crédito presumido sob condição de revenda realizada",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "410018",
    "label": "410018 - Operações relacionadas aos fundos garantidores e executores de políticas públicas",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "410019",
    "label": "410019 - Exclusão da gorjeta na base de cálculo no fornecimento de alimentação",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": null
  },
  {
    "value": "410020",
    "label": "410020 - Exclusão do valor de intermediação na base de cálculo no fornecimento de alimentação",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": null
  },
  {
    "value": "410021",
    "label": "410021 - Contribuição de que trata o art. 149-A da Constituição Federal",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "410022",
    "label": "410022 - Consolidação da propriedade do bem pelo credor",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "410023",
    "label": "410023 - Alienação de bens móveis ou imóveis que tenham sido objeto de garantia em que o prestador da garantia não seja contribuinte",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "410024",
    "label": "410024 - Consolidação da propriedade do bem pelo grupo de consórcio",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "410025",
    "label": "410025 - Alienação de bem que tenha sido objeto de garantia em que o prestador da garantia não seja contribuinte",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "410026",
    "label": "410026 - Doação com anulação de crédito",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": true,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410027",
    "label": "410027 - Exportação de serviço ou de bem imaterial",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "3",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410028",
    "label": "410028 - Operações com bens imóveis realizadas por pessoas físicas não consideradas contribuintes",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410029",
    "label": "410029 - Operações acobertadas somente pelo ICMS",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": null
  },
  {
    "value": "410030",
    "label": "410030 - Estorno de crédito por perecimento, deteriorização, roubo, furto ou extravio",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": true,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "410031",
    "label": "410031 - Fornecimento em período anterior ao início de vigência de incidências de CBS e IBS",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "410032",
    "label": "410032 - Tributos incidentes na operação que não integram a base de cálculo do IBS e da CBS",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "410033",
    "label": "410033 - Operações de Fundos de Investimento Imobiliário (FII) e Fundos de Investimento nas Cadeias Produtivas do Agronegócio (Fiagro)",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410034",
    "label": "410034 - Operações de fundos de investimento",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "410035",
    "label": "410035 - Fornecimento realizado por nanoempreendedor",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "410036",
    "label": "410036 - Descontos incondicionais",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "410037",
    "label": "410037 - Importação os bens materiais sem incidência de IBS e CBS",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "410999",
    "label": "410999 - Operações não onerosas sem previsão de tributação, não especificadas anteriormente",
    "cst": "410",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "510001",
    "label": "510001 - Operações, sujeitas a diferimento, com energia elétrica, relativas à importação, geração, comercialização, distribuição e transmissão",
    "cst": "510",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "2",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": "90281"
  },
  {
    "value": "515001",
    "label": "515001 - Operações, sujeitas a diferimento, com insumos agropecuários e aquícolas (Anexo IX)",
    "cst": "515",
    "tipoAliquota": "Padrão",
    "pRedIBS": "60",
    "pRedCBS": "60",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": "9"
  },
  {
    "value": "550001",
    "label": "550001 - Exportações de bens materiais",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "4",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550002",
    "label": "550002 - Regime de Trânsito",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "550003",
    "label": "550003 - Regimes de Depósito (art. 85)",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550004",
    "label": "550004 - Regimes de Depósito (art. 87)",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "4",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550005",
    "label": "550005 - Regimes de Depósito (art. 87, Parágrafo único)",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "4",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550006",
    "label": "550006 - Regimes de Permanência Temporária",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550007",
    "label": "550007 - Regimes de Aperfeiçoamento",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550008",
    "label": "550008 - Importação de bens para o Regime de Repetro-Temporário",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550009",
    "label": "550009 - GNL-Temporário",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550010",
    "label": "550010 - Repetro-Permanente",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550011",
    "label": "550011 - Repetro-Industrialização",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550012",
    "label": "550012 - Repetro-Nacional",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550013",
    "label": "550013 - Repetro-Entreposto",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550014",
    "label": "550014 - Zona de Processamento de Exportação",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "4",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550015",
    "label": "550015 - Regime Tributário para Incentivo à Modernização e à Ampliação da Estrutura Portuária",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550016",
    "label": "550016 - Regime Especial de Incentivos para o Desenvolvimento da Infraestrutura",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "550017",
    "label": "550017 - Regime Tributário para Incentivo à Atividade Naval - Renaval (Art. 107, I)",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550018",
    "label": "550018 - Desoneração da aquisição de bens de capital",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550019",
    "label": "550019 - Importação de bem material por indústria incentivada para utilização na ZFM",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550020",
    "label": "550020 - Áreas de livre comércio",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550021",
    "label": "550021 - Industrialização destinada a exportações",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "4",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550022",
    "label": "550022 - Regime Especial de Incentivos para a Produção de Hidrogênio de Baixa Emissão de Carbono (Rehidro)",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "550023",
    "label": "550023 - Operações com hidrocarbonetos líquidos derivados de petróleo não combustíveis ou de gás natural, inclusive nafta",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "550024",
    "label": "550024 - Regime Tributário para Incentivo à Atividade Naval - Renaval (Art. 107, II)",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "550025",
    "label": "550025 - Regime Tributário para Incentivo à Atividade Naval - Renaval (Art. 107, III)",
    "cst": "550",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": true,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "1",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "620001",
    "label": "620001 - Tributação monofásica sobre combustíveis",
    "cst": "620",
    "tipoAliquota": "Uniforme setorial",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": true,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": "91721"
  },
  {
    "value": "620002",
    "label": "620002 - Tributação monofásica com responsabilidade pela retenção sobre combustíveis",
    "cst": "620",
    "tipoAliquota": "Uniforme setorial",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": true,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": "91722"
  },
  {
    "value": "620003",
    "label": "620003 - Tributação monofásica com responsabilidade de retenção de tributos por terceiros",
    "cst": "620",
    "tipoAliquota": "Uniforme setorial",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": "91723"
  },
  {
    "value": "620004",
    "label": "620004 - Tributação monofásica sobre mistura de EAC com gasolina A em percentual superior ao obrigatório",
    "cst": "620",
    "tipoAliquota": "Uniforme setorial",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": "91724"
  },
  {
    "value": "620005",
    "label": "620005 - Tributação monofásica sobre mistura de EAC com gasolina A em percentual inferior ao obrigatório",
    "cst": "620",
    "tipoAliquota": "Uniforme setorial",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": "91725"
  },
  {
    "value": "620006",
    "label": "620006 - Tributação monofásica sobre combustíveis cobrada anteriormente",
    "cst": "620",
    "tipoAliquota": "Uniforme setorial",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "2",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "65"
    ],
    "anexo": "91726"
  },
  {
    "value": "620007",
    "label": "620007 - Perecimento, deteriorização, roubo, furto ou extravio no regime monofásico",
    "cst": "620",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "800001",
    "label": "800001 - Fusão, cisão ou incorporação",
    "cst": "800",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "800002",
    "label": "800002 - Transferência de crédito do associado, inclusive as cooperativas singulares",
    "cst": "800",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "810001",
    "label": "810001 - Crédito presumido de IBS sobre o valor apurado nos fornecimentos a partir da ZFM",
    "cst": "810",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  },
  {
    "value": "811001",
    "label": "811001 - Anulação de Crédito por Saídas Imunes/Isentas",
    "cst": "811",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "811002",
    "label": "811002 - Débitos de notas fiscais não processadas na apuração",
    "cst": "811",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "811003",
    "label": "811003 - Desenquadramento do Simples Nacional",
    "cst": "811",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55",
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "820001",
    "label": "820001 - Documento com informações de fornecimento de serviços de planos de assistência à saúde elencados no art. 234 da Lei Complementar nº214, de 2025",
    "cst": "820",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "92341"
  },
  {
    "value": "820002",
    "label": "820002 - Documento com informações de fornecimento de serviços de planos de assistência funerária",
    "cst": "820",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "92361"
  },
  {
    "value": "820003",
    "label": "820003 - Documento com informações de fornecimento de serviços de planos de assistência à saúde de animais domésticos",
    "cst": "820",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "92431"
  },
  {
    "value": "820004",
    "label": "820004 - Documento com informações de prestação de serviços de consursos de prognósticos",
    "cst": "820",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "820005",
    "label": "820005 - Documento com informações de alienação de bens imóveis",
    "cst": "820",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "820006",
    "label": "820006 - Documento com informações de fornecimento de serviços de exploração de via",
    "cst": "820",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "90111"
  },
  {
    "value": "820007",
    "label": "820007 - Documento com informações de fornecimento de serviços financeiros",
    "cst": "820",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "9",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": "91811"
  },
  {
    "value": "820008",
    "label": "820008 - Documento com informações de fornecimento de serviço continuado, mas com tributação realizada em fatura anterior",
    "cst": "820",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [],
    "anexo": null
  },
  {
    "value": "820009",
    "label": "820009 - Cobrança relativa a fornecimentos declarados em outro documento",
    "cst": "820",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "NFSe"
    ],
    "anexo": null
  },
  {
    "value": "830001",
    "label": "830001 - Documento com exclusão da BC da CBS e do IBS de energia elétrica fornecida pela distribuidora à UC",
    "cst": "830",
    "tipoAliquota": "Sem alíquota",
    "pRedIBS": "0",
    "pRedCBS": "0",
    "gTribRegular": false,
    "gCredPresOper": false,
    "gMonoPadrao": false,
    "gEstornoCred": false,
    "tpRBSN": "0",
    "dIniVig": "2026-01-01",
    "dFimVig": null,
    "modelos": [
      "55"
    ],
    "anexo": null
  }
] as const;
export type CClassTrib = "000001" | "000002" | "000003" | "000004" | "000005" | "010001" | "010002" | "011001" | "011002" | "011003" | "011004" | "011005" | "200001" | "200002" | "200003" | "200004" | "200005" | "200006" | "200007" | "200008" | "200009" | "200010" | "200011" | "200012" | "200013" | "200014" | "200015" | "200016" | "200017" | "200018" | "200019" | "200020" | "200021" | "200022" | "200023" | "200024" | "200025" | "200026" | "200027" | "200028" | "200029" | "200030" | "200031" | "200032" | "200033" | "200034" | "200035" | "200036" | "200037" | "200038" | "200039" | "200040" | "200041" | "200042" | "200043" | "200044" | "200045" | "200046" | "200047" | "200048" | "200049" | "200050" | "200051" | "200052" | "200053" | "200054" | "220001" | "220002" | "220003" | "221001" | "221002" | "221003" | "221004" | "222001" | "400001" | "400002" | "410001" | "410002" | "410003" | "410004" | "410005" | "410006" | "410007" | "410008" | "410009" | "410010" | "410011" | "410012" | "410013" | "410014" | "410015" | "410016" | "410017" | "410018" | "410019" | "410020" | "410021" | "410022" | "410023" | "410024" | "410025" | "410026" | "410027" | "410028" | "410029" | "410030" | "410031" | "410032" | "410033" | "410034" | "410035" | "410036" | "410037" | "410999" | "510001" | "515001" | "550001" | "550002" | "550003" | "550004" | "550005" | "550006" | "550007" | "550008" | "550009" | "550010" | "550011" | "550012" | "550013" | "550014" | "550015" | "550016" | "550017" | "550018" | "550019" | "550020" | "550021" | "550022" | "550023" | "550024" | "550025" | "620001" | "620002" | "620003" | "620004" | "620005" | "620006" | "620007" | "800001" | "800002" | "810001" | "811001" | "811002" | "811003" | "820001" | "820002" | "820003" | "820004" | "820005" | "820006" | "820007" | "820008" | "820009" | "830001";

/** Indicador da operação do IBS/CBS (cIndOp) */
export const C_IND_OP = [
  {
    "value": "010101",
    "label": "010101 - Bem Móvel Material: Presencial, com retirada no estabelecimento do fornecedor",
    "local": "Estabelecimento do fornecedor como o local da entrega ou disponibilização do bem ao destinatário",
    "lc214": "Art. 11, I",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "010102",
    "label": "010102 - Bem Móvel Material: Presencial, com retirada fora do estabelecimento do fornecedor",
    "local": "Local da realização da operação e sua retirada",
    "lc214": "Art. 11, I",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "010103",
    "label": "010103 - Bem Móvel Material: Não presencial, com entrega ou disponibilização em endereço fornecido",
    "local": "Endereço do destinatário fornecido para entrega ou disponibilização (assim considerado o destino final indicado pelo adquirente)",
    "lc214": "Art. 11, I e §1º, I",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "010104",
    "label": "010104 - Bem Móvel Material: Licitação promovida pelo poder público de bem apreendido ou abandonado ou leilão judicial",
    "local": "Local onde se encontra o bem móvel material",
    "lc214": "Art. 11, I e §1º, III, \"a\"",
    "nfe": true,
    "nfse": false
  },
  {
    "value": "010105",
    "label": "010105 - Bem Móvel Material: Constatação de irregularidade pela falta de documentação fiscal ou pelo acobertamento por documentação inidôneo",
    "local": "Local onde se encontra o bem móvel material (Local da retirada)",
    "lc214": "Art. 11, I e §1º, III, \"b\"",
    "nfe": true,
    "nfse": false
  },
  {
    "value": "010106",
    "label": "010106 - Bem Móvel Material: Locação de bem móvel material em aquisições realizadas de forma centralizada por contribuinte sujeito ao regime regular do IBS e da CBS que possui mais de um estabelecimento e que não estejam sujeitas a vedação à apropriação de créditos",
    "local": "Local do domicílio principal do adquirente (estabelecimento matriz)",
    "lc214": "Art. 11, I e §4º",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "010201",
    "label": "010201 - Aquisição de veículo automotor terrestre, aquático ou aéreo: Entrega ou disponibilização do bem",
    "local": "Domicílio principal do destinatário",
    "lc214": "Art. 11, I e §1º, II",
    "nfe": false,
    "nfse": false
  },
  {
    "value": "010202",
    "label": "010202 - Aquisição de veículo automotor em licitação promovida pelo poder público de bem apreendido ou abandonado ou leilão judicial: Entrega ou disponibilização do bem",
    "local": "Domicílio principal do destinatário",
    "lc214": "Art. 11, I e §1º, II",
    "nfe": false,
    "nfse": false
  },
  {
    "value": "020101",
    "label": "020101 - Operação com bem imóvel, bem imaterial, inclusive direito, relacionada a bem imóvel: Realização de operações com bem imóvel, bem imaterial, inclusive direito, relacionado a bem imóvel",
    "local": "Localidade do imóvel",
    "lc214": "Art. 11, II e §2º",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "020201",
    "label": "020201 - Serviço prestado fisicamente sobre bem imóvel: Execução de serviços diversos prestados fisicamente sobre bem imóvel",
    "local": "Localidade do imóvel",
    "lc214": "Art. 11, II e §2º",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "020202",
    "label": "020202 - Serviço prestado fisicamente sobre bem imóvel: Execução de serviços sobre Bens Imóveis de Características Especiais (BICE)",
    "local": "Localidade do imóvel",
    "lc214": "Art. 11, II e §2º",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "020301",
    "label": "020301 - Serviço de administração e intermediação de bem imóvel: Execução dos serviços de administração e intermediação de bens imóveis",
    "local": "Localidade do imóvel",
    "lc214": "Art. 11, II e §2º",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "020401",
    "label": "020401 - Serviços de locação, sublocação, arrendamento, direito de passagem ou permissão de uso, compartilhado ou não, de ferrovia, rodovia, postes, cabos, dutos e condutos de qualquer natureza: Execução de serviços sobre Bens Imóveis de Características Especiais (BICE)",
    "local": "Localidade do imóvel",
    "lc214": "Art. 11, II e §2º",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "030101",
    "label": "030101 - Serviço prestado fisicamente sobre a pessoa ou fruído presencialmente por pessoa física: Execução de serviços diversos exclusivamente prestados fisicamente sobre a pessoa ou integralmente fruídos presencialmente por pessoa física",
    "local": "Estabelecimento do fornecedor como local da prestação",
    "lc214": "Art. 11, III",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "030102",
    "label": "030102 - Serviço prestado fisicamente sobre a pessoa ou fruído presencialmente por pessoa física: Execução de serviços diversos exclusivamente prestados fisicamente sobre a pessoa ou integralmente fruídos presencialmente por pessoa física",
    "local": "Local da prestação do serviço diverso do estabelecimento do fornecedor",
    "lc214": "Art. 11, III",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "040101",
    "label": "040101 - Serviço de planejamento, organização e administração de feiras, exposições, congressos, espetáculos, exibições e congêneres: Execução de serviços de planejamento, organização e administração de feiras, exposições, congressos, espetáculos, exibições e congêneres",
    "local": "Local do evento a que se refere o serviço",
    "lc214": "Art. 11, IV",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "050101",
    "label": "050101 - Serviço prestado fisicamente sobre bem móvel material: Execução de serviços diversos prestados fisicamente sobre bem móvel material",
    "local": "Estabelecimento do fornecedor como local da prestação",
    "lc214": "Art. 11, V",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "050102",
    "label": "050102 - Serviço prestado fisicamente sobre bem móvel material: Execução de serviços diversos prestados fisicamente sobre bem móvel material",
    "local": "Local da prestação do serviço diverso do estabelecimento do fornecedor",
    "lc214": "Art. 11, V",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "050201",
    "label": "050201 - Serviços portuários: Execução de serviços portuários",
    "local": "Local do porto como local da prestação",
    "lc214": "Art. 11, V",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "060101",
    "label": "060101 - Serviço de transporte de passageiros: Execução de serviços de transporte de passageiros",
    "local": "Local de início do transporte",
    "lc214": "Art. 11, VI",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "070101",
    "label": "070101 - Serviço de transporte de carga: Execução de serviço de transporte de carga",
    "local": "Endereço fornecido para entrega do bem",
    "lc214": "Art. 11, VII",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "070102",
    "label": "070102 - Serviço de transporte de carga: Execução de serviço de transporte de carga",
    "local": "Local da retirada do bem",
    "lc214": "Art. 11, VII",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "080101",
    "label": "080101 - Serviço de exploração de via: Execução de serviços de exploração de via",
    "local": "Local da prestação correspondente à extensão da via explorada, proporcionalmente ao território dos entes tributantes",
    "lc214": "Art. 11, VIII",
    "nfe": false,
    "nfse": false
  },
  {
    "value": "090101",
    "label": "090101 - Serviço de telefonia fixa e demais serviços de comunicação prestados por meio de cabos, fios, fibras e meios similares: Execução de serviços de telefonia fixa e demais serviços de comunicação prestados por meio de cabos, fios, fibras e meios similares",
    "local": "Local de instalação do terminal",
    "lc214": "Art. 11, IX",
    "nfe": false,
    "nfse": false
  },
  {
    "value": "090102",
    "label": "090102 - Serviço de telefonia fixa e demais serviços de comunicação prestados por meio de cabos, fios, fibras e meios similares: Execução de serviços de telefonia fixa e demais serviços de comunicação prestados por meio de cabos, fios, fibras e meios similares",
    "local": "Local do domicílio principal do adquirente (assim considerada a matriz), nas aquisições realizadas de forma centralizada por contribuinte sujeito ao regime regular do IBS e da CBS que possui mais de um estabelecimento e que não estejam sujeitas a vedação à apropriação de créditos",
    "lc214": "Art. 11, IX e §4º, I e II",
    "nfe": false,
    "nfse": false
  },
  {
    "value": "100101",
    "label": "100101 - Cessão de espaço para prestação de serviços publicitários, em operações onerosas: Realização de operações de cessão de espaço para prestação de serviços publicitários",
    "local": "Local do domicílio principal do adquirente residente ou domiciliado no País. Nas aquisições indicadas no art. 11, §4º, II, considera-se domicílio principal do adquirente o estabelecimento matriz",
    "lc214": "Art. 11, X, \"a\", 1 e §º 11",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "100102",
    "label": "100102 - Cessão de espaço para prestação de serviços publicitários, em operações onerosas: Realização de operações de cessão de espaço para prestação de serviços publicitários",
    "local": "Local do domicílio principal do destinatário residente ou domiciliado no País, caso o adquirente não seja residente ou domiciliado no País",
    "lc214": "Art. 11, X, \"a\", 2 e §º11",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "100201",
    "label": "100201 - Cessão de espaço para prestação de serviços publicitários, em operações não onerosas: Realização de operações de cessão de espaço para prestação de serviços publicitários",
    "local": "local do domicílio principal do destinatário residente ou domiciliado no País",
    "lc214": "Art. 11, X, \"b\" e §º11",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "100301",
    "label": "100301 - Demais serviços, em operações onerosas: Execução dos demais serviços em operações não especificadas em outros indicadores ou, nos serviços de que trata o inc. III do art. 11, esses sejam, ainda que parcialmente, prestados à distância",
    "local": "Local do domicílio principal do adquirente residente ou domiciliado no País. Nas aquisições indicadas no art. 11, §4º, II, considera-se domicílio principal do adquirente o estabelecimento matriz",
    "lc214": "Art. 11, X, \"a\", 1 e §§4º, II e 5º",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "100302",
    "label": "100302 - Demais serviços, em operações onerosas: Execução dos demais serviços em operações não especificadas em outros indicadores ou, nos serviços de que trata o inc. III do art. 11, esses sejam, ainda que parcialmente, prestados à distância",
    "local": "Local do domicílio principal do destinatário residente ou domiciliado no País, caso o adquirente não seja residente ou domiciliado no País",
    "lc214": "Art. 11, X, \"a\", 2 e §º5",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "100401",
    "label": "100401 - Demais serviços, em operações não onerosas: Execução dos demais serviços em operações não especificadas em outros indicadores ou, nos serviços de que tratam o inc. III, estes sejam, ainda que parcialmente, prestados à distância",
    "local": "local do domicílio principal do destinatário residente ou domiciliado no País",
    "lc214": "Art. 11, X, \"b\" e §º5",
    "nfe": false,
    "nfse": true
  },
  {
    "value": "100501",
    "label": "100501 - Demais bens, em operações onerosas: Realização de demais operações com bens não especificadas em outros indicadores",
    "local": "Local do domicílio principal do adquirente residente ou domiciliado no País. Nas aquisições indicadas no art. 11, §4º, II, considera-se domicílio principal do adquirente o estabelecimento matriz",
    "lc214": "Art. 11, X, \"a\", 1 e §4º, II",
    "nfe": false,
    "nfse": false
  },
  {
    "value": "100502",
    "label": "100502 - Demais bens, em operações onerosas: Realização de demais operações com bens não especificadas em outros indicadores",
    "local": "Local do domicílio principal do destinatário residente ou domiciliado no País, caso o adquirente não seja residente ou domiciliado no País",
    "lc214": "Art. 11, X, \"a\", 2",
    "nfe": false,
    "nfse": false
  },
  {
    "value": "100601",
    "label": "100601 - Demais bens, em operações não onerosas: Realização de demais operações com bens não especificadas em outros indicadores",
    "local": "local do domicílio principal do destinatário residente ou domiciliado no País",
    "lc214": "Art. 11, X, \"b\"",
    "nfe": false,
    "nfse": false
  },
  {
    "value": "110101",
    "label": "110101 - Operações com abastecimento de água, gás canalizado e energia elétrica: Operações destinadas a consumo",
    "local": "Local da entrega ou disponibilização",
    "lc214": "Art. 11, §7º, I",
    "nfe": false,
    "nfse": false
  },
  {
    "value": "110201",
    "label": "110201 - Operações com abastecimento de água, gás canalizado e energia elétrica: Operações que não envolvam efetivo consumo: a) no fornecimento de serviços de transmissão de energia elétrica; e b) nas demais operações, inclusive nas hipóteses de geração, distribuição ou comercialização de energia elétrica.",
    "local": "Local do estabelecimento principal do adquirente (assim considerada a matriz), conforme §4º do art. 11",
    "lc214": "Art. 11, §7º, II",
    "nfe": false,
    "nfse": false
  },
  {
    "value": "120101",
    "label": "120101 - Nas aquisições de energia elétrica realizadas de forma multilateral: Disponibilização de energia elétrica",
    "local": "Local do estabelecimento do agente ou de seus representados que figurem na posição devedora da liquidação financeira apurada pela Câmara de Comercialização de Energia Elétrica",
    "lc214": "Art. 11, §9º",
    "nfe": false,
    "nfse": false
  },
  {
    "value": "130101",
    "label": "130101 - Operações de transporte dutoviário de gás natural: Execução do transporte dutoviário de gás natural, na contratação de capacidade de entrada de gás natural do duto, nos termos da legislação aplicável",
    "local": "Local do estabelecimento principal do fornecedor",
    "lc214": "Art. 11, §10, I",
    "nfe": false,
    "nfse": false
  },
  {
    "value": "130201",
    "label": "130201 - Operações de transporte dutoviário de gás natural: Execução do transporte dutoviário de gás natural, na contratação de capacidade de saída do gás natural do duto",
    "local": "Local do estabelecimento principal do adquirente",
    "lc214": "Art. 11, §10, II",
    "nfe": false,
    "nfse": false
  }
] as const;
export type CIndOp = "010101" | "010102" | "010103" | "010104" | "010105" | "010106" | "010201" | "010202" | "020101" | "020201" | "020202" | "020301" | "020401" | "030101" | "030102" | "040101" | "050101" | "050102" | "050201" | "060101" | "070101" | "070102" | "080101" | "090101" | "090102" | "100101" | "100102" | "100201" | "100301" | "100302" | "100401" | "100501" | "100502" | "100601" | "110101" | "110201" | "120101" | "130101" | "130201";

/** Cargo */
export const CARGO = [
  {
    "value": "proprietario",
    "label": "Proprietário(a)"
  },
  {
    "value": "socio",
    "label": "Sócio(a)"
  },
  {
    "value": "diretor",
    "label": "Diretor(a)"
  },
  {
    "value": "gerente",
    "label": "Gerente"
  },
  {
    "value": "gerente_comercial",
    "label": "Gerente comercial"
  },
  {
    "value": "gerente_loja",
    "label": "Gerente de loja"
  },
  {
    "value": "supervisor",
    "label": "Supervisor(a)"
  },
  {
    "value": "comprador",
    "label": "Comprador(a)"
  },
  {
    "value": "vendedor",
    "label": "Vendedor(a)"
  },
  {
    "value": "representante",
    "label": "Representante comercial"
  },
  {
    "value": "financeiro",
    "label": "Financeiro"
  },
  {
    "value": "contador",
    "label": "Contador(a)"
  },
  {
    "value": "administrativo",
    "label": "Assistente administrativo"
  },
  {
    "value": "estoquista",
    "label": "Estoquista"
  },
  {
    "value": "outro",
    "label": "Outro"
  }
] as const;
export type Cargo = "proprietario" | "socio" | "diretor" | "gerente" | "gerente_comercial" | "gerente_loja" | "supervisor" | "comprador" | "vendedor" | "representante" | "financeiro" | "contador" | "administrativo" | "estoquista" | "outro";

/** Código de barras da etiqueta */
export const CODIGO_BARRAS_ETIQUETA = [
  {
    "value": "nenhum",
    "label": "Nenhum"
  },
  {
    "value": "ean13",
    "label": "EAN-13 (GTIN)"
  },
  {
    "value": "code128",
    "label": "Code-128 (código)"
  }
] as const;
export type CodigoBarrasEtiqueta = "nenhum" | "ean13" | "code128";

/** Código de tributação nacional (NFS-e) */
export const CODIGO_TRIBUTACAO_NACIONAL = [
  {
    "value": "010101",
    "label": "01.01.01 - Análise e desenvolvimento de sistemas",
    "itemLc116": "01",
    "subitemLc116": "01.01"
  },
  {
    "value": "010201",
    "label": "01.02.01 - Programação",
    "itemLc116": "01",
    "subitemLc116": "01.02"
  },
  {
    "value": "010301",
    "label": "01.03.01 - Processamento, armazenamento ou hospedagem de dados, textos, imagens, vídeos, páginas eletrônicas, aplicativos e sistemas de informação, entre outros formatos, e congêneres",
    "itemLc116": "01",
    "subitemLc116": "01.03"
  },
  {
    "value": "010401",
    "label": "01.04.01 - Elaboração de programas de computadores, inclusive de jogos eletrônicos, independentemente da arquitetura construtiva da máquina em que o programa será executado, incluindo tablets, smartphones e congêneres",
    "itemLc116": "01",
    "subitemLc116": "01.04"
  },
  {
    "value": "010501",
    "label": "01.05.01 - Licenciamento ou cessão de direito de uso de programas de computação",
    "itemLc116": "01",
    "subitemLc116": "01.05"
  },
  {
    "value": "010601",
    "label": "01.06.01 - Assessoria e consultoria em informática",
    "itemLc116": "01",
    "subitemLc116": "01.06"
  },
  {
    "value": "010701",
    "label": "01.07.01 - Suporte técnico em informática, inclusive instalação, configuração e manutenção de programas de computação e bancos de dados",
    "itemLc116": "01",
    "subitemLc116": "01.07"
  },
  {
    "value": "010801",
    "label": "01.08.01 - Planejamento, confecção, manutenção e atualização de páginas eletrônicas",
    "itemLc116": "01",
    "subitemLc116": "01.08"
  },
  {
    "value": "010901",
    "label": "01.09.01 - Disponibilização, sem cessão definitiva, de conteúdos de áudio, vídeo, imagem e texto por meio da internet, respeitada a imunidade de livros, jornais e periódicos (exceto a distribuição de conteúdos pelas prestadoras de Serviço de Acesso Condicionado, de que trata a Lei nº 12.485, de 12 de setembro de 2011, sujeita ao ICMS)",
    "itemLc116": "01",
    "subitemLc116": "01.09"
  },
  {
    "value": "020101",
    "label": "02.01.01 - Serviços de pesquisas e desenvolvimento de qualquer natureza",
    "itemLc116": "02",
    "subitemLc116": "02.01"
  },
  {
    "value": "030201",
    "label": "03.02.01 - Cessão de direito de uso de marcas e de sinais de propaganda",
    "itemLc116": "03",
    "subitemLc116": "03.02"
  },
  {
    "value": "030301",
    "label": "03.03.01 - Exploração de salões de festas, centro de convenções, escritórios virtuais, stands, quadras esportivas, estádios, ginásios, auditórios, casas de espetáculos, parques de diversões, canchas e congêneres, para realização de eventos ou negócios de qualquer natureza",
    "itemLc116": "03",
    "subitemLc116": "03.03"
  },
  {
    "value": "030401",
    "label": "03.04.01 - Locação, sublocação, arrendamento, direito de passagem ou permissão de uso, compartilhado ou não, de ferrovia, rodovia, postes, cabos, dutos e condutos de qualquer natureza",
    "itemLc116": "03",
    "subitemLc116": "03.04"
  },
  {
    "value": "030501",
    "label": "03.05.01 - Cessão de andaimes, palcos, coberturas e outras estruturas de uso temporário",
    "itemLc116": "03",
    "subitemLc116": "03.05"
  },
  {
    "value": "040101",
    "label": "04.01.01 - Medicina e biomedicina",
    "itemLc116": "04",
    "subitemLc116": "04.01"
  },
  {
    "value": "040201",
    "label": "04.02.01 - Análises clínicas, patologia, eletricidade médica, radioterapia, quimioterapia, ultra-sonografia, ressonância magnética, radiologia, tomografia e congêneres",
    "itemLc116": "04",
    "subitemLc116": "04.02"
  },
  {
    "value": "040301",
    "label": "04.03.01 - Hospitais, clínicas, laboratórios, sanatórios, manicômios, casas de saúde, prontos-socorros, ambulatórios e congêneres",
    "itemLc116": "04",
    "subitemLc116": "04.03"
  },
  {
    "value": "040401",
    "label": "04.04.01 - Instrumentação cirúrgica",
    "itemLc116": "04",
    "subitemLc116": "04.04"
  },
  {
    "value": "040501",
    "label": "04.05.01 - Acupuntura",
    "itemLc116": "04",
    "subitemLc116": "04.05"
  },
  {
    "value": "040601",
    "label": "04.06.01 - Enfermagem, inclusive serviços auxiliares",
    "itemLc116": "04",
    "subitemLc116": "04.06"
  },
  {
    "value": "040701",
    "label": "04.07.01 - Serviços farmacêuticos",
    "itemLc116": "04",
    "subitemLc116": "04.07"
  },
  {
    "value": "040801",
    "label": "04.08.01 - Terapia ocupacional, fisioterapia e fonoaudiologia",
    "itemLc116": "04",
    "subitemLc116": "04.08"
  },
  {
    "value": "040901",
    "label": "04.09.01 - Terapias de qualquer espécie destinadas ao tratamento físico, orgânico e mental",
    "itemLc116": "04",
    "subitemLc116": "04.09"
  },
  {
    "value": "041001",
    "label": "04.10.01 - Nutrição",
    "itemLc116": "04",
    "subitemLc116": "04.10"
  },
  {
    "value": "041101",
    "label": "04.11.01 - Obstetrícia",
    "itemLc116": "04",
    "subitemLc116": "04.11"
  },
  {
    "value": "041201",
    "label": "04.12.01 - Odontologia",
    "itemLc116": "04",
    "subitemLc116": "04.12"
  },
  {
    "value": "041301",
    "label": "04.13.01 - Ortóptica",
    "itemLc116": "04",
    "subitemLc116": "04.13"
  },
  {
    "value": "041401",
    "label": "04.14.01 - Próteses sob encomenda",
    "itemLc116": "04",
    "subitemLc116": "04.14"
  },
  {
    "value": "041501",
    "label": "04.15.01 - Psicanálise",
    "itemLc116": "04",
    "subitemLc116": "04.15"
  },
  {
    "value": "041601",
    "label": "04.16.01 - Psicologia",
    "itemLc116": "04",
    "subitemLc116": "04.16"
  },
  {
    "value": "041701",
    "label": "04.17.01 - Casas de repouso e de recuperação, creches, asilos e congêneres",
    "itemLc116": "04",
    "subitemLc116": "04.17"
  },
  {
    "value": "041801",
    "label": "04.18.01 - Inseminação artificial, fertilização in vitro e congêneres",
    "itemLc116": "04",
    "subitemLc116": "04.18"
  },
  {
    "value": "041901",
    "label": "04.19.01 - Bancos de sangue, leite, pele, olhos, óvulos, sêmen e congêneres",
    "itemLc116": "04",
    "subitemLc116": "04.19"
  },
  {
    "value": "042001",
    "label": "04.20.01 - Coleta de sangue, leite, tecidos, sêmen, órgãos e materiais biológicos de qualquer espécie",
    "itemLc116": "04",
    "subitemLc116": "04.20"
  },
  {
    "value": "042101",
    "label": "04.21.01 - Unidade de atendimento, assistência ou tratamento móvel e congêneres",
    "itemLc116": "04",
    "subitemLc116": "04.21"
  },
  {
    "value": "042201",
    "label": "04.22.01 - Planos de medicina de grupo ou individual e convênios para prestação de assistência médica, hospitalar, odontológica e congêneres",
    "itemLc116": "04",
    "subitemLc116": "04.22"
  },
  {
    "value": "042301",
    "label": "04.23.01 - Outros planos de saúde que se cumpram através de serviços de terceiros contratados, credenciados, cooperados ou apenas pagos pelo operador do plano mediante indicação do beneficiário",
    "itemLc116": "04",
    "subitemLc116": "04.23"
  },
  {
    "value": "050101",
    "label": "05.01.01 - Medicina veterinária e zootecnia",
    "itemLc116": "05",
    "subitemLc116": "05.01"
  },
  {
    "value": "050201",
    "label": "05.02.01 - Hospitais, clínicas, ambulatórios, prontos-socorros e congêneres, na área veterinária",
    "itemLc116": "05",
    "subitemLc116": "05.02"
  },
  {
    "value": "050301",
    "label": "05.03.01 - Laboratórios de análise na área veterinária",
    "itemLc116": "05",
    "subitemLc116": "05.03"
  },
  {
    "value": "050401",
    "label": "05.04.01 - Inseminação artificial, fertilização in vitro e congêneres",
    "itemLc116": "05",
    "subitemLc116": "05.04"
  },
  {
    "value": "050501",
    "label": "05.05.01 - Bancos de sangue e de órgãos e congêneres",
    "itemLc116": "05",
    "subitemLc116": "05.05"
  },
  {
    "value": "050601",
    "label": "05.06.01 - Coleta de sangue, leite, tecidos, sêmen, órgãos e materiais biológicos de qualquer espécie",
    "itemLc116": "05",
    "subitemLc116": "05.06"
  },
  {
    "value": "050701",
    "label": "05.07.01 - Unidade de atendimento, assistência ou tratamento móvel e congêneres",
    "itemLc116": "05",
    "subitemLc116": "05.07"
  },
  {
    "value": "050801",
    "label": "05.08.01 - Guarda, tratamento, amestramento, embelezamento, alojamento e congêneres",
    "itemLc116": "05",
    "subitemLc116": "05.08"
  },
  {
    "value": "050901",
    "label": "05.09.01 - Planos de atendimento e assistência médico-veterinária",
    "itemLc116": "05",
    "subitemLc116": "05.09"
  },
  {
    "value": "060101",
    "label": "06.01.01 - Barbearia, cabeleireiros, manicuros, pedicuros e congêneres",
    "itemLc116": "06",
    "subitemLc116": "06.01"
  },
  {
    "value": "060201",
    "label": "06.02.01 - Esteticistas, tratamento de pele, depilação e congêneres",
    "itemLc116": "06",
    "subitemLc116": "06.02"
  },
  {
    "value": "060301",
    "label": "06.03.01 - Banhos, duchas, sauna, massagens e congêneres",
    "itemLc116": "06",
    "subitemLc116": "06.03"
  },
  {
    "value": "060401",
    "label": "06.04.01 - Ginástica, dança, esportes, natação, artes marciais e demais atividades físicas",
    "itemLc116": "06",
    "subitemLc116": "06.04"
  },
  {
    "value": "060501",
    "label": "06.05.01 - Centros de emagrecimento, spa e congêneres",
    "itemLc116": "06",
    "subitemLc116": "06.05"
  },
  {
    "value": "060601",
    "label": "06.06.01 - Aplicação de tatuagens, piercings e congêneres",
    "itemLc116": "06",
    "subitemLc116": "06.06"
  },
  {
    "value": "070101",
    "label": "07.01.01 - Engenharia, agronomia, agrimensura, arquitetura, geologia, urbanismo, paisagismo e congêneres",
    "itemLc116": "07",
    "subitemLc116": "07.01"
  },
  {
    "value": "070201",
    "label": "07.02.01 - Execução, por administração, empreitada ou subempreitada, de obras de construção civil, hidráulica ou elétrica e de outras obras semelhantes, inclusive sondagem, perfuração de poços, escavação, drenagem e irrigação, terraplanagem, pavimentação, concretagem e a instalação e montagem de produtos, peças e equipamentos (exceto o fornecimento de mercadorias produzidas pelo prestador de serviços fora do local da prestação dos serviços, que fica sujeito ao ICMS)",
    "itemLc116": "07",
    "subitemLc116": "07.02"
  },
  {
    "value": "070301",
    "label": "07.03.01 - Elaboração de planos diretores, estudos de viabilidade, estudos organizacionais e outros, relacionados com obras e serviços de engenharia; elaboração de anteprojetos, projetos básicos e projetos executivos para trabalhos de engenharia",
    "itemLc116": "07",
    "subitemLc116": "07.03"
  },
  {
    "value": "070401",
    "label": "07.04.01 - Demolição",
    "itemLc116": "07",
    "subitemLc116": "07.04"
  },
  {
    "value": "070501",
    "label": "07.05.01 - Reparação, conservação e reforma de edifícios, estradas, pontes, portos e congêneres (exceto o fornecimento de mercadorias produzidas pelo prestador dos serviços, fora do local da prestação dos serviços, que fica sujeito ao ICMS)",
    "itemLc116": "07",
    "subitemLc116": "07.05"
  },
  {
    "value": "070601",
    "label": "07.06.01 - Colocação e instalação de tapetes, carpetes, assoalhos, cortinas, revestimentos de parede, vidros, divisórias, placas de gesso e congêneres, com material fornecido pelo tomador do serviço",
    "itemLc116": "07",
    "subitemLc116": "07.06"
  },
  {
    "value": "070701",
    "label": "07.07.01 - Recuperação, raspagem, polimento e lustração de pisos e congêneres",
    "itemLc116": "07",
    "subitemLc116": "07.07"
  },
  {
    "value": "070801",
    "label": "07.08.01 - Calafetação",
    "itemLc116": "07",
    "subitemLc116": "07.08"
  },
  {
    "value": "070901",
    "label": "07.09.01 - Varrição, coleta, remoção, incineração, tratamento, reciclagem, separação e destinação final de lixo, rejeitos e outros resíduos quaisquer",
    "itemLc116": "07",
    "subitemLc116": "07.09"
  },
  {
    "value": "071001",
    "label": "07.10.01 - Limpeza, manutenção e conservação de vias e logradouros públicos, imóveis, chaminés, piscinas, parques, jardins e congêneres",
    "itemLc116": "07",
    "subitemLc116": "07.10"
  },
  {
    "value": "071101",
    "label": "07.11.01 - Decoração e jardinagem, inclusive corte e poda de árvores",
    "itemLc116": "07",
    "subitemLc116": "07.11"
  },
  {
    "value": "071201",
    "label": "07.12.01 - Controle e tratamento de efluentes de qualquer natureza e de agentes físicos, químicos e biológicos",
    "itemLc116": "07",
    "subitemLc116": "07.12"
  },
  {
    "value": "071301",
    "label": "07.13.01 - Dedetização, desinfecção, desinsetização, imunização, higienização, desratização, pulverização e congêneres",
    "itemLc116": "07",
    "subitemLc116": "07.13"
  },
  {
    "value": "071601",
    "label": "07.16.01 - Florestamento, reflorestamento, semeadura, adubação, reparação de solo, plantio, silagem, colheita, corte e descascamento de árvores, silvicultura, exploração florestal e dos serviços congêneres indissociáveis da formação, manutenção e colheita de florestas, para quaisquer fins e por quaisquer meios",
    "itemLc116": "07",
    "subitemLc116": "07.16"
  },
  {
    "value": "071701",
    "label": "07.17.01 - Escoramento, contenção de encostas e serviços congêneres",
    "itemLc116": "07",
    "subitemLc116": "07.17"
  },
  {
    "value": "071801",
    "label": "07.18.01 - Limpeza e dragagem de rios, portos, canais, baías, lagos, lagoas, represas, açudes e congêneres",
    "itemLc116": "07",
    "subitemLc116": "07.18"
  },
  {
    "value": "071901",
    "label": "07.19.01 - Acompanhamento e fiscalização da execução de obras de engenharia, arquitetura e urbanismo",
    "itemLc116": "07",
    "subitemLc116": "07.19"
  },
  {
    "value": "072001",
    "label": "07.20.01 - Aerofotogrametria (inclusive interpretação), cartografia, mapeamento, levantamentos topográficos, batimétricos, geográficos, geodésicos, geológicos, geofísicos e congêneres",
    "itemLc116": "07",
    "subitemLc116": "07.20"
  },
  {
    "value": "072101",
    "label": "07.21.01 - Pesquisa, perfuração, cimentação, mergulho, perfilagem, concretação, testemunhagem, pescaria, estimulação e outros serviços relacionados com a exploração e explotação de petróleo, gás natural e de outros recursos minerais",
    "itemLc116": "07",
    "subitemLc116": "07.21"
  },
  {
    "value": "072201",
    "label": "07.22.01 - Nucleação e bombardeamento de nuvens e congêneres",
    "itemLc116": "07",
    "subitemLc116": "07.22"
  },
  {
    "value": "080101",
    "label": "08.01.01 - Ensino regular pré-escolar, fundamental, médio e superior",
    "itemLc116": "08",
    "subitemLc116": "08.01"
  },
  {
    "value": "080201",
    "label": "08.02.01 - Instrução, treinamento, orientação pedagógica e educacional, avaliação de conhecimentos de qualquer natureza",
    "itemLc116": "08",
    "subitemLc116": "08.02"
  },
  {
    "value": "090101",
    "label": "09.01.01 - Hospedagem de qualquer natureza em hotéis, apart-service condominiais, flat, apart-hotéis, hotéis residência, residence-service, suite service, hotelaria marítima, motéis, pensões e congêneres; ocupação por temporada com fornecimento de serviço (o valor da alimentação e gorjeta, quando incluído no preço da diária, fica sujeito ao Imposto Sobre Serviços)",
    "itemLc116": "09",
    "subitemLc116": "09.01"
  },
  {
    "value": "090201",
    "label": "09.02.01 - Agenciamento, organização, promoção, intermediação e execução de programas de turismo, passeios, viagens, excursões, hospedagens e congêneres",
    "itemLc116": "09",
    "subitemLc116": "09.02"
  },
  {
    "value": "090301",
    "label": "09.03.01 - Guias de turismo",
    "itemLc116": "09",
    "subitemLc116": "09.03"
  },
  {
    "value": "100101",
    "label": "10.01.01 - Agenciamento, corretagem ou intermediação de câmbio, de seguros, de cartões de crédito, de planos de saúde e de planos de previdência privada",
    "itemLc116": "10",
    "subitemLc116": "10.01"
  },
  {
    "value": "100201",
    "label": "10.02.01 - Agenciamento, corretagem ou intermediação de títulos em geral, valores mobiliários e contratos quaisquer",
    "itemLc116": "10",
    "subitemLc116": "10.02"
  },
  {
    "value": "100301",
    "label": "10.03.01 - Agenciamento, corretagem ou intermediação de direitos de propriedade industrial, artística ou literária",
    "itemLc116": "10",
    "subitemLc116": "10.03"
  },
  {
    "value": "100401",
    "label": "10.04.01 - Agenciamento, corretagem ou intermediação de contratos de arrendamento mercantil (leasing), de franquia (franchising) e de faturização (factoring)",
    "itemLc116": "10",
    "subitemLc116": "10.04"
  },
  {
    "value": "100501",
    "label": "10.05.01 - Agenciamento, corretagem ou intermediação de bens móveis ou imóveis, não abrangidos em outros itens ou subitens, inclusive aqueles realizados no âmbito de Bolsas de Mercadorias e Futuros, por quaisquer meios",
    "itemLc116": "10",
    "subitemLc116": "10.05"
  },
  {
    "value": "100601",
    "label": "10.06.01 - Agenciamento marítimo",
    "itemLc116": "10",
    "subitemLc116": "10.06"
  },
  {
    "value": "100701",
    "label": "10.07.01 - Agenciamento de notícias",
    "itemLc116": "10",
    "subitemLc116": "10.07"
  },
  {
    "value": "100801",
    "label": "10.08.01 - Agenciamento de publicidade e propaganda, inclusive o agenciamento de veiculação por quaisquer meios",
    "itemLc116": "10",
    "subitemLc116": "10.08"
  },
  {
    "value": "100901",
    "label": "10.09.01 - Representação de qualquer natureza, inclusive comercial",
    "itemLc116": "10",
    "subitemLc116": "10.09"
  },
  {
    "value": "101001",
    "label": "10.10.01 - Distribuição de bens de terceiros",
    "itemLc116": "10",
    "subitemLc116": "10.10"
  },
  {
    "value": "110101",
    "label": "11.01.01 - Guarda e estacionamento de veículos terrestres automotores, de aeronaves e de embarcações",
    "itemLc116": "11",
    "subitemLc116": "11.01"
  },
  {
    "value": "110201",
    "label": "11.02.01 - Vigilância, segurança ou monitoramento de bens, pessoas e semoventes",
    "itemLc116": "11",
    "subitemLc116": "11.02"
  },
  {
    "value": "110301",
    "label": "11.03.01 - Escolta, inclusive de veículos e cargas",
    "itemLc116": "11",
    "subitemLc116": "11.03"
  },
  {
    "value": "110401",
    "label": "11.04.01 - Armazenamento, depósito, carga, descarga, arrumação e guarda de bens de qualquer espécie",
    "itemLc116": "11",
    "subitemLc116": "11.04"
  },
  {
    "value": "110501",
    "label": "11.05.01 - Serviços relacionados ao monitoramento e rastreamento a distância, em qualquer via ou local, de veículos, cargas, pessoas e semoventes em circulação ou movimento, realizados por meio de telefonia móvel, transmissão de satélites, rádio ou qualquer outro meio, inclusive pelas empresas de Tecnologia da Informação Veicular, independentemente de o prestador de serviços ser proprietário ou não da infraestrutura de telecomunicações que utiliza",
    "itemLc116": "11",
    "subitemLc116": "11.05"
  },
  {
    "value": "120101",
    "label": "12.01.01 - Espetáculos teatrais",
    "itemLc116": "12",
    "subitemLc116": "12.01"
  },
  {
    "value": "120201",
    "label": "12.02.01 - Exibições cinematográficas",
    "itemLc116": "12",
    "subitemLc116": "12.02"
  },
  {
    "value": "120301",
    "label": "12.03.01 - Espetáculos circenses",
    "itemLc116": "12",
    "subitemLc116": "12.03"
  },
  {
    "value": "120401",
    "label": "12.04.01 - Programas de auditório",
    "itemLc116": "12",
    "subitemLc116": "12.04"
  },
  {
    "value": "120501",
    "label": "12.05.01 - Parques de diversões, centros de lazer e congêneres",
    "itemLc116": "12",
    "subitemLc116": "12.05"
  },
  {
    "value": "120601",
    "label": "12.06.01 - Boates, taxi-dancing e congêneres",
    "itemLc116": "12",
    "subitemLc116": "12.06"
  },
  {
    "value": "120701",
    "label": "12.07.01 - Shows, ballet, danças, desfiles, bailes, óperas, concertos, recitais, festivais e congêneres",
    "itemLc116": "12",
    "subitemLc116": "12.07"
  },
  {
    "value": "120801",
    "label": "12.08.01 - Feiras, exposições, congressos e congêneres",
    "itemLc116": "12",
    "subitemLc116": "12.08"
  },
  {
    "value": "120901",
    "label": "12.09.01 - Bilhares, boliches e diversões eletrônicas ou não",
    "itemLc116": "12",
    "subitemLc116": "12.09"
  },
  {
    "value": "121001",
    "label": "12.10.01 - Corridas e competições de animais",
    "itemLc116": "12",
    "subitemLc116": "12.10"
  },
  {
    "value": "121101",
    "label": "12.11.01 - Competições esportivas ou de destreza física ou intelectual, com ou sem a participação do espectador",
    "itemLc116": "12",
    "subitemLc116": "12.11"
  },
  {
    "value": "121201",
    "label": "12.12.01 - Execução de música",
    "itemLc116": "12",
    "subitemLc116": "12.12"
  },
  {
    "value": "121301",
    "label": "12.13.01 - Produção, mediante ou sem encomenda prévia, de eventos, espetáculos, entrevistas, shows, ballet, danças, desfiles, bailes, teatros, óperas, concertos, recitais, festivais e congêneres",
    "itemLc116": "12",
    "subitemLc116": "12.13"
  },
  {
    "value": "121401",
    "label": "12.14.01 - Fornecimento de música para ambientes fechados ou não, mediante transmissão por qualquer processo",
    "itemLc116": "12",
    "subitemLc116": "12.14"
  },
  {
    "value": "121501",
    "label": "12.15.01 - Desfiles de blocos carnavalescos ou folclóricos, trios elétricos e congêneres",
    "itemLc116": "12",
    "subitemLc116": "12.15"
  },
  {
    "value": "121601",
    "label": "12.16.01 - Exibição de filmes, entrevistas, musicais, espetáculos, shows, concertos, desfiles, óperas, competições esportivas, de destreza intelectual ou congêneres",
    "itemLc116": "12",
    "subitemLc116": "12.16"
  },
  {
    "value": "121701",
    "label": "12.17.01 - Recreação e animação, inclusive em festas e eventos de qualquer natureza",
    "itemLc116": "12",
    "subitemLc116": "12.17"
  },
  {
    "value": "130201",
    "label": "13.02.01 - Fonografia ou gravação de sons, inclusive trucagem, dublagem, mixagem e congêneres",
    "itemLc116": "13",
    "subitemLc116": "13.02"
  },
  {
    "value": "130301",
    "label": "13.03.01 - Fotografia e cinematografia, inclusive revelação, ampliação, cópia, reprodução, trucagem e congêneres",
    "itemLc116": "13",
    "subitemLc116": "13.03"
  },
  {
    "value": "130401",
    "label": "13.04.01 - Reprografia, microfilmagem e digitalização",
    "itemLc116": "13",
    "subitemLc116": "13.04"
  },
  {
    "value": "130501",
    "label": "13.05.01 - Composição gráfica, inclusive confecção de impressos gráficos, fotocomposição, clicheria, zincografia, litografia e fotolitografia, exceto se destinados a posterior operação de comercialização ou industrialização, ainda que incorporados, de qualquer forma, a outra mercadoria que deva ser objeto de posterior circulação, tais como bulas, rótulos, etiquetas, caixas, cartuchos, embalagens e manuais técnicos e de instrução, quando ficarão sujeitos ao ICMS",
    "itemLc116": "13",
    "subitemLc116": "13.05"
  },
  {
    "value": "140101",
    "label": "14.01.01 - Lubrificação, limpeza, lustração, revisão, carga e recarga, conserto, restauração, blindagem, manutenção e conservação de máquinas, veículos, aparelhos, equipamentos, motores, elevadores ou de qualquer objeto (exceto peças e partes empregadas, que ficam sujeitas ao ICMS)",
    "itemLc116": "14",
    "subitemLc116": "14.01"
  },
  {
    "value": "140201",
    "label": "14.02.01 - Assistência técnica",
    "itemLc116": "14",
    "subitemLc116": "14.02"
  },
  {
    "value": "140301",
    "label": "14.03.01 - Recondicionamento de motores (exceto peças e partes empregadas, que ficam sujeitas ao ICMS)",
    "itemLc116": "14",
    "subitemLc116": "14.03"
  },
  {
    "value": "140401",
    "label": "14.04.01 - Recauchutagem ou regeneração de pneus",
    "itemLc116": "14",
    "subitemLc116": "14.04"
  },
  {
    "value": "140501",
    "label": "14.05.01 - Restauração, recondicionamento, acondicionamento, pintura, beneficiamento, lavagem, secagem, tingimento, galvanoplastia, anodização, corte, recorte, plastificação, costura, acabamento, polimento e congêneres de objetos quaisquer",
    "itemLc116": "14",
    "subitemLc116": "14.05"
  },
  {
    "value": "140601",
    "label": "14.06.01 - Instalação e montagem de aparelhos, máquinas e equipamentos, inclusive montagem industrial, prestados ao usuário final, exclusivamente com material por ele fornecido",
    "itemLc116": "14",
    "subitemLc116": "14.06"
  },
  {
    "value": "140701",
    "label": "14.07.01 - Colocação de molduras e congêneres",
    "itemLc116": "14",
    "subitemLc116": "14.07"
  },
  {
    "value": "140801",
    "label": "14.08.01 - Encadernação, gravação e douração de livros, revistas e congêneres",
    "itemLc116": "14",
    "subitemLc116": "14.08"
  },
  {
    "value": "140901",
    "label": "14.09.01 - Alfaiataria e costura, quando o material for fornecido pelo usuário final, exceto aviamento",
    "itemLc116": "14",
    "subitemLc116": "14.09"
  },
  {
    "value": "141001",
    "label": "14.10.01 - Tinturaria e lavanderia",
    "itemLc116": "14",
    "subitemLc116": "14.10"
  },
  {
    "value": "141101",
    "label": "14.11.01 - Tapeçaria e reforma de estofamentos em geral",
    "itemLc116": "14",
    "subitemLc116": "14.11"
  },
  {
    "value": "141201",
    "label": "14.12.01 - Funilaria e lanternagem",
    "itemLc116": "14",
    "subitemLc116": "14.12"
  },
  {
    "value": "141301",
    "label": "14.13.01 - Carpintaria e serralheria",
    "itemLc116": "14",
    "subitemLc116": "14.13"
  },
  {
    "value": "141401",
    "label": "14.14.01 - Guincho intramunicipal, guindaste e içamento",
    "itemLc116": "14",
    "subitemLc116": "14.14"
  },
  {
    "value": "150101",
    "label": "15.01.01 - Administração de fundos quaisquer, de consórcio, de cartão de crédito ou débito e congêneres, de carteira de clientes, de cheques pré-datados e congêneres",
    "itemLc116": "15",
    "subitemLc116": "15.01"
  },
  {
    "value": "150201",
    "label": "15.02.01 - Abertura de contas em geral, inclusive conta-corrente, conta de investimentos e aplicação e caderneta de poupança, no País e no exterior, bem como a manutenção das referidas contas ativas e inativas",
    "itemLc116": "15",
    "subitemLc116": "15.02"
  },
  {
    "value": "150301",
    "label": "15.03.01 - Locação e manutenção de cofres particulares, de terminais eletrônicos, de terminais de atendimento e de bens e equipamentos em geral",
    "itemLc116": "15",
    "subitemLc116": "15.03"
  },
  {
    "value": "150401",
    "label": "15.04.01 - Fornecimento ou emissão de atestados em geral, inclusive atestado de idoneidade, atestado de capacidade financeira e congêneres",
    "itemLc116": "15",
    "subitemLc116": "15.04"
  },
  {
    "value": "150501",
    "label": "15.05.01 - Cadastro, elaboração de ficha cadastral, renovação cadastral e congêneres, inclusão ou exclusão no Cadastro de Emitentes de Cheques sem Fundos - CCF ou em quaisquer outros bancos cadastrais",
    "itemLc116": "15",
    "subitemLc116": "15.05"
  },
  {
    "value": "150601",
    "label": "15.06.01 - Emissão, reemissão e fornecimento de avisos, comprovantes e documentos em geral; abono de firmas; coleta e entrega de documentos, bens e valores; comunicação com outra agência ou com a administração central; licenciamento eletrônico de veículos; transferência de veículos; agenciamento fiduciário ou depositário; devolução de bens em custódia",
    "itemLc116": "15",
    "subitemLc116": "15.06"
  },
  {
    "value": "150701",
    "label": "15.07.01 - Acesso, movimentação, atendimento e consulta a contas em geral, por qualquer meio ou processo, inclusive por telefone, fac-símile, internet e telex, acesso a terminais de atendimento, inclusive vinte e quatro horas; acesso a outro banco e a rede compartilhada; fornecimento de saldo, extrato e demais informações relativas a contas em geral, por qualquer meio ou processo",
    "itemLc116": "15",
    "subitemLc116": "15.07"
  },
  {
    "value": "150801",
    "label": "15.08.01 - Emissão, reemissão, alteração, cessão, substituição, cancelamento e registro de contrato de crédito; estudo, análise e avaliação de operações de crédito; emissão, concessão, alteração ou contratação de aval, fiança, anuência e congêneres; serviços relativos a abertura de crédito, para quaisquer fins",
    "itemLc116": "15",
    "subitemLc116": "15.08"
  },
  {
    "value": "150901",
    "label": "15.09.01 - Arrendamento mercantil (leasing) de quaisquer bens, inclusive cessão de direitos e obrigações, substituição de garantia, alteração, cancelamento e registro de contrato, e demais serviços relacionados ao arrendamento mercantil (leasing)",
    "itemLc116": "15",
    "subitemLc116": "15.09"
  },
  {
    "value": "151001",
    "label": "15.10.01 - Serviços relacionados a cobranças, recebimentos ou pagamentos em geral, de títulos quaisquer, de contas ou carnês, de câmbio, de tributos e por conta de terceiros, inclusive os efetuados por meio eletrônico, automático ou por máquinas de atendimento; fornecimento de posição de cobrança, recebimento ou pagamento; emissão de carnês, fichas de compensação, impressos e documentos em geral",
    "itemLc116": "15",
    "subitemLc116": "15.10"
  },
  {
    "value": "151101",
    "label": "15.11.01 - Devolução de títulos, protesto de títulos, sustação de protesto, manutenção de títulos, reapresentação de títulos, e demais serviços a eles relacionados",
    "itemLc116": "15",
    "subitemLc116": "15.11"
  },
  {
    "value": "151201",
    "label": "15.12.01 - Custódia em geral, inclusive de títulos e valores mobiliários",
    "itemLc116": "15",
    "subitemLc116": "15.12"
  },
  {
    "value": "151301",
    "label": "15.13.01 - Serviços relacionados a operações de câmbio em geral, edição, alteração, prorrogação, cancelamento e baixa de contrato de câmbio; emissão de registro de exportação ou de crédito; cobrança ou depósito no exterior; emissão, fornecimento e cancelamento de cheques de viagem; fornecimento, transferência, cancelamento e demais serviços relativos a carta de crédito de importação, exportação e garantias recebidas; envio e recebimento de mensagens em geral relacionadas a operações de câmbio",
    "itemLc116": "15",
    "subitemLc116": "15.13"
  },
  {
    "value": "151401",
    "label": "15.14.01 - Fornecimento, emissão, reemissão, renovação e manutenção de cartão magnético, cartão de crédito, cartão de débito, cartão salário e congêneres",
    "itemLc116": "15",
    "subitemLc116": "15.14"
  },
  {
    "value": "151501",
    "label": "15.15.01 - Compensação de cheques e títulos quaisquer; serviços relacionados a depósito, inclusive depósito identificado, a saque de contas quaisquer, por qualquer meio ou processo, inclusive em terminais eletrônicos e de atendimento",
    "itemLc116": "15",
    "subitemLc116": "15.15"
  },
  {
    "value": "151601",
    "label": "15.16.01 - Emissão, reemissão, liquidação, alteração, cancelamento e baixa de ordens de pagamento, ordens de crédito e similares, por qualquer meio ou processo; serviços relacionados à transferência de valores, dados, fundos, pagamentos e similares, inclusive entre contas em geral",
    "itemLc116": "15",
    "subitemLc116": "15.16"
  },
  {
    "value": "151701",
    "label": "15.17.01 - Emissão, fornecimento, devolução, sustação, cancelamento e oposição de cheques quaisquer, avulso ou por talão",
    "itemLc116": "15",
    "subitemLc116": "15.17"
  },
  {
    "value": "151801",
    "label": "15.18.01 - Serviços relacionados a crédito imobiliário, avaliação e vistoria de imóvel ou obra, análise técnica e jurídica, emissão, reemissão, alteração, transferência e renegociação de contrato, emissão e reemissão do termo de quitação e demais serviços relacionados a crédito imobiliário",
    "itemLc116": "15",
    "subitemLc116": "15.18"
  },
  {
    "value": "160101",
    "label": "16.01.01 - Serviços de transporte coletivo municipal rodoviário, metroviário, ferroviário e aquaviário de passageiros",
    "itemLc116": "16",
    "subitemLc116": "16.01"
  },
  {
    "value": "160201",
    "label": "16.02.01 - Outros serviços de transporte de natureza municipal",
    "itemLc116": "16",
    "subitemLc116": "16.02"
  },
  {
    "value": "170101",
    "label": "17.01.01 - Assessoria ou consultoria de qualquer natureza, não contida em outros itens desta lista; análise, exame, pesquisa, coleta, compilação e fornecimento de dados e informações de qualquer natureza, inclusive cadastro e similares",
    "itemLc116": "17",
    "subitemLc116": "17.01"
  },
  {
    "value": "170201",
    "label": "17.02.01 - Datilografia, digitação, estenografia, expediente, secretaria em geral, resposta audível, redação, edição, interpretação, revisão, tradução, apoio e infra-estrutura administrativa e congêneres",
    "itemLc116": "17",
    "subitemLc116": "17.02"
  },
  {
    "value": "170301",
    "label": "17.03.01 - Planejamento, coordenação, programação ou organização técnica, financeira ou administrativa",
    "itemLc116": "17",
    "subitemLc116": "17.03"
  },
  {
    "value": "170401",
    "label": "17.04.01 - Recrutamento, agenciamento, seleção e colocação de mão-de-obra",
    "itemLc116": "17",
    "subitemLc116": "17.04"
  },
  {
    "value": "170501",
    "label": "17.05.01 - Fornecimento de mão-de-obra, mesmo em caráter temporário, inclusive de empregados ou trabalhadores, avulsos ou temporários, contratados pelo prestador de serviço",
    "itemLc116": "17",
    "subitemLc116": "17.05"
  },
  {
    "value": "170601",
    "label": "17.06.01 - Propaganda e publicidade, inclusive promoção de vendas, planejamento de campanhas ou sistemas de publicidade, elaboração de desenhos, textos e demais materiais publicitários",
    "itemLc116": "17",
    "subitemLc116": "17.06"
  },
  {
    "value": "170801",
    "label": "17.08.01 - Franquia (franchising)",
    "itemLc116": "17",
    "subitemLc116": "17.08"
  },
  {
    "value": "170901",
    "label": "17.09.01 - Perícias, laudos, exames técnicos e análises técnicas",
    "itemLc116": "17",
    "subitemLc116": "17.09"
  },
  {
    "value": "171001",
    "label": "17.10.01 - Planejamento, organização e administração de feiras, exposições, congressos e congêneres",
    "itemLc116": "17",
    "subitemLc116": "17.10"
  },
  {
    "value": "171101",
    "label": "17.11.01 - Organização de festas e recepções; bufê (exceto o fornecimento de alimentação e bebidas, que fica sujeito ao ICMS)",
    "itemLc116": "17",
    "subitemLc116": "17.11"
  },
  {
    "value": "171201",
    "label": "17.12.01 - Administração em geral, inclusive de bens e negócios de terceiros",
    "itemLc116": "17",
    "subitemLc116": "17.12"
  },
  {
    "value": "171301",
    "label": "17.13.01 - Leilão e congêneres",
    "itemLc116": "17",
    "subitemLc116": "17.13"
  },
  {
    "value": "171401",
    "label": "17.14.01 - Advocacia",
    "itemLc116": "17",
    "subitemLc116": "17.14"
  },
  {
    "value": "171501",
    "label": "17.15.01 - Arbitragem de qualquer espécie, inclusive jurídica",
    "itemLc116": "17",
    "subitemLc116": "17.15"
  },
  {
    "value": "171601",
    "label": "17.16.01 - Auditoria",
    "itemLc116": "17",
    "subitemLc116": "17.16"
  },
  {
    "value": "171701",
    "label": "17.17.01 - Análise de Organização e Métodos",
    "itemLc116": "17",
    "subitemLc116": "17.17"
  },
  {
    "value": "171801",
    "label": "17.18.01 - Atuária e cálculos técnicos de qualquer natureza",
    "itemLc116": "17",
    "subitemLc116": "17.18"
  },
  {
    "value": "171901",
    "label": "17.19.01 - Contabilidade, inclusive serviços técnicos e auxiliares",
    "itemLc116": "17",
    "subitemLc116": "17.19"
  },
  {
    "value": "172001",
    "label": "17.20.01 - Consultoria e assessoria econômica ou financeira",
    "itemLc116": "17",
    "subitemLc116": "17.20"
  },
  {
    "value": "172101",
    "label": "17.21.01 - Estatística",
    "itemLc116": "17",
    "subitemLc116": "17.21"
  },
  {
    "value": "172201",
    "label": "17.22.01 - Cobrança em geral",
    "itemLc116": "17",
    "subitemLc116": "17.22"
  },
  {
    "value": "172301",
    "label": "17.23.01 - Assessoria, análise, avaliação, atendimento, consulta, cadastro, seleção, gerenciamento de informações, administração de contas a receber ou a pagar e em geral, relacionados a operações de faturização (factoring)",
    "itemLc116": "17",
    "subitemLc116": "17.23"
  },
  {
    "value": "172401",
    "label": "17.24.01 - Apresentação de palestras, conferências, seminários e congêneres",
    "itemLc116": "17",
    "subitemLc116": "17.24"
  },
  {
    "value": "172501",
    "label": "17.25.01 - Inserção de textos, desenhos e outros materiais de propaganda e publicidade, em qualquer meio (exceto em livros, jornais, periódicos e nas modalidades de serviços de radiodifusão sonora e de sons e imagens de recepção livre e gratuita)",
    "itemLc116": "17",
    "subitemLc116": "17.25"
  },
  {
    "value": "180101",
    "label": "18.01.01 - Serviços de regulação de sinistros vinculados a contratos de seguros; inspeção e avaliação de riscos para cobertura de contratos de seguros; prevenção e gerência de riscos seguráveis e congêneres",
    "itemLc116": "18",
    "subitemLc116": "18.01"
  },
  {
    "value": "190101",
    "label": "19.01.01 - Serviços de distribuição e venda de bilhetes e demais produtos de loteria, bingos, cartões, pules ou cupons de apostas, sorteios, prêmios, inclusive os decorrentes de títulos de capitalização e congêneres",
    "itemLc116": "19",
    "subitemLc116": "19.01"
  },
  {
    "value": "200101",
    "label": "20.01.01 - Serviços portuários, ferroportuários, utilização de porto, movimentação de passageiros, reboque de embarcações, rebocador escoteiro, atracação, desatracação, serviços de praticagem, capatazia, armazenagem de qualquer natureza, serviços acessórios, movimentação de mercadorias, serviços de apoio marítimo, de movimentação ao largo, serviços de armadores, estiva, conferência, logística e congêneres",
    "itemLc116": "20",
    "subitemLc116": "20.01"
  },
  {
    "value": "200201",
    "label": "20.02.01 - Serviços aeroportuários, utilização de aeroporto, movimentação de passageiros, armazenagem de qualquer natureza, capatazia, movimentação de aeronaves, serviços de apoio aeroportuários, serviços acessórios, movimentação de mercadorias, logística e congêneres",
    "itemLc116": "20",
    "subitemLc116": "20.02"
  },
  {
    "value": "200301",
    "label": "20.03.01 - Serviços de terminais rodoviários, ferroviários, metroviários, movimentação de passageiros, mercadorias, inclusive suas operações, logística e congêneres",
    "itemLc116": "20",
    "subitemLc116": "20.03"
  },
  {
    "value": "210101",
    "label": "21.01.01 - Serviços de registros públicos, cartorários e notariais",
    "itemLc116": "21",
    "subitemLc116": "21.01"
  },
  {
    "value": "220101",
    "label": "22.01.01 - Serviços de exploração de rodovia mediante cobrança de preço ou pedágio dos usuários, envolvendo execução de serviços de conservação, manutenção, melhoramentos para adequação de capacidade e segurança de trânsito, operação, monitoração, assistência aos usuários e outros serviços definidos em contratos, atos de concessão ou de permissão ou em normas oficiais",
    "itemLc116": "22",
    "subitemLc116": "22.01"
  },
  {
    "value": "230101",
    "label": "23.01.01 - Serviços de programação e comunicação visual, desenho industrial e congêneres",
    "itemLc116": "23",
    "subitemLc116": "23.01"
  },
  {
    "value": "240101",
    "label": "24.01.01 - Serviços de chaveiros, confecção de carimbos, placas, sinalização visual, banners, adesivos e congêneres",
    "itemLc116": "24",
    "subitemLc116": "24.01"
  },
  {
    "value": "250101",
    "label": "25.01.01 - Funerais, inclusive fornecimento de caixão, urna ou esquifes; aluguel de capela; transporte do corpo cadavérico; fornecimento de flores, coroas e outros paramentos; desembaraço de certidão de óbito; fornecimento de véu, essa e outros adornos; embalsamento, embelezamento, conservação ou restauração de cadáveres",
    "itemLc116": "25",
    "subitemLc116": "25.01"
  },
  {
    "value": "250201",
    "label": "25.02.01 - Translado intramunicipal e cremação de corpos e partes de corpos cadavéricos",
    "itemLc116": "25",
    "subitemLc116": "25.02"
  },
  {
    "value": "250301",
    "label": "25.03.01 - Planos ou convênio funerários",
    "itemLc116": "25",
    "subitemLc116": "25.03"
  },
  {
    "value": "250401",
    "label": "25.04.01 - Manutenção e conservação de jazigos e cemitérios",
    "itemLc116": "25",
    "subitemLc116": "25.04"
  },
  {
    "value": "250501",
    "label": "25.05.01 - Cessão de uso de espaços em cemitérios para sepultamento",
    "itemLc116": "25",
    "subitemLc116": "25.05"
  },
  {
    "value": "260101",
    "label": "26.01.01 - Serviços de coleta, remessa ou entrega de correspondências, documentos, objetos, bens ou valores, inclusive pelos correios e suas agências franqueadas; courrier e congêneres",
    "itemLc116": "26",
    "subitemLc116": "26.01"
  },
  {
    "value": "270101",
    "label": "27.01.01 - Serviços de assistência social",
    "itemLc116": "27",
    "subitemLc116": "27.01"
  },
  {
    "value": "280101",
    "label": "28.01.01 - Serviços de avaliação de bens e serviços de qualquer natureza",
    "itemLc116": "28",
    "subitemLc116": "28.01"
  },
  {
    "value": "290101",
    "label": "29.01.01 - Serviços de biblioteconomia",
    "itemLc116": "29",
    "subitemLc116": "29.01"
  },
  {
    "value": "300101",
    "label": "30.01.01 - Serviços de biologia, biotecnologia e química",
    "itemLc116": "30",
    "subitemLc116": "30.01"
  },
  {
    "value": "310101",
    "label": "31.01.01 - Serviços técnicos em edificações, eletrônica, eletrotécnica, mecânica, telecomunicações e congêneres",
    "itemLc116": "31",
    "subitemLc116": "31.01"
  },
  {
    "value": "320101",
    "label": "32.01.01 - Serviços de desenhos técnicos",
    "itemLc116": "32",
    "subitemLc116": "32.01"
  },
  {
    "value": "330101",
    "label": "33.01.01 - Serviços de desembaraço aduaneiro, comissários, despachantes e congêneres",
    "itemLc116": "33",
    "subitemLc116": "33.01"
  },
  {
    "value": "340101",
    "label": "34.01.01 - Serviços de investigações particulares, detetives e congêneres",
    "itemLc116": "34",
    "subitemLc116": "34.01"
  },
  {
    "value": "350101",
    "label": "35.01.01 - Serviços de reportagem, assessoria de imprensa, jornalismo e relações públicas",
    "itemLc116": "35",
    "subitemLc116": "35.01"
  },
  {
    "value": "360101",
    "label": "36.01.01 - Serviços de meteorologia",
    "itemLc116": "36",
    "subitemLc116": "36.01"
  },
  {
    "value": "370101",
    "label": "37.01.01 - Serviços de artistas, atletas, modelos e manequins",
    "itemLc116": "37",
    "subitemLc116": "37.01"
  },
  {
    "value": "380101",
    "label": "38.01.01 - Serviços de museologia",
    "itemLc116": "38",
    "subitemLc116": "38.01"
  },
  {
    "value": "390101",
    "label": "39.01.01 - Serviços de ourivesaria e lapidação (quando o material for fornecido pelo tomador do serviço)",
    "itemLc116": "39",
    "subitemLc116": "39.01"
  },
  {
    "value": "400101",
    "label": "40.01.01 - Obras de arte sob encomenda",
    "itemLc116": "40",
    "subitemLc116": "40.01"
  }
] as const;
export type CodigoTributacaoNacional = "010101" | "010201" | "010301" | "010401" | "010501" | "010601" | "010701" | "010801" | "010901" | "020101" | "030201" | "030301" | "030401" | "030501" | "040101" | "040201" | "040301" | "040401" | "040501" | "040601" | "040701" | "040801" | "040901" | "041001" | "041101" | "041201" | "041301" | "041401" | "041501" | "041601" | "041701" | "041801" | "041901" | "042001" | "042101" | "042201" | "042301" | "050101" | "050201" | "050301" | "050401" | "050501" | "050601" | "050701" | "050801" | "050901" | "060101" | "060201" | "060301" | "060401" | "060501" | "060601" | "070101" | "070201" | "070301" | "070401" | "070501" | "070601" | "070701" | "070801" | "070901" | "071001" | "071101" | "071201" | "071301" | "071601" | "071701" | "071801" | "071901" | "072001" | "072101" | "072201" | "080101" | "080201" | "090101" | "090201" | "090301" | "100101" | "100201" | "100301" | "100401" | "100501" | "100601" | "100701" | "100801" | "100901" | "101001" | "110101" | "110201" | "110301" | "110401" | "110501" | "120101" | "120201" | "120301" | "120401" | "120501" | "120601" | "120701" | "120801" | "120901" | "121001" | "121101" | "121201" | "121301" | "121401" | "121501" | "121601" | "121701" | "130201" | "130301" | "130401" | "130501" | "140101" | "140201" | "140301" | "140401" | "140501" | "140601" | "140701" | "140801" | "140901" | "141001" | "141101" | "141201" | "141301" | "141401" | "150101" | "150201" | "150301" | "150401" | "150501" | "150601" | "150701" | "150801" | "150901" | "151001" | "151101" | "151201" | "151301" | "151401" | "151501" | "151601" | "151701" | "151801" | "160101" | "160201" | "170101" | "170201" | "170301" | "170401" | "170501" | "170601" | "170801" | "170901" | "171001" | "171101" | "171201" | "171301" | "171401" | "171501" | "171601" | "171701" | "171801" | "171901" | "172001" | "172101" | "172201" | "172301" | "172401" | "172501" | "180101" | "190101" | "200101" | "200201" | "200301" | "210101" | "220101" | "230101" | "240101" | "250101" | "250201" | "250301" | "250401" | "250501" | "260101" | "270101" | "280101" | "290101" | "300101" | "310101" | "320101" | "330101" | "340101" | "350101" | "360101" | "370101" | "380101" | "390101" | "400101";

/** Correlação item da LC 116 × cIndOp × cClassTrib (NFS-e) */
export const CORRELACAO_SERVICO_IBS_CBS = [
  {
    "value": "01.01",
    "label": "01.01 - Análise E Desenvolvimento De Sistemas",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 11
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200043",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200044",
        "nbs": 1
      }
    ]
  },
  {
    "value": "01.02",
    "label": "01.02 - Programação",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200043",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200044",
        "nbs": 1
      }
    ]
  },
  {
    "value": "01.03",
    "label": "01.03 - Processamento, Armazenamento Ou Hospedagem De Dados, Textos, Imagens, Vídeos, Páginas Eletrônicas, Aplicativos E Sistemas De Informação, Entre Outros Formatos, E Congêneres. (Redação Dada Pela Lei Complementar Nº 157, De 2016)",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 7
      }
    ]
  },
  {
    "value": "01.04",
    "label": "01.04 - Elaboração De Programas De Computadores, Inclusive De Jogos Eletrônicos, Independentemente Da Arquitetura Construtiva Da Máquina Em Que O Programa Será Executado, Incluindo Tablets, Smartphones E Congêneres. (Redação Dada Pela Lei Complementar Nº 157, De 2016)",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200043",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200044",
        "nbs": 1
      }
    ]
  },
  {
    "value": "01.05",
    "label": "01.05 - Licenciamento Ou Cessão De Direito De Uso De Programas De Computação",
    "opcoes": [
      {
        "cIndOp": "100501",
        "cClassTrib": "000001",
        "nbs": 7
      }
    ]
  },
  {
    "value": "01.06",
    "label": "01.06 - Assessoria E Consultoria Em Informática",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 6
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200043",
        "nbs": 2
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200044",
        "nbs": 2
      }
    ]
  },
  {
    "value": "01.07",
    "label": "01.07 - Suporte Técnico Em Informática, Inclusive Instalação, Configuração E Manutenção De Programas De Computação E Bancos De Dados",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 4
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "01.08",
    "label": "01.08 - Planejamento, Confecção, Manutenção E Atualização De Páginas Eletrônicas",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200040",
        "nbs": 1
      }
    ]
  },
  {
    "value": "01.09",
    "label": "01.09 - Disponibilização, Sem Cessão Definitiva, De Conteúdos De Áudio, Vídeo, Imagem E Texto Por Meio Da Internet, Respeitada A Imunidade De Livros, Jornais E Periódicos (Exceto A Distribuição De Conteúdos Pelas Prestadoras De Serviço De Acesso Condicionado, De Que Trata A Lei No 12.485, De 12 De Setembro De 2011, Sujeita Ao ICMS). (Incluído Pela Lei Complementar Nº 157, De 2016)",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 8
      }
    ]
  },
  {
    "value": "02.01",
    "label": "02.01 - Serviços De Pesquisas E Desenvolvimento De Qualquer Natureza",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 18
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200016",
        "nbs": 18
      }
    ]
  },
  {
    "value": "03.02",
    "label": "03.02 - Cessão De Direito De Uso De Marcas E De Sinais De Propaganda",
    "opcoes": [
      {
        "cIndOp": "100501",
        "cClassTrib": "000001",
        "nbs": 5
      }
    ]
  },
  {
    "value": "03.03",
    "label": "03.03 - Exploração De Salões De Festas, Centro De Convenções, Escritórios Virtuais, Stands, Quadras Esportivas, Estádios, Ginásios, Auditórios, Casas De Espetáculos, Parques De Diversões, Canchas E Congêneres, Para Realização De Eventos Ou Negócios De Qualquer Natureza",
    "opcoes": [
      {
        "cIndOp": "020101",
        "cClassTrib": "200027",
        "nbs": 5
      }
    ]
  },
  {
    "value": "03.04",
    "label": "03.04 - Locação, Sublocação, Arrendamento, Direito De Passagem Ou Permissão De Uso, Compartilhado Ou Não, De Ferrovia, Rodovia, Postes, Cabos, Dutos E Condutos De Qualquer Natureza",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200027",
        "nbs": 1
      }
    ]
  },
  {
    "value": "03.05",
    "label": "03.05 - Cessão De Andaimes, Palcos, Coberturas E Outras Estruturas De Uso Temporário",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "200039",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "200039",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.01",
    "label": "04.01 - Medicina E Biomedicina",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.02",
    "label": "04.02 - Análises Clínicas, Patologia, Eletricidade Médica, Radioterapia, Quimioterapia, Ultra-Sonografia, Ressonância Magnética, Radiologia, Tomografia E Congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 2
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 2
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200029",
        "nbs": 2
      }
    ]
  },
  {
    "value": "04.03",
    "label": "04.03 - Hospitais, Clínicas, Laboratórios, Sanatórios, Manicômios, Casas De Saúde, Prontos-Socorros, Ambulatórios E Congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 8
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 8
      }
    ]
  },
  {
    "value": "04.04",
    "label": "04.04 - Instrumentação Cirúrgica",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.05",
    "label": "04.05 - Acupuntura",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.06",
    "label": "04.06 - Enfermagem, Inclusive Serviços Auxiliares",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 2
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 2
      }
    ]
  },
  {
    "value": "04.07",
    "label": "04.07 - Serviços farmacêuticos",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.08",
    "label": "04.08 - Terapia Ocupacional, Fisioterapia E Fonoaudiologia",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 2
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 2
      }
    ]
  },
  {
    "value": "04.09",
    "label": "04.09 - Terapias De Qualquer Espécie Destinadas Ao Tratamento Físico, Orgânico E Mental",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.10",
    "label": "04.10 - Nutrição",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.11",
    "label": "04.11 - Obstetrícia",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 2
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 2
      }
    ]
  },
  {
    "value": "04.12",
    "label": "04.12 - Odontologia",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.13",
    "label": "04.13 - Ortóptica",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.14",
    "label": "04.14 - Próteses Sob Encomenda",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.15",
    "label": "04.15 - Psicanálise",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.16",
    "label": "04.16 - Psicologia",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.17",
    "label": "04.17 - Casas De Repouso E De Recuperação, Creches, Asilos E Congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 6
      }
    ]
  },
  {
    "value": "04.18",
    "label": "04.18 - Inseminação Artificial, Fertilização In Vitro E Congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.19",
    "label": "04.19 - Bancos De Sangue, Leite, Pele, Olhos, Óvulos, Sêmen E Congêneres",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.20",
    "label": "04.20 - Coleta De Sangue, Leite, Tecidos, Sêmen, Órgãos E Materiais Biológicos De Qualquer Espécie",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.21",
    "label": "04.21 - Unidade De Atendimento, Assistência Ou Tratamento Móvel E Congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200029",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "04.22",
    "label": "04.22 - Planos De Medicina De Grupo Ou Individual E Convênios Para Prestação De Assistência Médica, Hospitalar, Odontológica E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "04.23",
    "label": "04.23 - Outros Planos De Saúde Que Se Cumpram Através De Serviços De Terceiros Contratados, Credenciados, Cooperados Ou Apenas Pagos Pelo Operador Do Plano Mediante Indicação Do Beneficiário",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "05.01",
    "label": "05.01 - Medicina Veterinária E Zootecnia",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "200052",
        "nbs": 2
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "200052",
        "nbs": 2
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "200038",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "200038",
        "nbs": 1
      }
    ]
  },
  {
    "value": "05.02",
    "label": "05.02 - Hospitais, Clínicas, Ambulatórios, Prontos-Socorros E Congêneres, Na Área Veterinária",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "200038",
        "nbs": 2
      }
    ]
  },
  {
    "value": "05.03",
    "label": "05.03 - Laboratórios De Análise Na Área Veterinária",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "200038",
        "nbs": 1
      }
    ]
  },
  {
    "value": "05.04",
    "label": "05.04 - Inseminação Artificial, Fertilização In Vitro E Congêneres",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "200038",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "200038",
        "nbs": 1
      }
    ]
  },
  {
    "value": "05.05",
    "label": "05.05 - Bancos De Sangue E De Órgãos E Congêneres",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "05.06",
    "label": "05.06 - Coleta De Sangue, Leite, Tecidos, Sêmen, Órgãos E Materiais Biológicos De Qualquer Espécie",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "05.07",
    "label": "05.07 - Unidade De Atendimento, Assistência Ou Tratamento Móvel E Congêneres",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "200038",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "200038",
        "nbs": 1
      }
    ]
  },
  {
    "value": "05.08",
    "label": "05.08 - Guarda, Tratamento, Amestramento, Embelezamento, Alojamento E Congêneres",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "05.09",
    "label": "05.09 - Planos De Atendimento E Assistência Médico-Veterinária",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820003",
        "nbs": 1
      }
    ]
  },
  {
    "value": "06.01",
    "label": "06.01 - Barbearia, Cabeleireiros, Manicuros, Pedicuros E Congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "06.02",
    "label": "06.02 - Esteticistas, Tratamento De Pele, Depilação E Congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 3
      }
    ]
  },
  {
    "value": "06.03",
    "label": "06.03 - Banhos, Duchas, Sauna, Massagens E Congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "06.04",
    "label": "06.04 - Ginástica, Dança, Esportes, Natação, Artes Marciais E Demais Atividades Físicas",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030101",
        "cClassTrib": "200041",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200041",
        "nbs": 1
      }
    ]
  },
  {
    "value": "06.05",
    "label": "06.05 - Centros De Emagrecimento, Spa E Congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "06.06",
    "label": "06.06 - Aplicação De Tatuagens, Piercings E Congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "07.01",
    "label": "07.01 - Engenharia, Agronomia, Agrimensura, Arquitetura, Geologia, Urbanismo, Paisagismo E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 26
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 7
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200038",
        "nbs": 2
      }
    ]
  },
  {
    "value": "07.02",
    "label": "07.02 - Execução, Por Administração, Empreitada Ou Subempreitada, De Obras De Construção Civil, Hidráulica Ou Elétrica E De Outras Obras Semelhantes, Inclusive Sondagem, Perfuração De Poços, Escavação, Drenagem E Irrigação, Terraplanagem, Pavimentação, Concretagem E A Instalação E Montagem De Produtos, Peças E Equipamentos (Exceto O Fornecimento De Mercadorias Produzidas Pelo Prestador De Serviços Fora Do Local Da Prestação Dos Serviços, Que Fica Sujeito Ao ICMS)",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200046",
        "nbs": 56
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200045",
        "nbs": 45
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200038",
        "nbs": 1
      }
    ]
  },
  {
    "value": "07.03",
    "label": "07.03 - Elaboração De Planos Diretores, Estudos De Viabilidade, Estudos Organizacionais E Outros, Relacionados Com Obras E Serviços De Engenharia; Elaboração De Anteprojetos, Projetos Básicos E Projetos Executivos Para Trabalhos De Engenharia",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 4
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 4
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200045",
        "nbs": 3
      }
    ]
  },
  {
    "value": "07.04",
    "label": "07.04 - Demolição",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200045",
        "nbs": 1
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200046",
        "nbs": 1
      }
    ]
  },
  {
    "value": "07.05",
    "label": "07.05 - Reparação, Conservação E Reforma De Edifícios, Estradas, Pontes, Portos E Congêneres (Exceto O Fornecimento De Mercadorias Produzidas Pelo Prestador Dos Serviços, Fora Do Local Da Prestação Dos Serviços, Que Fica Sujeito Ao ICMS)",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200046",
        "nbs": 34
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200045",
        "nbs": 23
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200038",
        "nbs": 1
      }
    ]
  },
  {
    "value": "07.06",
    "label": "07.06 - Colocação E Instalação De Tapetes, Carpetes, Assoalhos, Cortinas, Revestimentos De Parede, Vidros, Divisórias, Placas De Gesso E Congêneres, Com Material Fornecido Pelo Tomador Do Serviço",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200045",
        "nbs": 4
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200046",
        "nbs": 4
      }
    ]
  },
  {
    "value": "07.07",
    "label": "07.07 - Recuperação, Raspagem, Polimento E Lustração De Pisos E Congêneres",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200045",
        "nbs": 1
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200046",
        "nbs": 1
      }
    ]
  },
  {
    "value": "07.08",
    "label": "07.08 - Calafetação",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200045",
        "nbs": 1
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200046",
        "nbs": 1
      }
    ]
  },
  {
    "value": "07.09",
    "label": "07.09 - Varrição, Coleta, Remoção, Incineração, Tratamento, Reciclagem, Separação E Destinação Final De Lixo, Rejeitos E Outros Resíduos Quaisquer",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 17
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 17
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "07.10",
    "label": "07.10 - Limpeza, Manutenção E Conservação De Vias E Logradouros Públicos, Imóveis, Chaminés, Piscinas, Parques, Jardins E Congêneres",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "000001",
        "nbs": 6
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200045",
        "nbs": 6
      }
    ]
  },
  {
    "value": "07.11",
    "label": "07.11 - Decoração E Jardinagem, Inclusive Corte E Poda De Árvores",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "000001",
        "nbs": 3
      }
    ]
  },
  {
    "value": "07.12",
    "label": "07.12 - Controle E Tratamento De Efluentes De Qualquer Natureza E De Agentes Físicos, Químicos E Biológicos",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 5
      }
    ]
  },
  {
    "value": "07.13",
    "label": "07.13 - Dedetização, Desinfecção, Desinsetização, Imunização, Higienização, Desratização, Pulverização E Congêneres",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200038",
        "nbs": 1
      }
    ]
  },
  {
    "value": "07.16",
    "label": "07.16 - Florestamento, Reflorestamento, Semeadura, Adubação, Reparação De Solo, Plantio, Silagem, Colheita, Corte E Descascamento De Árvores, Silvicultura, Exploração Florestal E Dos Serviços Congêneres Indissociáveis Da Formação, Manutenção E Colheita De Florestas, Para Quaisquer Fins E Por Quaisquer Meios. (Redação Dada Pela Lei Complementar Nº 157, De 2016)",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200037",
        "nbs": 1
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200038",
        "nbs": 1
      }
    ]
  },
  {
    "value": "07.17",
    "label": "07.17 - Escoramento, Contenção De Encostas E Serviços Congêneres",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200045",
        "nbs": 1
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200046",
        "nbs": 1
      }
    ]
  },
  {
    "value": "07.18",
    "label": "07.18 - Limpeza E Dragagem De Rios, Portos, Canais, Baías, Lagos, Lagoas, Represas, Açudes E Congêneres",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200045",
        "nbs": 1
      }
    ]
  },
  {
    "value": "07.19",
    "label": "07.19 - Acompanhamento E Fiscalização Da Execução De Obras De Engenharia, Arquitetura E Urbanismo",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200045",
        "nbs": 4
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200052",
        "nbs": 4
      }
    ]
  },
  {
    "value": "07.20",
    "label": "07.20 - Aerofotogrametria (Inclusive Interpretação), Cartografia, Mapeamento, Levantamentos Topográficos, Batimétricos, Geográficos, Geodésicos, Geológicos, Geofísicos E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200045",
        "nbs": 3
      }
    ]
  },
  {
    "value": "07.21",
    "label": "07.21 - Pesquisa, Perfuração, Cimentação, Mergulho, Perfilagem, Concretação, Testemunhagem, Pescaria, Estimulação E Outros Serviços Relacionados Com A Exploração E Explotação De Petróleo, Gás Natural E De Outros Recursos Minerais",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "000001",
        "nbs": 3
      }
    ]
  },
  {
    "value": "07.22",
    "label": "07.22 - Nucleação E Bombardeamento De Nuvens E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "08.01",
    "label": "08.01 - Ensino Regular Pré-Escolar, Fundamental, Médio E Superior",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200028",
        "nbs": 12
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200028",
        "nbs": 12
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200028",
        "nbs": 7
      },
      {
        "cIndOp": "030101",
        "cClassTrib": "200025",
        "nbs": 2
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200025",
        "nbs": 2
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200025",
        "nbs": 2
      }
    ]
  },
  {
    "value": "08.02",
    "label": "08.02 - Instrução, Treinamento, Orientação Pedagógica E Educacional, Avaliação De Conhecimentos De Qualquer Natureza",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 4
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 4
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 4
      },
      {
        "cIndOp": "030101",
        "cClassTrib": "200028",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200028",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200028",
        "nbs": 1
      }
    ]
  },
  {
    "value": "09.01",
    "label": "09.01 - Hospedagem De Qualquer Natureza Em Hotéis, Apart-Service Condominiais, Flat, Apart-Hotéis, Hotéis Residência, Residence-Service, Suite Service, Hotelaria Marítima, Motéis, Pensões E Congêneres; Ocupação Por Temporada Com Fornecimento De Serviço (O Valor Da Alimentação E Gorjeta, Quando Incluído No Preço Da Diária, Fica Sujeito Ao Imposto Sobre Serviços)",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200048",
        "nbs": 9
      }
    ]
  },
  {
    "value": "09.02",
    "label": "09.02 - Agenciamento, Organização, Promoção, Intermediação E Execução De Programas De Turismo, Passeios, Viagens, Excursões, Hospedagens E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "200051",
        "nbs": 21
      }
    ]
  },
  {
    "value": "09.03",
    "label": "09.03 - Guias De Turismo",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200051",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200051",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200051",
        "nbs": 1
      }
    ]
  },
  {
    "value": "10.01",
    "label": "10.01 - Agenciamento, Corretagem Ou Intermediação De Câmbio, De Seguros, De Cartões De Crédito, De Planos De Saúde E De Planos De Previdência Privada",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "011003",
        "nbs": 2
      }
    ]
  },
  {
    "value": "10.02",
    "label": "10.02 - Agenciamento, Corretagem Ou Intermediação De Títulos Em Geral, Valores Mobiliários E Contratos Quaisquer",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 3
      }
    ]
  },
  {
    "value": "10.03",
    "label": "10.03 - Agenciamento, Corretagem Ou Intermediação De Direitos De Propriedade Industrial, Artística Ou Literária",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "10.04",
    "label": "10.04 - Agenciamento, Corretagem Ou Intermediação De Contratos De Arrendamento Mercantil (Leasing), De Franquia (Franchising) E De Faturização (Factoring)",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "10.05",
    "label": "10.05 - Agenciamento, Corretagem Ou Intermediação De Bens Móveis Ou Imóveis, Não Abrangidos Em Outros Itens Ou Subitens, Inclusive Aqueles Realizados No Âmbito De Bolsas De Mercadorias E Futuros, Por Quaisquer Meios",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "020301",
        "cClassTrib": "200046",
        "nbs": 2
      }
    ]
  },
  {
    "value": "10.06",
    "label": "10.06 - Agenciamento Marítimo",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "10.07",
    "label": "10.07 - Agenciamento De Notícias",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "10.08",
    "label": "10.08 - Agenciamento De Publicidade E Propaganda, Inclusive O Agenciamento De Veiculação Por Quaisquer Meios",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "10.09",
    "label": "10.09 - Representação De Qualquer Natureza, Inclusive Comercial",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "10.10",
    "label": "10.10 - Distribuição De Bens De Terceiros",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "11.01",
    "label": "11.01 - Guarda E Estacionamento De Veículos Terrestres Automotores, De Aeronaves E De Embarcações",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 3
      }
    ]
  },
  {
    "value": "11.02",
    "label": "11.02 - Vigilância, Segurança Ou Monitoramento De Bens E Pessoas",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 4
      },
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "11.03",
    "label": "11.03 - Escolta, Inclusive De Veículos E Cargas",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "11.04",
    "label": "11.04 - Armazenamento, Depósito, Carga, Descarga, Arrumação E Guarda De Bens De Qualquer Espécie",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 13
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 13
      }
    ]
  },
  {
    "value": "11.05",
    "label": "11.05 - Vigilância, Segurança Ou Monitoramento De Bens, Pessoas E Semoventes. (Redação Dada Pela Lei Complementar Nº 157, De 2016)",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "12.01",
    "label": "12.01 - Espetáculos Teatrais",
    "opcoes": [
      {
        "cIndOp": "040101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "040101",
        "cClassTrib": "200039",
        "nbs": 1
      }
    ]
  },
  {
    "value": "12.02",
    "label": "12.02 - Exibições Cinematográficas",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030101",
        "cClassTrib": "200039",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200039",
        "nbs": 1
      }
    ]
  },
  {
    "value": "12.03",
    "label": "12.03 - Espetáculos Circenses",
    "opcoes": [
      {
        "cIndOp": "040101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "040101",
        "cClassTrib": "200039",
        "nbs": 1
      }
    ]
  },
  {
    "value": "12.04",
    "label": "12.04 - Programas De Auditório",
    "opcoes": [
      {
        "cIndOp": "040101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "040101",
        "cClassTrib": "200039",
        "nbs": 1
      }
    ]
  },
  {
    "value": "12.05",
    "label": "12.05 - Parques De Diversões, Centros De Lazer E Congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200048",
        "nbs": 4
      }
    ]
  },
  {
    "value": "12.06",
    "label": "12.06 - Boates, taxi-dancing e congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "12.07",
    "label": "12.07 - Shows, ballet, danças, desfiles, bailes, óperas, concertos, recitais, festivais e congêneres",
    "opcoes": [
      {
        "cIndOp": "040101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "040101",
        "cClassTrib": "200039",
        "nbs": 2
      }
    ]
  },
  {
    "value": "12.08",
    "label": "12.08 - Feiras, exposições, congressos e congêneres",
    "opcoes": [
      {
        "cIndOp": "040101",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "040101",
        "cClassTrib": "200039",
        "nbs": 3
      }
    ]
  },
  {
    "value": "12.09",
    "label": "12.09 - Bilhares, boliches e diversões eletrônicas ou não",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "12.10",
    "label": "12.10 - Corridas e competições de animais",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "12.11",
    "label": "12.11 - Competições esportivas ou de destreza física ou intelectual, com ou sem a participação do espectador",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "030101",
        "cClassTrib": "200042",
        "nbs": 2
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200042",
        "nbs": 2
      }
    ]
  },
  {
    "value": "12.12",
    "label": "12.12 - Execução de música",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030101",
        "cClassTrib": "200039",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200039",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200039",
        "nbs": 1
      }
    ]
  },
  {
    "value": "12.13",
    "label": "12.13 - [object Object]",
    "opcoes": [
      {
        "cIndOp": "040101",
        "cClassTrib": "000001",
        "nbs": 6
      },
      {
        "cIndOp": "040101",
        "cClassTrib": "200039",
        "nbs": 5
      }
    ]
  },
  {
    "value": "12.14",
    "label": "12.14 - Fornecimento de música para ambientes fechados ou não, mediante transmissão por qualquer processo",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030101",
        "cClassTrib": "200039",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200039",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200039",
        "nbs": 1
      }
    ]
  },
  {
    "value": "12.15",
    "label": "12.15 - Desfiles de blocos carnavalescos ou folclóricos, trios elétricos e congêneres",
    "opcoes": [
      {
        "cIndOp": "040101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "040101",
        "cClassTrib": "200039",
        "nbs": 2
      }
    ]
  },
  {
    "value": "12.16",
    "label": "12.16 - Exibição de filmes, entrevistas, musicais, espetáculos, shows, concertos, desfiles, óperas, competições esportivas, de destreza intelectual ou congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200039",
        "nbs": 2
      }
    ]
  },
  {
    "value": "12.17",
    "label": "12.17 - Recreação e animação, inclusive em festas e eventos de qualquer natureza",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "13.02",
    "label": "13.02 - Fonografia ou gravação de sons, inclusive trucagem, dublagem, mixagem e congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 5
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200039",
        "nbs": 4
      }
    ]
  },
  {
    "value": "13.03",
    "label": "13.03 - Fotografia e cinematografia, inclusive revelação, ampliação, cópia, reprodução, trucagem e congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 16
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200039",
        "nbs": 7
      }
    ]
  },
  {
    "value": "13.04",
    "label": "13.04 - Reprografia, microfilmagem e digitalização",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "13.05",
    "label": "13.05 - Composição Gráfica, Inclusive Confecção De Impressos Gráficos, Fotocomposição, Clicheria, Zincografia, Litografia E Fotolitografia, Exceto Se Destinados A Posterior Operação De Comercialização Ou Industrialização, Ainda Que Incorporados, De Qualquer Forma, A Outra Mercadoria Que Deva Ser Objeto De Posterior Circulação, Tais Como Bulas, Rótulos, Etiquetas, Caixas, Cartuchos, Embalagens E Manuais Técnicos E De Instrução, Quando Ficarão Sujeitos Ao ICMS",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 3
      }
    ]
  },
  {
    "value": "14.01",
    "label": "14.01 - Lubrificação, limpeza, lustração, revisão, carga e recarga, conserto, restauração, blindagem, manutenção e conservação de máquinas, veículos, aparelhos, equipamentos, motores, elevadores ou de qualquer objeto (exceto peças e partes empregadas, que ficam sujeitas ao ICMS)",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 23
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 23
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "200044",
        "nbs": 2
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "200044",
        "nbs": 2
      }
    ]
  },
  {
    "value": "14.02",
    "label": "14.02 - Assistência técnica",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 22
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 22
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "200044",
        "nbs": 2
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "200044",
        "nbs": 2
      }
    ]
  },
  {
    "value": "14.03",
    "label": "14.03 - Recondicionamento de motores (exceto peças e partes empregadas, que ficam sujeitas ao ICMS)",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "14.04",
    "label": "14.04 - Recauchutagem ou regeneração de pneus",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "14.05",
    "label": "14.05 - Restauração, Recondicionamento, Acondicionamento, Pintura, Beneficiamento, Lavagem, Secagem, Tingimento, Galvanoplastia, Anodização, Corte, Recorte, Plastificação, Costura, Acabamento, Polimento E Congêneres De Objetos Quaisquer. (Redação Dada Pela Lei Complementar Nº 157, De 2016)",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "14.06",
    "label": "14.06 - Instalação E Montagem De Aparelhos, Máquinas E Equipamentos, Inclusive Montagem Industrial, Prestados Ao Usuário Final, Exclusivamente Com Material Por Ele Fornecido",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 21
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 21
      }
    ]
  },
  {
    "value": "14.07",
    "label": "14.07 - Colocação de molduras e congêneres",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "14.08",
    "label": "14.08 - Encadernação, gravação e douração de livros, revistas e congêneres",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "14.09",
    "label": "14.09 - Alfaiataria e costura, quando o material for fornecido pelo usuário final, exceto aviamento",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "14.10",
    "label": "14.10 - Tinturaria e lavanderia",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 5
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 5
      }
    ]
  },
  {
    "value": "14.11",
    "label": "14.11 - Tapeçaria e reforma de estofamentos em geral",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "14.12",
    "label": "14.12 - Funilaria e lanternagem",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "14.13",
    "label": "14.13 - Carpintaria e serralheria",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "14.14",
    "label": "14.14 - Guincho Intramunicipal, Guindaste E Içamento. (Redação Dada Pela Lei Complementar Nº 157, De 2016)",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "15.01",
    "label": "15.01 - Administração De Fundos Quaisquer, De Consórcio, De Cartão De Crédito Ou Débito E Congêneres, De Carteira De Clientes, De Cheques Pré-Datados E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 6
      }
    ]
  },
  {
    "value": "15.02",
    "label": "15.02 - Abertura De Contas Em Geral, Inclusive Conta-Corrente, Conta De Investimentos E Aplicação E Caderneta De Poupança, No País E No Exterior, Bem Como A Manutenção Das Referidas Contas Ativas E Inativas",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 3
      }
    ]
  },
  {
    "value": "15.03",
    "label": "15.03 - Locação E Manutenção De Cofres Particulares, De Terminais Eletrônicos, De Terminais De Atendimento E De Bens E Equipamentos Em Geral",
    "opcoes": [
      {
        "cIndOp": "010101",
        "cClassTrib": "820007",
        "nbs": 1
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "820007",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "820007",
        "nbs": 1
      }
    ]
  },
  {
    "value": "15.04",
    "label": "15.04 - Fornecimento Ou Emissão De Atestados Em Geral, Inclusive Atestado De Idoneidade, Atestado De Capacidade Financeira E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 2
      }
    ]
  },
  {
    "value": "15.05",
    "label": "15.05 - Cadastro, Elaboração De Ficha Cadastral, Renovação Cadastral E Congêneres, Inclusão Ou Exclusão No Cadastro De Emitentes De Cheques Sem Fundos",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 1
      }
    ]
  },
  {
    "value": "15.06",
    "label": "15.06 - Emissão, Reemissão E Fornecimento De Avisos, Comprovantes E Documentos Em Geral; Abono De Firmas; Coleta E Entrega De Documentos, Bens E Valores; Comunicação Com Outra Agência Ou Com A Administração Central; Licenciamento Eletrônico De Veículos; Transferência De Veículos; Agenciamento Fiduciário Ou Depositário; Devolução De Bens Em Custódia",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 2
      }
    ]
  },
  {
    "value": "15.07",
    "label": "15.07 - Acesso, Movimentação, Atendimento E Consulta A Contas Em Geral, Por Qualquer Meio Ou Processo, Inclusive Por Telefone, Fac-Símile, Internet E Telex, Acesso A Terminais De Atendimento, Inclusive Vinte E Quatro Horas; Acesso A Outro Banco E A Rede Compartilhada; Fornecimento De Saldo, Extrato E Demais Informações Relativas A Contas Em Geral, Por Qualquer Meio Ou Processo",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 2
      }
    ]
  },
  {
    "value": "15.08",
    "label": "15.08 - Emissão, Reemissão, Alteração, Cessão, Substituição, Cancelamento E Registro De Contrato De Crédito; Estudo, Análise E Avaliação De Operações De Crédito; Emissão, Concessão, Alteração Ou Contratação De Aval, Fiança, Anuência E Congêneres; Serviços Relativos A Abertura De Crédito, Para Quaisquer Fins",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 6
      }
    ]
  },
  {
    "value": "15.09",
    "label": "15.09 - Arrendamento Mercantil (Leasing) De Quaisquer Bens, Inclusive Cessão De Direitos E Obrigações, Substituição De Garantia, Alteração, Cancelamento E Registro De Contrato, E Demais Serviços Relacionados Ao Arrendamento Mercantil (Leasing)",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 39
      }
    ]
  },
  {
    "value": "15.10",
    "label": "15.10 - Serviços Relacionados A Cobranças, Recebimentos Ou Pagamentos Em Geral, De Títulos Quaisquer, De Contas Ou Carnês, De Câmbio, De Tributos E Por Conta De Terceiros, Inclusive Os Efetuados Por Meio Eletrônico, Automático Ou Por Máquinas De Atendimento; Fornecimento De Posição De Cobrança, Recebimento Ou Pagamento; Emissão De Carnês, Fichas De Compensação, Impressos E Documentos Em Geral",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 2
      }
    ]
  },
  {
    "value": "15.11",
    "label": "15.11 - Devolução De Títulos, Protesto De Títulos, Sustação De Protesto, Manutenção De Títulos, Reapresentação De Títulos, E Demais Serviços A Eles Relacionados",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 1
      }
    ]
  },
  {
    "value": "15.12",
    "label": "15.12 - Custódia Em Geral, Inclusive De Títulos E Valores Mobiliários",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 1
      }
    ]
  },
  {
    "value": "15.13",
    "label": "15.13 - Serviços Relacionados A Operações De Câmbio Em Geral, Edição, Alteração, Prorrogação, Cancelamento E Baixa De Contrato De Câmbio; Emissão De Registro De Exportação Ou De Crédito; Cobrança Ou Depósito No Exterior; Emissão, Fornecimento E Cancelamento De Cheques De Viagem; Fornecimento, Transferência, Cancelamento E Demais Serviços Relativos A Carta De Crédito De Importação, Exportação E Garantias Recebidas; Envio E Recebimento De Mensagens Em Geral Relacionadas A Operações De Câmbio",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 1
      }
    ]
  },
  {
    "value": "15.14",
    "label": "15.14 - Fornecimento, Emissão, Reemissão, Renovação E Manutenção De Cartão Magnético, Cartão De Crédito, Cartão De Débito, Cartão Salário E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 2
      }
    ]
  },
  {
    "value": "15.15",
    "label": "15.15 - Compensação De Cheques E Títulos Quaisquer; Serviços Relacionados A Depósito, Inclusive Depósito Identificado, A Saque De Contas Quaisquer, Por Qualquer Meio Ou Processo, Inclusive Em Terminais Eletrônicos E De Atendimento",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 4
      }
    ]
  },
  {
    "value": "15.16",
    "label": "15.16 - Emissão, Reemissão, Liquidação, Alteração, Cancelamento E Baixa De Ordens De Pagamento, Ordens De Crédito E Similares, Por Qualquer Meio Ou Processo; Serviços Relacionados À Transferência De Valores, Dados, Fundos, Pagamentos E Similares, Inclusive Entre Contas Em Geral",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 1
      }
    ]
  },
  {
    "value": "15.17",
    "label": "15.17 - Emissão, Fornecimento, Devolução, Sustação, Cancelamento E Oposição De Cheques Quaisquer, Avulso Ou Por Talão",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 1
      }
    ]
  },
  {
    "value": "15.18",
    "label": "15.18 - Serviços Relacionados A Crédito Imobiliário, Avaliação E Vistoria De Imóvel Ou Obra, Análise Técnica E Jurídica, Emissão, Reemissão, Alteração, Transferência E Renegociação De Contrato, Emissão E Reemissão Do Termo De Quitação E Demais Serviços Relacionados A Crédito Imobiliário",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820007",
        "nbs": 3
      }
    ]
  },
  {
    "value": "16.01",
    "label": "16.01 - Serviços De Transporte Coletivo Municipal Rodoviário, Metroviário, Ferroviário E Aquaviário De Passageiros. (Redação Dada Pela Lei Complementar Nº 157, De 2016)",
    "opcoes": [
      {
        "cIndOp": "060101",
        "cClassTrib": "400001",
        "nbs": 3
      },
      {
        "cIndOp": "060101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "060101",
        "cClassTrib": "200021",
        "nbs": 2
      }
    ]
  },
  {
    "value": "16.02",
    "label": "16.02 - Outros Serviços De Transporte De Natureza Municipal. (Incluído Pela Lei Complementar Nº 157, De 2016)",
    "opcoes": [
      {
        "cIndOp": "070101",
        "cClassTrib": "000001",
        "nbs": 54
      },
      {
        "cIndOp": "060101",
        "cClassTrib": "000001",
        "nbs": 21
      }
    ]
  },
  {
    "value": "17.01",
    "label": "17.01 - Assessoria Ou Consultoria De Qualquer Natureza, Não Contida Em Outros Itens Desta Lista; Análise, Exame, Pesquisa, Coleta, Compilação E Fornecimento De Dados E Informações De Qualquer Natureza, Inclusive Cadastro E Similares",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 23
      }
    ]
  },
  {
    "value": "17.02",
    "label": "17.02 - Datilografia, Digitação, Estenografia, Expediente, Secretaria Em Geral, Resposta Audível, Redação, Edição, Interpretação, Revisão, Tradução, Apoio E Infra-Estrutura Administrativa E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 7
      }
    ]
  },
  {
    "value": "17.03",
    "label": "17.03 - Planejamento, Coordenação, Programação Ou Organização Técnica, Financeira Ou Administrativa",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "17.04",
    "label": "17.04 - Recrutamento, Agenciamento, Seleção E Colocação De Mão-De-Obra",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "17.05",
    "label": "17.05 - Fornecimento De Mão-De-Obra, Mesmo Em Caráter Temporário, Inclusive De Empregados Ou Trabalhadores, Avulsos Ou Temporários, Contratados Pelo Prestador De Serviço",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 3
      }
    ]
  },
  {
    "value": "17.06",
    "label": "17.06 - Propaganda E Publicidade, Inclusive Promoção De Vendas, Planejamento De Campanhas Ou Sistemas De Publicidade, Elaboração De Desenhos, Textos E Demais Materiais Publicitários",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 4
      }
    ]
  },
  {
    "value": "17.08",
    "label": "17.08 - Franquia (Franchising)",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "17.09",
    "label": "17.09 - Perícias, Laudos, Exames Técnicos E Análises Técnicas",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 5
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200038",
        "nbs": 1
      }
    ]
  },
  {
    "value": "17.10",
    "label": "17.10 - Planejamento, Organização E Administração De Feiras, Exposições, Congressos E Congêneres",
    "opcoes": [
      {
        "cIndOp": "040101",
        "cClassTrib": "000001",
        "nbs": 3
      }
    ]
  },
  {
    "value": "17.11",
    "label": "17.11 - Organização De Festas E Recepções; Bufê (Exceto O Fornecimento De Alimentação E Bebidas, Que Fica Sujeito Ao ICMS)",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "17.12",
    "label": "17.12 - Administração Em Geral, Inclusive De Bens E Negócios De Terceiros",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "020301",
        "cClassTrib": "200046",
        "nbs": 2
      }
    ]
  },
  {
    "value": "17.13",
    "label": "17.13 - Leilão E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "17.14",
    "label": "17.14 - Advocacia",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 5
      }
    ]
  },
  {
    "value": "17.15",
    "label": "17.15 - Arbitragem De Qualquer Espécie, Inclusive Jurídica",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "17.16",
    "label": "17.16 - Auditoria",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 1
      }
    ]
  },
  {
    "value": "17.17",
    "label": "17.17 - Análise De Organização E Métodos",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "17.18",
    "label": "17.18 - Atuária E Cálculos Técnicos De Qualquer Natureza",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "17.19",
    "label": "17.19 - Contabilidade, Inclusive Serviços Técnicos E Auxiliares",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 3
      }
    ]
  },
  {
    "value": "17.20",
    "label": "17.20 - Consultoria E Assessoria Econômica Ou Financeira",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 4
      }
    ]
  },
  {
    "value": "17.21",
    "label": "17.21 - Estatística",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 1
      }
    ]
  },
  {
    "value": "17.22",
    "label": "17.22 - Cobrança Em Geral",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "17.23",
    "label": "17.23 - Assessoria, Análise, Avaliação, Atendimento, Consulta, Cadastro, Seleção, Gerenciamento De Informações, Administração De Contas A Receber Ou A Pagar E Em Geral, Relacionados A Operações De Faturização (Factoring)",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "17.24",
    "label": "17.24 - Apresentação De Palestras, Conferências, Seminários E Congêneres",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "17.25",
    "label": "17.25 - Inserção De Textos, Desenhos E Outros Materiais De Propaganda E Publicidade, Em Qualquer Meio (Exceto Em Livros, Jornais, Periódicos E Nas Modalidades De Serviços De Radiodifusão Sonora E De Sons E Imagens De Recepção Livre E Gratuita).(Incluído Pela Lei Complementar Nº 157, De 2016)",
    "opcoes": [
      {
        "cIndOp": "100101",
        "cClassTrib": "000001",
        "nbs": 3
      }
    ]
  },
  {
    "value": "18.01",
    "label": "18.01 - Serviços De Regulação De Sinistros Vinculados A Contratos De Seguros; Inspeção E Avaliação De Riscos Para Cobertura De Contratos De Seguros; Prevenção E Gerência De Riscos Seguráveis E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "19.01",
    "label": "19.01 - Serviços De Distribuição E Venda De Bilhetes E Demais Produtos De Loteria, Bingos, Cartões, Pules Ou Cupons De Apostas, Sorteios, Prêmios, Inclusive Os Decorrentes De Títulos De Capitalização E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "20.01",
    "label": "20.01 - Serviços Portuários, Ferroportuários, Utilização De Porto, Movimentação De Passageiros, Reboque De Embarcações, Rebocador Escoteiro, Atracação, Desatracação, Serviços De Praticagem, Capatazia, Armazenagem De Qualquer Natureza, Serviços Acessórios, Movimentação De Mercadorias, Serviços De Apoio Marítimo, De Movimentação Ao Largo, Serviços De Armadores, Estiva, Conferência, Logística E Congêneres",
    "opcoes": [
      {
        "cIndOp": "050201",
        "cClassTrib": "000001",
        "nbs": 17
      }
    ]
  },
  {
    "value": "20.02",
    "label": "20.02 - Serviços Aeroportuários, Utilização De Aeroporto, Movimentação De Passageiros, Armazenagem De Qualquer Natureza, Capatazia, Movimentação De Aeronaves, Serviços De Apoio Aeroportuários, Serviços Acessórios, Movimentação De Mercadorias, Logística E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 4
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "20.03",
    "label": "20.03 - Serviços De Terminais Rodoviários, Ferroviários, Metroviários, Movimentação De Passageiros, Mercadorias, Inclusive Suas Operações, Logística E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "21.01",
    "label": "21.01 - Serviços De Registros Públicos, Cartorários E Notariais",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "22.01",
    "label": "22.01 - Serviços De Exploração De Rodovia Mediante Cobrança De Preço Ou Pedágio Dos Usuários, Envolvendo Execução De Serviços De Conservação, Manutenção, Melhoramentos Para Adequação De Capacidade E Segurança De Trânsito, Operação, Monitoração, Assistência Aos Usuários E Outros Serviços Definidos Em Contratos, Atos De Concessão Ou De Permissão Ou Em Normas Oficiais",
    "opcoes": [
      {
        "cIndOp": "080101",
        "cClassTrib": "820006",
        "nbs": 2
      }
    ]
  },
  {
    "value": "23.01",
    "label": "23.01 - Serviços De Programação E Comunicação Visual, Desenho Industrial E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 8
      }
    ]
  },
  {
    "value": "24.01",
    "label": "24.01 - Serviços De Chaveiros, Confecção De Carimbos, Placas, Sinalização Visual, Banners, Adesivos E Congêneres",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "050102",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "25.01",
    "label": "25.01 - Funerais, Inclusive Fornecimento De Caixão, Urna Ou Esquifes; Aluguel De Capela; Transporte Do Corpo Cadavérico; Fornecimento De Flores, Coroas E Outros Paramentos; Desembaraço De Certidão De Óbito; Fornecimento De Véu, Essa E Outros Adornos; Embalsamento, Embelezamento, Conservação Ou Restauração De Cadáveres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "25.02",
    "label": "25.02 - Translado Intramunicipal E Cremação De Corpos E Partes De Corpos Cadavéricos. (Redação Dada Pela Lei Complementar Nº 157, De 2016)",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200029",
        "nbs": 1
      }
    ]
  },
  {
    "value": "25.03",
    "label": "25.03 - Planos Ou Convênio Funerários",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "820002",
        "nbs": 1
      }
    ]
  },
  {
    "value": "25.04",
    "label": "25.04 - Manutenção E Conservação De Jazigos E Cemitérios",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "25.05",
    "label": "25.05 - Cessão De Uso De Espaços Em Cemitérios Para Sepultamento. (Incluído Pela Lei Complementar Nº 157, De 2016)",
    "opcoes": [
      {
        "cIndOp": "020101",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "26.01",
    "label": "26.01 - Serviços De Coleta, Remessa Ou Entrega De Correspondências, Documentos, Objetos, Bens Ou Valores, Inclusive Pelos Correios E Suas Agências Franqueadas; Courrier E Congêneres",
    "opcoes": [
      {
        "cIndOp": "070101",
        "cClassTrib": "000001",
        "nbs": 6
      }
    ]
  },
  {
    "value": "27.01",
    "label": "27.01 - Serviços De Assistência Social",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "200052",
        "nbs": 4
      },
      {
        "cIndOp": "030102",
        "cClassTrib": "200052",
        "nbs": 4
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 1
      }
    ]
  },
  {
    "value": "28.01",
    "label": "28.01 - Serviços De Avaliação De Bens E Serviços De Qualquer Natureza",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 3
      }
    ]
  },
  {
    "value": "29.01",
    "label": "29.01 - Serviços De Biblioteconomia",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 1
      }
    ]
  },
  {
    "value": "30.01",
    "label": "30.01 - Serviços De Biologia, Biotecnologia E Química",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 1
      }
    ]
  },
  {
    "value": "31.01",
    "label": "31.01 - Serviços Técnicos Em Edificações, Eletrônica, Eletrotécnica, Mecânica, Telecomunicações E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 1
      }
    ]
  },
  {
    "value": "32.01",
    "label": "32.01 - Serviços De Desenhos Técnicos",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "33.01",
    "label": "33.01 - Serviços De Desembaraço Aduaneiro, Comissários, Despachantes E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "34.01",
    "label": "34.01 - Serviços De Investigações Particulares, Detetives E Congêneres",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "35.01",
    "label": "35.01 - Serviços De Reportagem, Assessoria De Imprensa, Jornalismo E Relações Públicas",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 3
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200040",
        "nbs": 2
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 1
      }
    ]
  },
  {
    "value": "36.01",
    "label": "36.01 - Serviços De Meteorologia",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 1
      }
    ]
  },
  {
    "value": "37.01",
    "label": "37.01 - Serviços De Artistas, Atletas, Modelos E Manequins",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 5
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200039",
        "nbs": 1
      }
    ]
  },
  {
    "value": "38.01",
    "label": "38.01 - Serviços De Museologia",
    "opcoes": [
      {
        "cIndOp": "030101",
        "cClassTrib": "000001",
        "nbs": 2
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "000001",
        "nbs": 1
      },
      {
        "cIndOp": "030101",
        "cClassTrib": "200039",
        "nbs": 1
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200052",
        "nbs": 1
      }
    ]
  },
  {
    "value": "39.01",
    "label": "39.01 - Serviços De Ourivesaria E Lapidação (Quando O Material For Fornecido Pelo Tomador Do Serviço)",
    "opcoes": [
      {
        "cIndOp": "050101",
        "cClassTrib": "000001",
        "nbs": 4
      }
    ]
  },
  {
    "value": "40.01",
    "label": "40.01 - Obras De Arte Sob Encomenda",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 2
      }
    ]
  },
  {
    "value": "99.02.01",
    "label": "99.02.01 - Operação com Bens Imateriais não classificados em itens anteriores",
    "opcoes": [
      {
        "cIndOp": "100301",
        "cClassTrib": "000001",
        "nbs": 54
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200039",
        "nbs": 26
      },
      {
        "cIndOp": "100301",
        "cClassTrib": "200038",
        "nbs": 1
      }
    ]
  },
  {
    "value": "99.03.01",
    "label": "99.03.01 - Locação de Bens Imóveis",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200026",
        "nbs": 2
      },
      {
        "cIndOp": "020201",
        "cClassTrib": "200027",
        "nbs": 2
      },
      {
        "cIndOp": "030101",
        "cClassTrib": "200048",
        "nbs": 1
      }
    ]
  },
  {
    "value": "99.03.02",
    "label": "99.03.02 - Cessão Onerosa de Bens Imóveis",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200027",
        "nbs": 2
      }
    ]
  },
  {
    "value": "99.03.03",
    "label": "99.03.03 - Arrendamento de Bens Imóveis",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200027",
        "nbs": 2
      }
    ]
  },
  {
    "value": "99.03.04",
    "label": "99.03.04 - Servidão, Cessão de Uso ou de Espaço de Bens Imóveis (quando não caracterizem operações tributáveis pelo ISSQN)",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200027",
        "nbs": 2
      }
    ]
  },
  {
    "value": "99.03.05",
    "label": "99.03.05 - Permissão de Uso ou Direito de Passagem de Bens Imóveis (quando não caracterizem operações tributáveis pelo ISSQN)",
    "opcoes": [
      {
        "cIndOp": "020201",
        "cClassTrib": "200027",
        "nbs": 2
      }
    ]
  },
  {
    "value": "99.04.01",
    "label": "99.04.01 - Locação de Bens Móveis",
    "opcoes": [
      {
        "cIndOp": "010101",
        "cClassTrib": "000001",
        "nbs": 20
      },
      {
        "cIndOp": "010102",
        "cClassTrib": "000001",
        "nbs": 20
      },
      {
        "cIndOp": "010103",
        "cClassTrib": "000001",
        "nbs": 20
      },
      {
        "cIndOp": "010106",
        "cClassTrib": "000001",
        "nbs": 20
      }
    ]
  }
] as const;
export type CorrelacaoServicoIbsCbs = "01.01" | "01.02" | "01.03" | "01.04" | "01.05" | "01.06" | "01.07" | "01.08" | "01.09" | "02.01" | "03.02" | "03.03" | "03.04" | "03.05" | "04.01" | "04.02" | "04.03" | "04.04" | "04.05" | "04.06" | "04.07" | "04.08" | "04.09" | "04.10" | "04.11" | "04.12" | "04.13" | "04.14" | "04.15" | "04.16" | "04.17" | "04.18" | "04.19" | "04.20" | "04.21" | "04.22" | "04.23" | "05.01" | "05.02" | "05.03" | "05.04" | "05.05" | "05.06" | "05.07" | "05.08" | "05.09" | "06.01" | "06.02" | "06.03" | "06.04" | "06.05" | "06.06" | "07.01" | "07.02" | "07.03" | "07.04" | "07.05" | "07.06" | "07.07" | "07.08" | "07.09" | "07.10" | "07.11" | "07.12" | "07.13" | "07.16" | "07.17" | "07.18" | "07.19" | "07.20" | "07.21" | "07.22" | "08.01" | "08.02" | "09.01" | "09.02" | "09.03" | "10.01" | "10.02" | "10.03" | "10.04" | "10.05" | "10.06" | "10.07" | "10.08" | "10.09" | "10.10" | "11.01" | "11.02" | "11.03" | "11.04" | "11.05" | "12.01" | "12.02" | "12.03" | "12.04" | "12.05" | "12.06" | "12.07" | "12.08" | "12.09" | "12.10" | "12.11" | "12.12" | "12.13" | "12.14" | "12.15" | "12.16" | "12.17" | "13.02" | "13.03" | "13.04" | "13.05" | "14.01" | "14.02" | "14.03" | "14.04" | "14.05" | "14.06" | "14.07" | "14.08" | "14.09" | "14.10" | "14.11" | "14.12" | "14.13" | "14.14" | "15.01" | "15.02" | "15.03" | "15.04" | "15.05" | "15.06" | "15.07" | "15.08" | "15.09" | "15.10" | "15.11" | "15.12" | "15.13" | "15.14" | "15.15" | "15.16" | "15.17" | "15.18" | "16.01" | "16.02" | "17.01" | "17.02" | "17.03" | "17.04" | "17.05" | "17.06" | "17.08" | "17.09" | "17.10" | "17.11" | "17.12" | "17.13" | "17.14" | "17.15" | "17.16" | "17.17" | "17.18" | "17.19" | "17.20" | "17.21" | "17.22" | "17.23" | "17.24" | "17.25" | "18.01" | "19.01" | "20.01" | "20.02" | "20.03" | "21.01" | "22.01" | "23.01" | "24.01" | "25.01" | "25.02" | "25.03" | "25.04" | "25.05" | "26.01" | "27.01" | "28.01" | "29.01" | "30.01" | "31.01" | "32.01" | "33.01" | "34.01" | "35.01" | "36.01" | "37.01" | "38.01" | "39.01" | "40.01" | "99.02.01" | "99.03.01" | "99.03.02" | "99.03.03" | "99.03.04" | "99.03.05" | "99.04.01";

/** Crédito presumido do IBS e da CBS (cCredPres) */
export const CRED_PRES_IBS_CBS = [
  {
    "value": "1",
    "label": "Crédito presumido da aquisição de bens e serviços de produtor rural e produtor rural integrado não contribuinte, observado o art. 168 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": null,
    "pAliqIBS": null,
    "cClassTribReferenciado": "410014",
    "dIniVigCBS": "2027-01-01",
    "dFimVigCBS": null,
    "dIniVigIBS": "2027-01-01",
    "dFimVigIBS": null
  },
  {
    "value": "2",
    "label": "Crédito presumido da aquisição de serviço de transportador autônomo de carga pessoa física não contribuinte, observado o art. 169 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": null,
    "pAliqIBS": null,
    "cClassTribReferenciado": "410015",
    "dIniVigCBS": "2027-01-01",
    "dFimVigCBS": null,
    "dIniVigIBS": "2027-01-01",
    "dFimVigIBS": null
  },
  {
    "value": "3",
    "label": "Crédito presumido da aquisição de resíduos e demais materiais destinados à reciclagem, reutilização ou logística reversa adquiridos de pessoa física, cooperativa ou outra forma de organização popular, observado o art. 170 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": "0.07",
    "pAliqIBS": null,
    "cClassTribReferenciado": "410016",
    "dIniVigCBS": "2027-01-01",
    "dFimVigCBS": null,
    "dIniVigIBS": "2029-01-01",
    "dFimVigIBS": null
  },
  {
    "value": "4",
    "label": "Crédito presumido da aquisição de bens móveis usados de pessoa física não contribuinte para revenda, observado o art. 171 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": null,
    "pAliqIBS": null,
    "cClassTribReferenciado": "410017",
    "dIniVigCBS": "2027-01-01",
    "dFimVigCBS": null,
    "dIniVigIBS": "2027-01-01",
    "dFimVigIBS": null
  },
  {
    "value": "5",
    "label": "Crédito presumido no regime automotivo, observado o art. 311 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": null,
    "pAliqIBS": null,
    "cClassTribReferenciado": "Com incidência de CBS",
    "dIniVigCBS": "2027-01-01",
    "dFimVigCBS": null,
    "dIniVigIBS": null,
    "dFimVigIBS": null
  },
  {
    "value": "6",
    "label": "Crédito presumido no regime automotivo, observado o art. 312 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": null,
    "pAliqIBS": null,
    "cClassTribReferenciado": "Com incidência de CBS",
    "dIniVigCBS": "2027-01-01",
    "dFimVigCBS": null,
    "dIniVigIBS": null,
    "dFimVigIBS": null
  },
  {
    "value": "7",
    "label": "Crédito presumido na aquisição por contribuinte na Zona Franca de Manaus, observado o art. 444 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": null,
    "pAliqIBS": null,
    "cClassTribReferenciado": "Com incidência de IBS",
    "dIniVigCBS": null,
    "dFimVigCBS": null,
    "dIniVigIBS": "2027-01-01",
    "dFimVigIBS": null
  },
  {
    "value": "8",
    "label": "Crédito presumido na aquisição por contribuinte na Zona Franca de Manaus, observado o art. 447 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": null,
    "pAliqIBS": null,
    "cClassTribReferenciado": "cClass de alíquota zero",
    "dIniVigCBS": null,
    "dFimVigCBS": null,
    "dIniVigIBS": "2029-01-01",
    "dFimVigIBS": null
  },
  {
    "value": "9",
    "label": "Crédito presumido na aquisição por contribuinte na Zona Franca de Manaus, observado o art. 449 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": null,
    "pAliqIBS": "0.075",
    "cClassTribReferenciado": "cClass de alíquota zero",
    "dIniVigCBS": null,
    "dFimVigCBS": null,
    "dIniVigIBS": "2029-01-01",
    "dFimVigIBS": null
  },
  {
    "value": "10",
    "label": "Crédito presumido na aquisição por contribuinte na Zona Franca de Manaus, observado o art. 450 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": null,
    "pAliqIBS": null,
    "cClassTribReferenciado": "Com incidência de CBS",
    "dIniVigCBS": "2027-01-01",
    "dFimVigCBS": null,
    "dIniVigIBS": null,
    "dFimVigIBS": null
  },
  {
    "value": "11",
    "label": "Crédito presumido na aquisição por contribuinte na Área de Livre Comércio, observado o art. 462 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": null,
    "pAliqIBS": null,
    "cClassTribReferenciado": "Com incidência de IBS",
    "dIniVigCBS": null,
    "dFimVigCBS": null,
    "dIniVigIBS": "2027-01-01",
    "dFimVigIBS": null
  },
  {
    "value": "12",
    "label": "Crédito presumido na aquisição por contribuinte na Área de Livre Comércio, observado o art. 465 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": null,
    "pAliqIBS": null,
    "cClassTribReferenciado": "cClass de alíquota zero",
    "dIniVigCBS": null,
    "dFimVigCBS": null,
    "dIniVigIBS": "2029-01-01",
    "dFimVigIBS": null
  },
  {
    "value": "13",
    "label": "Crédito presumido na aquisição pela indústria na Área de Livre Comércio, observado o art. 467 da Lei Complementar nº 214, de 2025.",
    "pAliqCBS": "0.07",
    "pAliqIBS": null,
    "cClassTribReferenciado": "Com incidência de CBS",
    "dIniVigCBS": "2027-01-01",
    "dFimVigCBS": null,
    "dIniVigIBS": null,
    "dFimVigIBS": null
  }
] as const;
export type CredPresIbsCbs = "1" | "2" | "3" | "4" | "5" | "6" | "7" | "8" | "9" | "10" | "11" | "12" | "13";

/** CSOSN (ICMS do Simples Nacional) */
export const CSOSN = [
  {
    "value": "101",
    "label": "Tributada com permissão de crédito"
  },
  {
    "value": "102",
    "label": "Tributada sem permissão de crédito"
  },
  {
    "value": "103",
    "label": "Isento de icms para a faixa de receita bruta"
  },
  {
    "value": "201",
    "label": "Tributada com permissão de crédito e cobrança de ICMS por ST"
  },
  {
    "value": "202",
    "label": "Tributada sem permissão de crédito e cobrança de ICMS por ST"
  },
  {
    "value": "203",
    "label": "Isento de ICMS para a faixa de receita bruta e cobrança de ICMS por ST"
  },
  {
    "value": "300",
    "label": "Imune"
  },
  {
    "value": "400",
    "label": "Não tributada pelo SIMPLES"
  },
  {
    "value": "500",
    "label": "ICMS cobrado anteriormente por ST ou por antecipação"
  },
  {
    "value": "900",
    "label": "Outros"
  }
] as const;
export type Csosn = "101" | "102" | "103" | "201" | "202" | "203" | "300" | "400" | "500" | "900";

/** CST da COFINS */
export const CST_COFINS = [
  {
    "value": "01",
    "label": "Operação Tributável com Alíquota Básica",
    "tipo": "saida"
  },
  {
    "value": "02",
    "label": "Operação Tributável com Alíquota Diferenciada",
    "tipo": "saida"
  },
  {
    "value": "03",
    "label": "Operação Tributável com Alíquota por Unidade de Medida de Produto",
    "tipo": "saida"
  },
  {
    "value": "04",
    "label": "Operação Tributável Monofásica - Revenda a Alíquota Zero",
    "tipo": "saida"
  },
  {
    "value": "05",
    "label": "Operação Tributável por Substituição Tributária",
    "tipo": "saida"
  },
  {
    "value": "06",
    "label": "Operação Tributável a Alíquota zero",
    "tipo": "saida"
  },
  {
    "value": "07",
    "label": "Operação Isenta da Contribuição",
    "tipo": "saida"
  },
  {
    "value": "08",
    "label": "Operação sem Incidência da Contribuição",
    "tipo": "saida"
  },
  {
    "value": "09",
    "label": "Operação com Suspensão da Contribuição",
    "tipo": "saida"
  },
  {
    "value": "49",
    "label": "Outras Operações de Saída",
    "tipo": "saida"
  },
  {
    "value": "50",
    "label": "Operação com Direito a Crédito - Vinculada Exclusivamente a Receita Tributada no Mercado Interno",
    "tipo": "entrada"
  },
  {
    "value": "51",
    "label": "Operação com Direito a Crédito - Vinculada Exclusivamente a Receita Não-Tributada no Mercado Interno",
    "tipo": "entrada"
  },
  {
    "value": "52",
    "label": "Operação com Direito a Crédito - Vinculada Exclusivamente a Receita de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "53",
    "label": "Operação com Direito a Crédito - Vinculada a Receitas Tributadas e Não-Tributadas no Mercado Interno",
    "tipo": "entrada"
  },
  {
    "value": "54",
    "label": "Operação com Direito a Crédito - Vinculada a Receitas Tributadas no Mercado Interno e de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "55",
    "label": "Operação com Direito a Crédito - Vinculada a Receitas Não Tributadas no Mercado Interno e de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "56",
    "label": "Operação com Direito a Crédito - Vinculada a Receitas Tributadas e Não-Tributadas no Mercado Interno e de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "60",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada Exclusivamente a Receita Tributada no Mercado Interno",
    "tipo": "entrada"
  },
  {
    "value": "61",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada Exclusivamente a Receita Não-Tributada no Mercado Interno",
    "tipo": "entrada"
  },
  {
    "value": "62",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada Exclusivamente a Receita de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "63",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada a Receitas Tributadas e Não-Tributadas no Mercado Interno",
    "tipo": "entrada"
  },
  {
    "value": "64",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada a Receitas Tributadas no Mercado Interno e de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "65",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada a Receitas Não-Tributadas no Mercado Interno e de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "66",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada a Receitas Tributadas e Não-Tributadas no Mercado Interno e de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "67",
    "label": "Crédito Presumido - Outras Operações",
    "tipo": "entrada"
  },
  {
    "value": "70",
    "label": "Operação de Aquisição sem Direito a Crédito",
    "tipo": "entrada"
  },
  {
    "value": "71",
    "label": "Operação de Aquisição com Isenção",
    "tipo": "entrada"
  },
  {
    "value": "72",
    "label": "Operação de Aquisição com Suspensão",
    "tipo": "entrada"
  },
  {
    "value": "73",
    "label": "Operação de Aquisição a Alíquota Zero",
    "tipo": "entrada"
  },
  {
    "value": "74",
    "label": "Operação de Aquisição sem Incidência da Contribuição",
    "tipo": "entrada"
  },
  {
    "value": "75",
    "label": "Operação de Aquisição por Substituição Tributária",
    "tipo": "entrada"
  },
  {
    "value": "98",
    "label": "Outras Operações de Entrada",
    "tipo": "entrada"
  },
  {
    "value": "99",
    "label": "Outras Operações",
    "tipo": "saida"
  }
] as const;
export type CstCofins = "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "49" | "50" | "51" | "52" | "53" | "54" | "55" | "56" | "60" | "61" | "62" | "63" | "64" | "65" | "66" | "67" | "70" | "71" | "72" | "73" | "74" | "75" | "98" | "99";

/** CST do IBS e da CBS */
export const CST_IBS_CBS = [
  {
    "value": "000",
    "label": "Tributação integral",
    "gIBSCBS": true,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "010",
    "label": "Tributação com alíquotas uniformes",
    "gIBSCBS": true,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "011",
    "label": "Tributação com alíquotas uniformes reduzidas",
    "gIBSCBS": true,
    "gIBSCBSMono": false,
    "gRed": true,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "200",
    "label": "Alíquota reduzida",
    "gIBSCBS": true,
    "gIBSCBSMono": false,
    "gRed": true,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "220",
    "label": "Alíquota fixa",
    "gIBSCBS": true,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "221",
    "label": "Alíquota fixa proporcional",
    "gIBSCBS": true,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "222",
    "label": "Redução de base de cálculo",
    "gIBSCBS": true,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": true
  },
  {
    "value": "400",
    "label": "Isenção",
    "gIBSCBS": false,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "410",
    "label": "Imunidade e não incidência",
    "gIBSCBS": false,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "510",
    "label": "Diferimento",
    "gIBSCBS": true,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": true,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "515",
    "label": "Diferimento com redução de alíquota",
    "gIBSCBS": true,
    "gIBSCBSMono": false,
    "gRed": true,
    "gDif": true,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "550",
    "label": "Suspensão",
    "gIBSCBS": true,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "620",
    "label": "Tributação monofásica",
    "gIBSCBS": false,
    "gIBSCBSMono": true,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "800",
    "label": "Transferência de crédito",
    "gIBSCBS": false,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": true,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "810",
    "label": "Ajuste de IBS na ZFM",
    "gIBSCBS": false,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": true,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "811",
    "label": "Ajustes",
    "gIBSCBS": false,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": true,
    "redutorBC": false
  },
  {
    "value": "820",
    "label": "Tributação em documento específico",
    "gIBSCBS": false,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  },
  {
    "value": "830",
    "label": "Exclusão de base de cálculo",
    "gIBSCBS": true,
    "gIBSCBSMono": false,
    "gRed": false,
    "gDif": false,
    "gTransfCred": false,
    "gCredPresIBSZFM": false,
    "gAjusteCompet": false,
    "redutorBC": false
  }
] as const;
export type CstIbsCbs = "000" | "010" | "011" | "200" | "220" | "221" | "222" | "400" | "410" | "510" | "515" | "550" | "620" | "800" | "810" | "811" | "820" | "830";

/** CST do ICMS */
export const CST_ICMS = [
  {
    "value": "00",
    "label": "Tributada integralmente"
  },
  {
    "value": "10",
    "label": "Tributada e com cobrança do ICMS por substituição tributária"
  },
  {
    "value": "20",
    "label": "Com redução de base de cálculo"
  },
  {
    "value": "30",
    "label": "Isenta ou não tributada e com cobrança do ICMS por substituição tributária"
  },
  {
    "value": "40",
    "label": "Isenta"
  },
  {
    "value": "41",
    "label": "Não tributada"
  },
  {
    "value": "50",
    "label": "Suspensão"
  },
  {
    "value": "51",
    "label": "Diferimento"
  },
  {
    "value": "60",
    "label": "ICMS cobrado anteriormente por substituição tributária"
  },
  {
    "value": "70",
    "label": "Com redução de base de cálculo e cobrança do ICMS por substituição tributária"
  },
  {
    "value": "90",
    "label": "Outras"
  }
] as const;
export type CstIcms = "00" | "10" | "20" | "30" | "40" | "41" | "50" | "51" | "60" | "70" | "90";

/** CST do IPI */
export const CST_IPI = [
  {
    "value": "00",
    "label": "Entrada com recuperação de crédito",
    "tipo": "entrada"
  },
  {
    "value": "01",
    "label": "Entrada tributada com alíquota zero",
    "tipo": "entrada"
  },
  {
    "value": "02",
    "label": "Entrada isenta",
    "tipo": "entrada"
  },
  {
    "value": "03",
    "label": "Entrada não-tributada",
    "tipo": "entrada"
  },
  {
    "value": "04",
    "label": "Entrada imune",
    "tipo": "entrada"
  },
  {
    "value": "05",
    "label": "Entrada com suspensão",
    "tipo": "entrada"
  },
  {
    "value": "49",
    "label": "Outras entradas",
    "tipo": "entrada"
  },
  {
    "value": "50",
    "label": "Saída tributada",
    "tipo": "saida"
  },
  {
    "value": "51",
    "label": "Saída tributada com alíquota zero",
    "tipo": "saida"
  },
  {
    "value": "52",
    "label": "Saída isenta",
    "tipo": "saida"
  },
  {
    "value": "53",
    "label": "Saída não-tributada",
    "tipo": "saida"
  },
  {
    "value": "54",
    "label": "Saída imune",
    "tipo": "saida"
  },
  {
    "value": "55",
    "label": "Saída com suspensão",
    "tipo": "saida"
  },
  {
    "value": "99",
    "label": "Outras saídas",
    "tipo": "saida"
  }
] as const;
export type CstIpi = "00" | "01" | "02" | "03" | "04" | "05" | "49" | "50" | "51" | "52" | "53" | "54" | "55" | "99";

/** CST do PIS */
export const CST_PIS = [
  {
    "value": "01",
    "label": "Operação Tributável com Alíquota Básica",
    "tipo": "saida"
  },
  {
    "value": "02",
    "label": "Operação Tributável com Alíquota Diferenciada",
    "tipo": "saida"
  },
  {
    "value": "03",
    "label": "Operação Tributável com Alíquota por Unidade de Medida de Produto",
    "tipo": "saida"
  },
  {
    "value": "04",
    "label": "Operação Tributável Monofásica - Revenda a Alíquota Zero",
    "tipo": "saida"
  },
  {
    "value": "05",
    "label": "Operação Tributável por Substituição Tributária",
    "tipo": "saida"
  },
  {
    "value": "06",
    "label": "Operação Tributável a Alíquota Zero",
    "tipo": "saida"
  },
  {
    "value": "07",
    "label": "Operação Isenta da Contribuição",
    "tipo": "saida"
  },
  {
    "value": "08",
    "label": "Operação sem Incidência da Contribuição",
    "tipo": "saida"
  },
  {
    "value": "09",
    "label": "Operação com Suspensão da Contribuição",
    "tipo": "saida"
  },
  {
    "value": "49",
    "label": "Outras Operações de Saída",
    "tipo": "saida"
  },
  {
    "value": "50",
    "label": "Operação com Direito a Crédito - Vinculada Exclusivamente a Receita Tributada no Mercado Interno",
    "tipo": "entrada"
  },
  {
    "value": "51",
    "label": "Operação com Direito a Crédito – Vinculada Exclusivamente a Receita Não Tributada no Mercado Interno",
    "tipo": "entrada"
  },
  {
    "value": "52",
    "label": "Operação com Direito a Crédito - Vinculada Exclusivamente a Receita de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "53",
    "label": "Operação com Direito a Crédito - Vinculada a Receitas Tributadas e Não-Tributadas no Mercado Interno",
    "tipo": "entrada"
  },
  {
    "value": "54",
    "label": "Operação com Direito a Crédito - Vinculada a Receitas Tributadas no Mercado Interno e de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "55",
    "label": "Operação com Direito a Crédito - Vinculada a Receitas Não-Tributadas no Mercado Interno e de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "56",
    "label": "Operação com Direito a Crédito - Vinculada a Receitas Tributadas e Não-Tributadas no Mercado Interno, e de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "60",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada Exclusivamente a Receita Tributada no Mercado Interno",
    "tipo": "entrada"
  },
  {
    "value": "61",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada Exclusivamente a Receita Não-Tributada no Mercado Interno",
    "tipo": "entrada"
  },
  {
    "value": "62",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada Exclusivamente a Receita de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "63",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada a Receitas Tributadas e Não-Tributadas no Mercado Interno",
    "tipo": "entrada"
  },
  {
    "value": "64",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada a Receitas Tributadas no Mercado Interno e de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "65",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada a Receitas Não-Tributadas no Mercado Interno e de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "66",
    "label": "Crédito Presumido - Operação de Aquisição Vinculada a Receitas Tributadas e Não-Tributadas no Mercado Interno, e de Exportação",
    "tipo": "entrada"
  },
  {
    "value": "67",
    "label": "Crédito Presumido - Outras Operações",
    "tipo": "entrada"
  },
  {
    "value": "70",
    "label": "Operação de Aquisição sem Direito a Crédito",
    "tipo": "entrada"
  },
  {
    "value": "71",
    "label": "Operação de Aquisição com Isenção",
    "tipo": "entrada"
  },
  {
    "value": "72",
    "label": "Operação de Aquisição com Suspensão",
    "tipo": "entrada"
  },
  {
    "value": "73",
    "label": "Operação de Aquisição a Alíquota Zero",
    "tipo": "entrada"
  },
  {
    "value": "74",
    "label": "Operação de Aquisição sem Incidência da Contribuição",
    "tipo": "entrada"
  },
  {
    "value": "75",
    "label": "Operação de Aquisição por Substituição Tributária",
    "tipo": "entrada"
  },
  {
    "value": "98",
    "label": "Outras Operações de Entrada",
    "tipo": "entrada"
  },
  {
    "value": "99",
    "label": "Outras Operações",
    "tipo": "saida"
  }
] as const;
export type CstPis = "01" | "02" | "03" | "04" | "05" | "06" | "07" | "08" | "09" | "49" | "50" | "51" | "52" | "53" | "54" | "55" | "56" | "60" | "61" | "62" | "63" | "64" | "65" | "66" | "67" | "70" | "71" | "72" | "73" | "74" | "75" | "98" | "99";

/** Dias do mês */
export const DIA_MES = [
  {
    "value": 1,
    "label": "1"
  },
  {
    "value": 2,
    "label": "2"
  },
  {
    "value": 3,
    "label": "3"
  },
  {
    "value": 4,
    "label": "4"
  },
  {
    "value": 5,
    "label": "5"
  },
  {
    "value": 6,
    "label": "6"
  },
  {
    "value": 7,
    "label": "7"
  },
  {
    "value": 8,
    "label": "8"
  },
  {
    "value": 9,
    "label": "9"
  },
  {
    "value": 10,
    "label": "10"
  },
  {
    "value": 11,
    "label": "11"
  },
  {
    "value": 12,
    "label": "12"
  },
  {
    "value": 13,
    "label": "13"
  },
  {
    "value": 14,
    "label": "14"
  },
  {
    "value": 15,
    "label": "15"
  },
  {
    "value": 16,
    "label": "16"
  },
  {
    "value": 17,
    "label": "17"
  },
  {
    "value": 18,
    "label": "18"
  },
  {
    "value": 19,
    "label": "19"
  },
  {
    "value": 20,
    "label": "20"
  },
  {
    "value": 21,
    "label": "21"
  },
  {
    "value": 22,
    "label": "22"
  },
  {
    "value": 23,
    "label": "23"
  },
  {
    "value": 24,
    "label": "24"
  },
  {
    "value": 25,
    "label": "25"
  },
  {
    "value": 26,
    "label": "26"
  },
  {
    "value": 27,
    "label": "27"
  },
  {
    "value": 28,
    "label": "28"
  },
  {
    "value": 29,
    "label": "29"
  },
  {
    "value": 30,
    "label": "30"
  },
  {
    "value": 31,
    "label": "31"
  }
] as const;
export type DiaMes = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14 | 15 | 16 | 17 | 18 | 19 | 20 | 21 | 22 | 23 | 24 | 25 | 26 | 27 | 28 | 29 | 30 | 31;

/** Dias da semana */
export const DIA_SEMANA = [
  {
    "value": 0,
    "label": "Domingo"
  },
  {
    "value": 1,
    "label": "Segunda-feira"
  },
  {
    "value": 2,
    "label": "Terça-feira"
  },
  {
    "value": 3,
    "label": "Quarta-feira"
  },
  {
    "value": 4,
    "label": "Quinta-feira"
  },
  {
    "value": 5,
    "label": "Sexta-feira"
  },
  {
    "value": 6,
    "label": "Sábado"
  }
] as const;
export type DiaSemana = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Estado do plano */
export const ESTADO_PLANO = [
  {
    "value": "trial",
    "label": "Período de teste",
    "trial": true,
    "bloqueada": false
  },
  {
    "value": "trialExpirado",
    "label": "Período de teste expirado",
    "trial": true,
    "bloqueada": true
  },
  {
    "value": "inadimplente",
    "label": "Inadimplente",
    "trial": false,
    "bloqueada": true
  }
] as const;
export type EstadoPlano = "trial" | "trialExpirado" | "inadimplente";

/** Estado de processamento */
export const ESTADO_PROCESSAMENTO = [
  {
    "value": 0,
    "label": "Processando",
    "key": "PROCESSANDO",
    "cor": "processing"
  },
  {
    "value": 1,
    "label": "Finalizado",
    "key": "FINALIZADO",
    "cor": "success"
  },
  {
    "value": 2,
    "label": "Erro",
    "key": "ERRO",
    "cor": "error"
  }
] as const;
export type EstadoProcessamento = 0 | 1 | 2;
export const EstadoProcessamento = { PROCESSANDO: 0, FINALIZADO: 1, ERRO: 2 } as const;

/** Estado da solicitação de reenvio */
export const ESTADO_REENVIO = [
  {
    "value": "pendente",
    "label": "Pendente"
  },
  {
    "value": "autorizada",
    "label": "Autorizada"
  },
  {
    "value": "erro",
    "label": "Erro"
  }
] as const;
export type EstadoReenvio = "pendente" | "autorizada" | "erro";

/** Finalidade de emissão da NF-e (finNFe) */
export const FINALIDADE_NFE = [
  {
    "value": 1,
    "label": "NF-e normal"
  },
  {
    "value": 2,
    "label": "NF-e complementar"
  },
  {
    "value": 3,
    "label": "NF-e de ajuste"
  },
  {
    "value": 4,
    "label": "Devolução de mercadoria"
  }
] as const;
export type FinalidadeNfe = 1 | 2 | 3 | 4;

/** Finalidade do arquivo Sintegra */
export const FINALIDADE_SINTEGRA = [
  {
    "value": 1,
    "label": "Normal"
  },
  {
    "value": 2,
    "label": "Retificação total de arquivo"
  },
  {
    "value": 3,
    "label": "Retificação aditiva de arquivo"
  },
  {
    "value": 5,
    "label": "Desfazimento"
  }
] as const;
export type FinalidadeSintegra = 1 | 2 | 3 | 5;

/** Finalidade do arquivo SPED (COD_FIN) */
export const FINALIDADE_SPED = [
  {
    "value": 0,
    "label": "Remessa do arquivo original"
  },
  {
    "value": 1,
    "label": "Remessa do arquivo substituto"
  }
] as const;
export type FinalidadeSped = 0 | 1;

/** Formato de relatório */
export const FORMATO_RELATORIO = [
  {
    "value": "pdf",
    "label": "PDF"
  },
  {
    "value": "xlsx",
    "label": "Excel (xlsx)"
  }
] as const;
export type FormatoRelatorio = "pdf" | "xlsx";

/** Fuso horário da filial */
export const FUSO_HORARIO = [
  {
    "value": "America/Sao_Paulo",
    "label": "Brasília (SP, RJ, MG, Sul, GO, DF, ES, BA, Nordeste) — UTC−3"
  },
  {
    "value": "America/Bahia",
    "label": "Bahia — UTC−3"
  },
  {
    "value": "America/Fortaleza",
    "label": "Fortaleza (CE, RN, PB, PI, MA) — UTC−3"
  },
  {
    "value": "America/Recife",
    "label": "Recife (PE) — UTC−3"
  },
  {
    "value": "America/Maceio",
    "label": "Maceió (AL, SE) — UTC−3"
  },
  {
    "value": "America/Belem",
    "label": "Belém (PA leste, AP) — UTC−3"
  },
  {
    "value": "America/Santarem",
    "label": "Santarém (PA oeste) — UTC−3"
  },
  {
    "value": "America/Araguaina",
    "label": "Araguaína (TO) — UTC−3"
  },
  {
    "value": "America/Noronha",
    "label": "Fernando de Noronha — UTC−2"
  },
  {
    "value": "America/Manaus",
    "label": "Manaus (AM) — UTC−4"
  },
  {
    "value": "America/Boa_Vista",
    "label": "Boa Vista (RR) — UTC−4"
  },
  {
    "value": "America/Porto_Velho",
    "label": "Porto Velho (RO) — UTC−4"
  },
  {
    "value": "America/Cuiaba",
    "label": "Cuiabá (MT) — UTC−4"
  },
  {
    "value": "America/Campo_Grande",
    "label": "Campo Grande (MS) — UTC−4"
  },
  {
    "value": "America/Rio_Branco",
    "label": "Rio Branco (AC) — UTC−5"
  },
  {
    "value": "America/Eirunepe",
    "label": "Eirunepé (AM oeste) — UTC−5"
  }
] as const;
export type FusoHorario = "America/Sao_Paulo" | "America/Bahia" | "America/Fortaleza" | "America/Recife" | "America/Maceio" | "America/Belem" | "America/Santarem" | "America/Araguaina" | "America/Noronha" | "America/Manaus" | "America/Boa_Vista" | "America/Porto_Velho" | "America/Cuiaba" | "America/Campo_Grande" | "America/Rio_Branco" | "America/Eirunepe";

/** Impressora do PDV */
export const IMPRESSORA_PDV = [
  {
    "value": "navegador",
    "label": "Impressão do navegador"
  },
  {
    "value": "escpos",
    "label": "ESC/POS (térmica, saída bruta)"
  },
  {
    "value": "epson",
    "label": "Epson TM-T20"
  },
  {
    "value": "bematech",
    "label": "Bematech MP-4200 TH"
  },
  {
    "value": "elgin",
    "label": "Elgin i9"
  },
  {
    "value": "daruma",
    "label": "Daruma DR800"
  }
] as const;
export type ImpressoraPdv = "navegador" | "escpos" | "epson" | "bematech" | "elgin" | "daruma";

/** Tipo de atendimento (indPres) */
export const INDICADOR_PRESENCA = [
  {
    "value": 0,
    "label": "Não se aplica"
  },
  {
    "value": 1,
    "label": "Operação presencial"
  },
  {
    "value": 2,
    "label": "Operação não presencial, pela Internet"
  },
  {
    "value": 3,
    "label": "Operação não presencial, Teleatendimento"
  },
  {
    "value": 4,
    "label": "NFC-e em operação com entrega a domicílio"
  },
  {
    "value": 5,
    "label": "Operação presencial, fora do estabelecimento"
  },
  {
    "value": 9,
    "label": "Operação não presencial, outros"
  }
] as const;
export type IndicadorPresenca = 0 | 1 | 2 | 3 | 4 | 5 | 9;

/** Largura da impressora do PDV */
export const LARGURA_IMPRESSORA_PDV = [
  {
    "value": 58,
    "label": "58 mm"
  },
  {
    "value": 80,
    "label": "80 mm"
  }
] as const;
export type LarguraImpressoraPdv = 58 | 80;

/** Layout CNAB */
export const LAYOUT_CNAB = [
  {
    "value": 240,
    "label": "CNAB 240",
    "key": "CNAB_240"
  },
  {
    "value": 400,
    "label": "CNAB 400",
    "key": "CNAB_400"
  }
] as const;
export type LayoutCnab = 240 | 400;
export const LayoutCnab = { CNAB_240: 240, CNAB_400: 400 } as const;

/** Meses */
export const MES = [
  {
    "value": 0,
    "label": "Janeiro"
  },
  {
    "value": 1,
    "label": "Fevereiro"
  },
  {
    "value": 2,
    "label": "Março"
  },
  {
    "value": 3,
    "label": "Abril"
  },
  {
    "value": 4,
    "label": "Maio"
  },
  {
    "value": 5,
    "label": "Junho"
  },
  {
    "value": 6,
    "label": "Julho"
  },
  {
    "value": 7,
    "label": "Agosto"
  },
  {
    "value": 8,
    "label": "Setembro"
  },
  {
    "value": 9,
    "label": "Outubro"
  },
  {
    "value": 10,
    "label": "Novembro"
  },
  {
    "value": 11,
    "label": "Dezembro"
  }
] as const;
export type Mes = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11;

/** Modalidade de determinação da BC do ICMS (modBC) */
export const MODALIDADE_BC_ICMS = [
  {
    "value": 0,
    "label": "Margem Valor Agregado (%)"
  },
  {
    "value": 1,
    "label": "Pauta (valor)"
  },
  {
    "value": 2,
    "label": "Preço tabelado máximo (valor)"
  },
  {
    "value": 3,
    "label": "Valor da operação"
  }
] as const;
export type ModalidadeBcIcms = 0 | 1 | 2 | 3;

/** Modalidade de determinação da BC do ICMS ST (modBCST) */
export const MODALIDADE_BC_ICMS_ST = [
  {
    "value": 0,
    "label": "Preço tabelado ou máximo sugerido"
  },
  {
    "value": 1,
    "label": "Lista Negativa (valor)"
  },
  {
    "value": 2,
    "label": "Lista Positiva (valor)"
  },
  {
    "value": 3,
    "label": "Lista Neutra (valor)"
  },
  {
    "value": 4,
    "label": "Margem Valor Agregado (%)"
  },
  {
    "value": 5,
    "label": "Pauta (valor)"
  },
  {
    "value": 6,
    "label": "Valor da Operação"
  }
] as const;
export type ModalidadeBcIcmsSt = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** Modalidade do frete (modFrete) */
export const MODALIDADE_FRETE = [
  {
    "value": 0,
    "label": "Contratação do Frete por conta do Remetente (CIF)"
  },
  {
    "value": 1,
    "label": "Contratação do Frete por conta do Destinatário (FOB)"
  },
  {
    "value": 2,
    "label": "Contratação do Frete por conta de Terceiros"
  },
  {
    "value": 3,
    "label": "Transporte Próprio por conta do Remetente"
  },
  {
    "value": 4,
    "label": "Transporte Próprio por conta do Destinatário"
  },
  {
    "value": 9,
    "label": "Sem Ocorrência de Transporte"
  }
] as const;
export type ModalidadeFrete = 0 | 1 | 2 | 3 | 4 | 9;

/** Balança do PDV */
export const MODELO_BALANCA_PDV = [
  {
    "value": "nenhuma",
    "label": "Nenhuma"
  },
  {
    "value": "toledo",
    "label": "Toledo"
  },
  {
    "value": "filizola",
    "label": "Filizola"
  },
  {
    "value": "urano",
    "label": "Urano"
  },
  {
    "value": "elgin",
    "label": "Elgin"
  }
] as const;
export type ModeloBalancaPdv = "nenhuma" | "toledo" | "filizola" | "urano" | "elgin";

/** Modelos de variação */
export const MODELO_VARIACAO = [
  {
    "value": 1,
    "label": "Gênero",
    "key": "GENERO",
    "valores": [
      "Masculino",
      "Feminino",
      "Unissex"
    ]
  },
  {
    "value": 2,
    "label": "Cor",
    "key": "COR",
    "valores": [
      "Amarelo",
      "Azul",
      "Bege",
      "Branco",
      "Cinza",
      "Laranja",
      "Marrom",
      "Preto",
      "Rosa",
      "Roxo",
      "Verde",
      "Vermelho"
    ]
  },
  {
    "value": 3,
    "label": "Coleção",
    "key": "COLECAO",
    "valores": [
      "Primavera/Verão",
      "Outono/Inverno",
      "Alto Verão",
      "Resort"
    ]
  },
  {
    "value": 4,
    "label": "Tamanho vestuário",
    "key": "TAMANHO_VESTUARIO",
    "valores": [
      "PP",
      "P",
      "M",
      "G",
      "GG",
      "XG",
      "XGG"
    ]
  },
  {
    "value": 5,
    "label": "Tamanho de camisa/camiseta",
    "key": "TAMANHO_CAMISA",
    "valores": [
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "7",
      "8"
    ]
  },
  {
    "value": 6,
    "label": "Tamanho de calçado",
    "key": "TAMANHO_CALCADO",
    "valores": [
      "33",
      "34",
      "35",
      "36",
      "37",
      "38",
      "39",
      "40",
      "41",
      "42",
      "43",
      "44",
      "45",
      "46"
    ]
  },
  {
    "value": 7,
    "label": "Tamanho juvenil-infantil",
    "key": "TAMANHO_JUVENIL_INFANTIL",
    "valores": [
      "RN",
      "1",
      "2",
      "4",
      "6",
      "8",
      "10",
      "12",
      "14",
      "16"
    ]
  }
] as const;
export type ModeloVariacao = 1 | 2 | 3 | 4 | 5 | 6 | 7;
export const ModeloVariacao = { GENERO: 1, COR: 2, COLECAO: 3, TAMANHO_VESTUARIO: 4, TAMANHO_CAMISA: 5, TAMANHO_CALCADO: 6, TAMANHO_JUVENIL_INFANTIL: 7 } as const;

/** Motivo da desoneração do ICMS (motDesICMS) */
export const MOTIVO_DESONERACAO_ICMS = [
  {
    "value": 1,
    "label": "Táxi"
  },
  {
    "value": 3,
    "label": "Produtor Agropecuário"
  },
  {
    "value": 4,
    "label": "Frotista/Locadora"
  },
  {
    "value": 5,
    "label": "Diplomático/Consular"
  },
  {
    "value": 6,
    "label": "Utilitários e Motocicletas da Amazônia Ocidental e Áreas de Livre Comércio"
  },
  {
    "value": 7,
    "label": "SUFRAMA"
  },
  {
    "value": 8,
    "label": "Venda a Órgão Público"
  },
  {
    "value": 9,
    "label": "Outros"
  },
  {
    "value": 10,
    "label": "Deficiente Condutor"
  },
  {
    "value": 11,
    "label": "Deficiente Não Condutor"
  },
  {
    "value": 12,
    "label": "Órgão de fomento e desenvolvimento agropecuário"
  },
  {
    "value": 16,
    "label": "Olimpíadas Rio 2016"
  },
  {
    "value": 90,
    "label": "Solicitado pelo Fisco"
  }
] as const;
export type MotivoDesoneracaoIcms = 1 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 16 | 90;

/** Motivo do inventário */
export const MOTIVO_INVENTARIO = [
  {
    "value": "01",
    "label": "01 - No final no período"
  },
  {
    "value": "02",
    "label": "02 - Na mudança de forma de tributação da mercadoria (ICMS)"
  },
  {
    "value": "03",
    "label": "03 - Na solicitação da baixa cadastral, paralisação temporária e outras situações"
  },
  {
    "value": "04",
    "label": "04 - Na alteração de regime de pagamento – condição do contribuinte"
  },
  {
    "value": "05",
    "label": "05 - Por determinação dos fiscos"
  },
  {
    "value": "06",
    "label": "06 - Para controle das mercadorias sujeitas ao regime de substituição tributária – restituição/ ressarcimento/ complementação"
  }
] as const;
export type MotivoInventario = "01" | "02" | "03" | "04" | "05" | "06";

/** Natureza da conta contábil */
export const NATUREZA_CONTA_CONTABIL = [
  {
    "value": "01",
    "label": "Contas de ativo"
  },
  {
    "value": "02",
    "label": "Contas de passivo"
  },
  {
    "value": "03",
    "label": "Patrimônio líquido"
  },
  {
    "value": "04",
    "label": "Contas de resultado"
  },
  {
    "value": "05",
    "label": "Contas de compensação"
  },
  {
    "value": "09",
    "label": "Outras"
  }
] as const;
export type NaturezaContaContabil = "01" | "02" | "03" | "04" | "05" | "09";

/** Formas de pagamento da NF-e (tPag) */
export const NFE_FORMA_PAGAMENTO = [
  {
    "value": "01",
    "label": "Dinheiro",
    "digital": false,
    "versao400": false
  },
  {
    "value": "02",
    "label": "Cheque",
    "digital": false,
    "versao400": false
  },
  {
    "value": "03",
    "label": "Cartão de Crédito",
    "digital": true,
    "versao400": false
  },
  {
    "value": "04",
    "label": "Cartão de Débito",
    "digital": true,
    "versao400": false
  },
  {
    "value": "05",
    "label": "Crédito Loja (Cartão da Loja / Crediário)",
    "digital": false,
    "versao400": false
  },
  {
    "value": "10",
    "label": "Vale Alimentação",
    "digital": false,
    "versao400": false
  },
  {
    "value": "11",
    "label": "Vale Refeição",
    "digital": false,
    "versao400": false
  },
  {
    "value": "12",
    "label": "Vale Presente",
    "digital": false,
    "versao400": false
  },
  {
    "value": "13",
    "label": "Vale Combustível",
    "digital": false,
    "versao400": false
  },
  {
    "value": "14",
    "label": "Duplicata Mercantil",
    "digital": false,
    "versao400": true
  },
  {
    "value": "15",
    "label": "Boleto Bancário",
    "digital": false,
    "versao400": true
  },
  {
    "value": "16",
    "label": "Depósito Bancário",
    "digital": false,
    "versao400": true
  },
  {
    "value": "17",
    "label": "Pagamento Instantâneo (PIX) - Dinâmico",
    "digital": true,
    "versao400": true
  },
  {
    "value": "18",
    "label": "Transferência bancária, Carteira Digital",
    "digital": true,
    "versao400": true
  },
  {
    "value": "19",
    "label": "Programa de fidelidade, Cashback, Crédito Virtual",
    "digital": false,
    "versao400": true
  },
  {
    "value": "20",
    "label": "Pagamento Instantâneo (PIX) - Estático",
    "digital": true,
    "versao400": true
  },
  {
    "value": "21",
    "label": "Crédito em Loja",
    "digital": false,
    "versao400": true
  },
  {
    "value": "22",
    "label": "Pagamento Eletrônico não Informado - falha de hardware do sistema emissor",
    "digital": true,
    "versao400": true
  },
  {
    "value": "90",
    "label": "Sem Pagamento",
    "digital": false,
    "versao400": true
  },
  {
    "value": "99",
    "label": "Outros",
    "digital": false,
    "versao400": false
  }
] as const;
export type NfeFormaPagamento = "01" | "02" | "03" | "04" | "05" | "10" | "11" | "12" | "13" | "14" | "15" | "16" | "17" | "18" | "19" | "20" | "21" | "22" | "90" | "99";

/** Nível de permissão */
export const NIVEL_PERMISSAO = [
  {
    "value": 0,
    "label": "Nenhuma",
    "key": "NENHUMA",
    "alias": "none"
  },
  {
    "value": 1,
    "label": "Visualizar",
    "key": "VISUALIZAR",
    "alias": "view"
  },
  {
    "value": 2,
    "label": "Criar",
    "key": "CRIAR"
  },
  {
    "value": 3,
    "label": "Alterar",
    "key": "ALTERAR",
    "alias": "change"
  },
  {
    "value": 4,
    "label": "Total",
    "key": "TOTAL",
    "alias": "full"
  }
] as const;
export type NivelPermissao = 0 | 1 | 2 | 3 | 4;
export const NivelPermissao = { NENHUMA: 0, VISUALIZAR: 1, CRIAR: 2, ALTERAR: 3, TOTAL: 4 } as const;

/** Obrigatoriedade dos grupos IBS/CBS por regime do emitente */
export const OBRIGATORIEDADE_IBS_CBS = [
  {
    "value": "1",
    "label": "Simples Nacional",
    "vigenciaInicio": "2027-01-01",
    "vigenciaInicioNfse": "2027-01-01",
    "fonte": "Ato Conjunto RFB/CGIBS 4/2026, como resumido na issue 39 (fontes públicas de outubro de 2026): grupos IBS/CBS obrigatórios para o Simples Nacional a partir de 01/01/2027"
  },
  {
    "value": "2",
    "label": "Simples Nacional com excesso de sublimite",
    "vigenciaInicio": "2027-01-01",
    "vigenciaInicioNfse": "2027-01-01",
    "fonte": "Ato Conjunto RFB/CGIBS 4/2026 (issue 39): o optante do Simples com excesso de sublimite segue a data do Simples Nacional"
  },
  {
    "value": "3",
    "label": "Regime normal",
    "vigenciaInicio": "2026-08-03",
    "vigenciaInicioNfse": "2026-10-01",
    "fonte": "NT 2025.002-RTC e Ato Conjunto RFB/CGIBS 4/2026 (issue 39): grupos IBS/CBS obrigatórios para o emitente do regime normal desde 03/08/2026 NFS-e (DPS com o grupo IBSCBS, leiaute 1.01): obrigatória para os serviços da LC 116 desde 01/10/2026 (issue 39)."
  },
  {
    "value": "4",
    "label": "Microempreendedor Individual (MEI)",
    "vigenciaInicio": "2027-01-01",
    "vigenciaInicioNfse": "2027-01-01",
    "fonte": "Ato Conjunto RFB/CGIBS 4/2026 (issue 39): o MEI, optante do Simples Nacional (SIMEI), segue a data do Simples Nacional"
  }
] as const;
export type ObrigatoriedadeIbsCbs = "1" | "2" | "3" | "4";

/** Origem da mercadoria */
export const ORIGEM_MERCADORIA = [
  {
    "value": 0,
    "label": "Nacional, exceto as indicadas nos códigos 3, 4, 5 e 8"
  },
  {
    "value": 1,
    "label": "Estrangeira - Importação direta, exceto a indicada no código 6"
  },
  {
    "value": 2,
    "label": "Estrangeira - Adquirida no mercado interno, exceto a indicada no código 7"
  },
  {
    "value": 3,
    "label": "Nacional, mercadoria ou bem com Conteúdo de Importação superior a 40% e inferior ou igual a 70%"
  },
  {
    "value": 4,
    "label": "Nacional, cuja produção tenha sido feita em conformidade com os processos produtivos básicos de que tratam as legislações citadas nos Ajustes"
  },
  {
    "value": 5,
    "label": "Nacional, mercadoria ou bem com Conteúdo de Importação inferior ou igual a 40%"
  },
  {
    "value": 6,
    "label": "Estrangeira - Importação direta, sem similar nacional, constante em lista da CAMEX e gás natural"
  },
  {
    "value": 7,
    "label": "Estrangeira - Adquirida no mercado interno, sem similar nacional, constante em lista da CAMEX e gás natural"
  },
  {
    "value": 8,
    "label": "Nacional, mercadoria ou bem com Conteúdo de Importação superior a 70%"
  }
] as const;
export type OrigemMercadoria = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;

/** Origem da alteração de preço */
export const ORIGEM_PRECO = [
  {
    "value": "inclusao",
    "label": "Inclusão do produto"
  },
  {
    "value": "cadastro",
    "label": "Cadastro do produto"
  },
  {
    "value": "alteracao-preco",
    "label": "Alteração de preço em massa"
  },
  {
    "value": "grade",
    "label": "Grade do produto"
  }
] as const;
export type OrigemPreco = "inclusao" | "cadastro" | "alteracao-preco" | "grade";

/** Perfil de apresentação do SPED */
export const PERFIL_SPED = [
  {
    "value": "A",
    "label": "Perfil A"
  },
  {
    "value": "B",
    "label": "Perfil B"
  },
  {
    "value": "C",
    "label": "Perfil C"
  }
] as const;
export type PerfilSped = "A" | "B" | "C";

/** Propriedade e posse do item */
export const PROPRIEDADE_INVENTARIO = [
  {
    "value": "0",
    "label": "0 - Item de propriedade do informante e em seu poder"
  },
  {
    "value": "1",
    "label": "1 - Item de propriedade do informante em posse de terceiros"
  },
  {
    "value": "2",
    "label": "2 - Item de propriedade de terceiros em posse do informante"
  }
] as const;
export type PropriedadeInventario = "0" | "1" | "2";

/** Regime tributário do documento fiscal (CRT) */
export const REGIME_DOCUMENTO = [
  {
    "value": 1,
    "label": "Simples Nacional",
    "key": "SIMPLES"
  },
  {
    "value": 2,
    "label": "Simples Nacional - excesso de sublimite de receita bruta",
    "key": "SIMPLES_EXCESSO"
  },
  {
    "value": 3,
    "label": "Regime Normal",
    "key": "NORMAL"
  },
  {
    "value": 4,
    "label": "Simples Nacional - Microempreendedor Individual (MEI)",
    "key": "MEI"
  }
] as const;
export type RegimeDocumento = 1 | 2 | 3 | 4;
export const RegimeDocumento = { SIMPLES: 1, SIMPLES_EXCESSO: 2, NORMAL: 3, MEI: 4 } as const;

/** Regime tributário da empresa */
export const REGIME_TRIBUTARIO = [
  {
    "value": 0,
    "label": "Nenhum",
    "key": "NENHUM",
    "regimeDocumento": 3
  },
  {
    "value": 1,
    "label": "Simples Nacional",
    "key": "SIMPLES_NACIONAL",
    "regimeDocumento": 1
  },
  {
    "value": 2,
    "label": "Lucro Real",
    "key": "LUCRO_REAL",
    "regimeDocumento": 3
  },
  {
    "value": 3,
    "label": "Lucro Presumido",
    "key": "LUCRO_PRESUMIDO",
    "regimeDocumento": 3
  },
  {
    "value": 4,
    "label": "Simples Nacional com Excesso Receita",
    "key": "SIMPLES_NACIONAL_COM_EXCESSO_RECEITA",
    "regimeDocumento": 2
  },
  {
    "value": 5,
    "label": "Microempreendedor Individual (MEI)",
    "key": "MEI",
    "regimeDocumento": 4
  }
] as const;
export type RegimeTributario = 0 | 1 | 2 | 3 | 4 | 5;
export const RegimeTributario = { NENHUM: 0, SIMPLES_NACIONAL: 1, LUCRO_REAL: 2, LUCRO_PRESUMIDO: 3, SIMPLES_NACIONAL_COM_EXCESSO_RECEITA: 4, MEI: 5 } as const;

/** Regime tributário no cadastro */
export const REGIME_TRIBUTARIO_CADASTRO = [
  {
    "value": 5,
    "label": "Microempreendedor Individual (MEI)",
    "key": "MEI"
  },
  {
    "value": 1,
    "label": "Simples Nacional",
    "key": "SIMPLES_NACIONAL",
    "default": true
  },
  {
    "value": 4,
    "label": "Simples Nacional com Excesso Receita",
    "key": "SIMPLES_NACIONAL_COM_EXCESSO_RECEITA"
  },
  {
    "value": 2,
    "label": "Lucro Real",
    "key": "LUCRO_REAL"
  },
  {
    "value": 3,
    "label": "Lucro Presumido",
    "key": "LUCRO_PRESUMIDO"
  }
] as const;
export type RegimeTributarioCadastro = 5 | 1 | 4 | 2 | 3;
export const RegimeTributarioCadastro = { MEI: 5, SIMPLES_NACIONAL: 1, SIMPLES_NACIONAL_COM_EXCESSO_RECEITA: 4, LUCRO_REAL: 2, LUCRO_PRESUMIDO: 3 } as const;

/** Regime tributário municipal */
export const REGIME_TRIBUTARIO_MUNICIPAL = [
  {
    "value": 0,
    "label": "Nenhum",
    "key": "NENHUM"
  },
  {
    "value": 1,
    "label": "Microempresa municipal",
    "key": "MICRO_EMPRESA_MUNICIPAL"
  },
  {
    "value": 2,
    "label": "Estimativa",
    "key": "ESTIMATIVA"
  },
  {
    "value": 3,
    "label": "Sociedade de profissionais",
    "key": "SOCIEDADE_DE_PROFISSIONAIS"
  },
  {
    "value": 4,
    "label": "Cooperativa",
    "key": "COOPERATIVA"
  },
  {
    "value": 5,
    "label": "Microempreendedor Individual (MEI)",
    "key": "MEI"
  },
  {
    "value": 6,
    "label": "Microempresa",
    "key": "MICRO_EMPRESA"
  }
] as const;
export type RegimeTributarioMunicipal = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const RegimeTributarioMunicipal = { NENHUM: 0, MICRO_EMPRESA_MUNICIPAL: 1, ESTIMATIVA: 2, SOCIEDADE_DE_PROFISSIONAIS: 3, COOPERATIVA: 4, MEI: 5, MICRO_EMPRESA: 6 } as const;

/** Retenção do ISS (NFS-e) */
export const RETENCAO_ISS = [
  {
    "value": 1,
    "label": "Não retido",
    "key": "NAO_RETIDO"
  },
  {
    "value": 2,
    "label": "Retido pelo tomador",
    "key": "RETIDO_TOMADOR"
  },
  {
    "value": 3,
    "label": "Retido pelo intermediário",
    "key": "RETIDO_INTERMEDIARIO"
  }
] as const;
export type RetencaoIss = 1 | 2 | 3;
export const RetencaoIss = { NAO_RETIDO: 1, RETIDO_TOMADOR: 2, RETIDO_INTERMEDIARIO: 3 } as const;

/** Segmento da empresa */
export const SEGMENTO = [
  {
    "value": "alimentacao",
    "label": "Alimentação"
  },
  {
    "value": "supermercado",
    "label": "Supermercado"
  },
  {
    "value": "padaria",
    "label": "Padaria"
  },
  {
    "value": "servicos",
    "label": "Serviços"
  },
  {
    "value": "varejo",
    "label": "Varejo"
  },
  {
    "value": "combustivel",
    "label": "Combustível"
  },
  {
    "value": "vestuario",
    "label": "Vestuário"
  },
  {
    "value": "clinica_medica",
    "label": "Clínica médica"
  },
  {
    "value": "revenda_combustivel",
    "label": "Revenda de combustível"
  },
  {
    "value": "outros",
    "label": "Outros"
  }
] as const;
export type Segmento = "alimentacao" | "supermercado" | "padaria" | "servicos" | "varejo" | "combustivel" | "vestuario" | "clinica_medica" | "revenda_combustivel" | "outros";

/** Sistemas externos */
export const SISTEMA_EXTERNO = [
  {
    "value": 1,
    "label": "Birô de crédito",
    "tipo": "bureau"
  },
  {
    "value": 2,
    "label": "Integração com marketplace",
    "tipo": "marketplace"
  },
  {
    "value": 3,
    "label": "Serviço postal",
    "tipo": "postal"
  },
  {
    "value": 4,
    "label": "Serviço de saúde",
    "tipo": "saude"
  }
] as const;
export type SistemaExterno = 1 | 2 | 3 | 4;

/** Situação do cupom fiscal (NFC-e) */
export const SITUACAO_CUPOM = [
  {
    "value": "pendente",
    "label": "Pendente",
    "cor": "blue"
  },
  {
    "value": "autorizada",
    "label": "Autorizada",
    "cor": "green"
  },
  {
    "value": "contingencia",
    "label": "Contingência",
    "cor": "gold"
  },
  {
    "value": "erro",
    "label": "Erro",
    "cor": "orange"
  },
  {
    "value": "cancelada",
    "label": "Cancelada",
    "cor": "red"
  },
  {
    "value": "denegada",
    "label": "Denegada",
    "cor": "magenta"
  }
] as const;
export type SituacaoCupom = "pendente" | "autorizada" | "contingencia" | "erro" | "cancelada" | "denegada";

/** Situação da NF-e */
export const SITUACAO_NOTA_FISCAL = [
  {
    "value": "rascunho",
    "label": "Rascunho",
    "cor": "default"
  },
  {
    "value": "rejeitada",
    "label": "Rejeitada",
    "cor": "orange"
  },
  {
    "value": "transmitindo",
    "label": "Transmitindo",
    "cor": "processing"
  },
  {
    "value": "autorizada",
    "label": "Autorizada",
    "cor": "green"
  },
  {
    "value": "cancelada",
    "label": "Cancelada",
    "cor": "red"
  },
  {
    "value": "denegada",
    "label": "Denegada",
    "cor": "magenta"
  },
  {
    "value": "contingencia",
    "label": "Em contingência",
    "cor": "gold"
  }
] as const;
export type SituacaoNotaFiscal = "rascunho" | "rejeitada" | "transmitindo" | "autorizada" | "cancelada" | "denegada" | "contingencia";

/** Situação tributária */
export const SITUACAO_TRIBUTARIA = [
  {
    "value": 0,
    "label": "Tributado"
  },
  {
    "value": 1,
    "label": "Não Tributado"
  },
  {
    "value": 4,
    "label": "Isento"
  },
  {
    "value": 6,
    "label": "Substituicao"
  },
  {
    "value": 9,
    "label": "ISSQN"
  }
] as const;
export type SituacaoTributaria = 0 | 1 | 4 | 6 | 9;

/** Situação da parcela */
export const STATUS_PARCELA = [
  {
    "value": "aberto",
    "label": "Em aberto",
    "key": "ABERTO"
  },
  {
    "value": "parcial",
    "label": "Parcial",
    "key": "PARCIAL"
  },
  {
    "value": "atrasado",
    "label": "Atrasado",
    "key": "ATRASADO"
  },
  {
    "value": "pago",
    "label": "Pago",
    "key": "PAGO"
  },
  {
    "value": "cancelado",
    "label": "Cancelado",
    "key": "CANCELADO"
  }
] as const;
export type StatusParcela = "aberto" | "parcial" | "atrasado" | "pago" | "cancelado";
export const StatusParcela = { ABERTO: "aberto", PARCIAL: "parcial", ATRASADO: "atrasado", PAGO: "pago", CANCELADO: "cancelado" } as const;

/** Status do pedido avulso */
export const STATUS_PEDIDO = [
  {
    "value": 0,
    "label": "Aguardando",
    "key": "AGUARDANDO"
  },
  {
    "value": 1,
    "label": "Aguardando Central",
    "key": "AGUARDANDO_CENTRAL"
  },
  {
    "value": 2,
    "label": "Aguardando Faturamento",
    "key": "AGUARDANDO_FATURAMENTO"
  },
  {
    "value": 3,
    "label": "Faturado",
    "key": "FATURADO"
  },
  {
    "value": 4,
    "label": "Cancelado",
    "key": "CANCELADO"
  },
  {
    "value": 5,
    "label": "Digitando",
    "key": "DIGITANDO"
  },
  {
    "value": 6,
    "label": "Pedido de Venda Gerado",
    "key": "PEDIDO_DE_VENDA_GERADO"
  }
] as const;
export type StatusPedido = 0 | 1 | 2 | 3 | 4 | 5 | 6;
export const StatusPedido = { AGUARDANDO: 0, AGUARDANDO_CENTRAL: 1, AGUARDANDO_FATURAMENTO: 2, FATURADO: 3, CANCELADO: 4, DIGITANDO: 5, PEDIDO_DE_VENDA_GERADO: 6 } as const;

/** Status do pedido integral */
export const STATUS_PEDIDO_INTEGRAL = [
  {
    "value": 0,
    "label": "Pendente",
    "key": "PENDENTE"
  },
  {
    "value": 2,
    "label": "Faturado",
    "key": "FATURADO"
  },
  {
    "value": 3,
    "label": "Montagem de Carga",
    "key": "MONTAGEM_DE_CARGA"
  }
] as const;
export type StatusPedidoIntegral = 0 | 2 | 3;
export const StatusPedidoIntegral = { PENDENTE: 0, FATURADO: 2, MONTAGEM_DE_CARGA: 3 } as const;

/** Teclado do PDV */
export const TECLADO_PDV = [
  {
    "value": "padrao",
    "label": "Padrão (ABNT2)"
  },
  {
    "value": "reduzido",
    "label": "Reduzido (teclado de PDV programável)"
  },
  {
    "value": "numerico",
    "label": "Numérico com teclas de função"
  }
] as const;
export type TecladoPdv = "padrao" | "reduzido" | "numerico";

/** TEF do PDV */
export const TEF_PDV = [
  {
    "value": "nenhum",
    "label": "Sem TEF (POS não integrado)"
  },
  {
    "value": "sitef",
    "label": "SiTef"
  },
  {
    "value": "paygo",
    "label": "PayGo"
  },
  {
    "value": "tefdial",
    "label": "TEF Discado"
  }
] as const;
export type TefPdv = "nenhum" | "sitef" | "paygo" | "tefdial";

/** Tipo de alerta */
export const TIPO_ALERTA = [
  {
    "value": "info",
    "label": "Informação"
  },
  {
    "value": "success",
    "label": "Sucesso"
  },
  {
    "value": "warning",
    "label": "Aviso"
  }
] as const;
export type TipoAlerta = "info" | "success" | "warning";

/** Tipo de armazenamento */
export const TIPO_ARMAZENAMENTO = [
  {
    "value": "local",
    "label": "Local"
  },
  {
    "value": "session",
    "label": "Sessão"
  }
] as const;
export type TipoArmazenamento = "local" | "session";

/** Tipo de conta */
export const TIPO_CONTA = [
  {
    "value": 0,
    "label": "Caixa",
    "key": "CAIXA"
  },
  {
    "value": 1,
    "label": "Corrente",
    "key": "CORRENTE"
  },
  {
    "value": 2,
    "label": "Investimento",
    "key": "INVESTIMENTO"
  }
] as const;
export type TipoConta = 0 | 1 | 2;
export const TipoConta = { CAIXA: 0, CORRENTE: 1, INVESTIMENTO: 2 } as const;

/** Tipo da conta contábil */
export const TIPO_CONTA_CONTABIL = [
  {
    "value": "S",
    "label": "Sintética"
  },
  {
    "value": "A",
    "label": "Analítica"
  }
] as const;
export type TipoContaContabil = "S" | "A";

/** Tipo de contato no CRM */
export const TIPO_CONTATO_CRM = [
  {
    "value": 1,
    "label": "Empresa",
    "key": "EMPRESA"
  },
  {
    "value": 2,
    "label": "Pessoa",
    "key": "PESSOA"
  }
] as const;
export type TipoContatoCrm = 1 | 2;
export const TipoContatoCrm = { EMPRESA: 1, PESSOA: 2 } as const;

/** Tipo de emissão (tpEmis) */
export const TIPO_EMISSAO = [
  {
    "value": 1,
    "label": "Emissão normal (não em contingência)"
  },
  {
    "value": 2,
    "label": "Contingência FS-IA, com impressão do DANFE em Formulário de Segurança - Impressor Autônomo"
  },
  {
    "value": 3,
    "label": "Contingência SCAN (Sistema de Contingência do Ambiente Nacional)"
  },
  {
    "value": 4,
    "label": "Contingência EPEC (Evento Prévio da Emissão em Contingência)"
  },
  {
    "value": 5,
    "label": "Contingência FS-DA, com impressão do DANFE em Formulário de Segurança - Documento Auxiliar"
  },
  {
    "value": 6,
    "label": "Contingência SVC-AN (SEFAZ Virtual de Contingência do AN)"
  },
  {
    "value": 7,
    "label": "Contingência SVC-RS (SEFAZ Virtual de Contingência do RS)"
  },
  {
    "value": 9,
    "label": "Contingência off-line da NFC-e"
  }
] as const;
export type TipoEmissao = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 9;

/** Tipo de etiqueta */
export const TIPO_ETIQUETA = [
  {
    "value": "folha",
    "label": "Folha (A4 / Carta)"
  },
  {
    "value": "rolo",
    "label": "Rolo térmico"
  }
] as const;
export type TipoEtiqueta = "folha" | "rolo";

/** Tipo de lançamento */
export const TIPO_LANCAMENTO = [
  {
    "value": 0,
    "label": "Receita",
    "key": "RECEITA"
  },
  {
    "value": 1,
    "label": "Despesa",
    "key": "DESPESA"
  }
] as const;
export type TipoLancamento = 0 | 1;
export const TipoLancamento = { RECEITA: 0, DESPESA: 1 } as const;

/** Tipo de movimentação */
export const TIPO_MOVIMENTACAO = [
  {
    "value": 0,
    "label": "Compra",
    "key": "COMPRA",
    "direcao": "entrada"
  },
  {
    "value": 1,
    "label": "Venda",
    "key": "VENDA",
    "direcao": "saida"
  },
  {
    "value": 2,
    "label": "Transferência",
    "key": "TRANSFERENCIA",
    "direcao": "ambas"
  },
  {
    "value": 3,
    "label": "Bonificação",
    "key": "BONIFICACAO",
    "direcao": "entrada"
  },
  {
    "value": 4,
    "label": "Devolução ao fornecedor",
    "key": "DEVOLUCAO_FORNECEDOR",
    "direcao": "saida"
  },
  {
    "value": 5,
    "label": "Devolução do cliente",
    "key": "DEVOLUCAO_CLIENTE",
    "direcao": "entrada"
  },
  {
    "value": 6,
    "label": "Simples remessa",
    "key": "SIMPLES_REMESSA",
    "direcao": "ambas"
  },
  {
    "value": 7,
    "label": "Perdas",
    "key": "PERDAS",
    "direcao": "saida"
  },
  {
    "value": 8,
    "label": "Complemento",
    "key": "COMPLEMENTO",
    "direcao": "ambas"
  },
  {
    "value": 9,
    "label": "Ajuste",
    "key": "AJUSTE",
    "direcao": "ambas"
  },
  {
    "value": 10,
    "label": "Entrada de produtor rural",
    "key": "ENTRADA_PRODUTOR_RURAL",
    "direcao": "entrada"
  },
  {
    "value": 11,
    "label": "Venda a partir de cupom",
    "key": "VENDA_A_PARTIR_DE_CUPOM",
    "direcao": "saida"
  },
  {
    "value": 12,
    "label": "Simples remessa a preço de venda",
    "key": "SIMPLES_REMESSA_PRECO_VENDA",
    "direcao": "ambas"
  },
  {
    "value": 13,
    "label": "Simples faturamento",
    "key": "SIMPLES_FATURAMENTO",
    "direcao": "ambas"
  },
  {
    "value": 14,
    "label": "Saída efetiva da mercadoria",
    "key": "SAIDA_EFETIVA_MERCADORIA",
    "direcao": "saida"
  }
] as const;
export type TipoMovimentacao = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 13 | 14;
export const TipoMovimentacao = { COMPRA: 0, VENDA: 1, TRANSFERENCIA: 2, BONIFICACAO: 3, DEVOLUCAO_FORNECEDOR: 4, DEVOLUCAO_CLIENTE: 5, SIMPLES_REMESSA: 6, PERDAS: 7, COMPLEMENTO: 8, AJUSTE: 9, ENTRADA_PRODUTOR_RURAL: 10, VENDA_A_PARTIR_DE_CUPOM: 11, SIMPLES_REMESSA_PRECO_VENDA: 12, SIMPLES_FATURAMENTO: 13, SAIDA_EFETIVA_MERCADORIA: 14 } as const;

/** Tipo de NF-e */
export const TIPO_NFE = [
  {
    "value": 0,
    "label": "Entrada",
    "key": "ENTRADA",
    "slug": "entrada"
  },
  {
    "value": 1,
    "label": "Saída",
    "key": "SAIDA",
    "slug": "saida"
  },
  {
    "value": 3,
    "label": "Serviço de entrada",
    "key": "SERVICO_ENTRADA",
    "slug": "servico-entrada"
  }
] as const;
export type TipoNfe = 0 | 1 | 3;
export const TipoNfe = { ENTRADA: 0, SAIDA: 1, SERVICO_ENTRADA: 3 } as const;

/** Tipo de pessoa */
export const TIPO_PESSOA = [
  {
    "value": 0,
    "label": "Cliente",
    "key": "CLIENTE"
  },
  {
    "value": 1,
    "label": "Fornecedor",
    "key": "FORNECEDOR"
  },
  {
    "value": 2,
    "label": "Filial",
    "key": "FILIAL"
  },
  {
    "value": 5,
    "label": "Transportadora",
    "key": "TRANSPORTADORA"
  }
] as const;
export type TipoPessoa = 0 | 1 | 2 | 5;
export const TipoPessoa = { CLIENTE: 0, FORNECEDOR: 1, FILIAL: 2, TRANSPORTADORA: 5 } as const;

/** Tipo de produto */
export const TIPO_PRODUTO = [
  {
    "value": 0,
    "label": "Mercadoria Revenda"
  },
  {
    "value": 1,
    "label": "Materia Prima"
  },
  {
    "value": 2,
    "label": "Embalagem"
  },
  {
    "value": 3,
    "label": "Produto em Processo"
  },
  {
    "value": 4,
    "label": "Produto Acabado"
  },
  {
    "value": 5,
    "label": "Subproduto"
  },
  {
    "value": 6,
    "label": "Produto Intermediário"
  },
  {
    "value": 7,
    "label": "Material de Uso e Consumo"
  },
  {
    "value": 8,
    "label": "Ativo Imobilizado"
  },
  {
    "value": 9,
    "label": "Serviços"
  },
  {
    "value": 10,
    "label": "Outros insumos"
  },
  {
    "value": 99,
    "label": "Outras"
  }
] as const;
export type TipoProduto = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 99;

/** Tipo de promoção */
export const TIPO_PROMOCAO = [
  {
    "value": 0,
    "label": "Preço promocional",
    "key": "PRECO"
  },
  {
    "value": 1,
    "label": "Percentual de desconto",
    "key": "PERCENTUAL"
  },
  {
    "value": 2,
    "label": "Leve N pague M",
    "key": "LEVE_PAGUE"
  }
] as const;
export type TipoPromocao = 0 | 1 | 2;
export const TipoPromocao = { PRECO: 0, PERCENTUAL: 1, LEVE_PAGUE: 2 } as const;

/** Tipo de relatório */
export const TIPO_RELATORIO = [
  {
    "value": 1,
    "label": "Vendas",
    "key": "VENDAS"
  },
  {
    "value": 2,
    "label": "Fechamentos",
    "key": "FECHAMENTOS"
  }
] as const;
export type TipoRelatorio = 1 | 2;
export const TipoRelatorio = { VENDAS: 1, FECHAMENTOS: 2 } as const;

/** Tipos de serviço */
export const TIPO_SERVICO = [
  {
    "value": 100000001,
    "label": "Serviços de informática e congêneres",
    "itemLc116": "01"
  },
  {
    "value": 100000002,
    "label": "Serviços de pesquisas e desenvolvimento",
    "itemLc116": "02"
  },
  {
    "value": 100000003,
    "label": "Locação, cessão de direito de uso e congêneres",
    "itemLc116": "03"
  },
  {
    "value": 100000004,
    "label": "Serviços de saúde, assistência médica e congêneres",
    "itemLc116": "04"
  },
  {
    "value": 100000005,
    "label": "Serviços de medicina e assistência veterinária",
    "itemLc116": "05"
  },
  {
    "value": 100000006,
    "label": "Serviços de cuidados pessoais, estética, atividades físicas",
    "itemLc116": "06"
  },
  {
    "value": 100000007,
    "label": "Serviços de engenharia, arquitetura, construção civil",
    "itemLc116": "07"
  },
  {
    "value": 100000008,
    "label": "Serviços de educação, ensino, treinamento",
    "itemLc116": "08"
  },
  {
    "value": 100000009,
    "label": "Serviços de hospedagem, turismo e viagens",
    "itemLc116": "09"
  },
  {
    "value": 100000010,
    "label": "Serviços de intermediação e congêneres",
    "itemLc116": "10"
  },
  {
    "value": 100000011,
    "label": "Serviços de guarda, estacionamento, vigilância",
    "itemLc116": "11"
  },
  {
    "value": 100000012,
    "label": "Serviços de diversões, lazer e entretenimento",
    "itemLc116": "12"
  },
  {
    "value": 100000013,
    "label": "Serviços de fonografia, fotografia, cinematografia",
    "itemLc116": "13"
  },
  {
    "value": 100000014,
    "label": "Serviços relativos a bens de terceiros",
    "itemLc116": "14"
  },
  {
    "value": 100000015,
    "label": "Serviços do setor bancário ou financeiro",
    "itemLc116": "15"
  },
  {
    "value": 100000016,
    "label": "Serviços de transporte de natureza municipal",
    "itemLc116": "16"
  },
  {
    "value": 100000017,
    "label": "Serviços de apoio técnico, administrativo, jurídico, contábil",
    "itemLc116": "17"
  },
  {
    "value": 100000018,
    "label": "Serviços de regulação de sinistros e seguros",
    "itemLc116": "18"
  },
  {
    "value": 100000019,
    "label": "Serviços de distribuição e venda de bilhetes e loterias",
    "itemLc116": "19"
  },
  {
    "value": 100000020,
    "label": "Serviços portuários, aeroportuários, ferroportuários",
    "itemLc116": "20"
  },
  {
    "value": 100000021,
    "label": "Serviços de registros públicos, cartorários e notariais",
    "itemLc116": "21"
  },
  {
    "value": 100000022,
    "label": "Serviços de exploração de rodovia",
    "itemLc116": "22"
  },
  {
    "value": 100000023,
    "label": "Serviços de programação e comunicação visual, desenho industrial",
    "itemLc116": "23"
  },
  {
    "value": 100000024,
    "label": "Serviços de chaveiros, confecção de carimbos, placas",
    "itemLc116": "24"
  },
  {
    "value": 100000025,
    "label": "Serviços funerários",
    "itemLc116": "25"
  },
  {
    "value": 100000026,
    "label": "Serviços de coleta, remessa ou entrega de correspondências",
    "itemLc116": "26"
  },
  {
    "value": 100000027,
    "label": "Serviços de assistência social",
    "itemLc116": "27"
  },
  {
    "value": 100000028,
    "label": "Serviços de avaliação de bens e serviços",
    "itemLc116": "28"
  },
  {
    "value": 100000029,
    "label": "Serviços de biblioteconomia",
    "itemLc116": "29"
  },
  {
    "value": 100000030,
    "label": "Serviços de biologia, biotecnologia e química",
    "itemLc116": "30"
  },
  {
    "value": 100000031,
    "label": "Serviços técnicos em edificações, eletrônica, eletrotécnica, mecânica",
    "itemLc116": "31"
  }
] as const;
export type TipoServico = 100000001 | 100000002 | 100000003 | 100000004 | 100000005 | 100000006 | 100000007 | 100000008 | 100000009 | 100000010 | 100000011 | 100000012 | 100000013 | 100000014 | 100000015 | 100000016 | 100000017 | 100000018 | 100000019 | 100000020 | 100000021 | 100000022 | 100000023 | 100000024 | 100000025 | 100000026 | 100000027 | 100000028 | 100000029 | 100000030 | 100000031;

/** Unidades federativas */
export const UF = [
  {
    "value": "AC",
    "label": "Acre",
    "codigo": 12,
    "regiao": "Norte"
  },
  {
    "value": "AL",
    "label": "Alagoas",
    "codigo": 27,
    "regiao": "Nordeste"
  },
  {
    "value": "AM",
    "label": "Amazonas",
    "codigo": 13,
    "regiao": "Norte"
  },
  {
    "value": "AP",
    "label": "Amapá",
    "codigo": 16,
    "regiao": "Norte"
  },
  {
    "value": "BA",
    "label": "Bahia",
    "codigo": 29,
    "regiao": "Nordeste"
  },
  {
    "value": "CE",
    "label": "Ceará",
    "codigo": 23,
    "regiao": "Nordeste"
  },
  {
    "value": "DF",
    "label": "Distrito Federal",
    "codigo": 53,
    "regiao": "Centro-Oeste"
  },
  {
    "value": "ES",
    "label": "Espírito Santo",
    "codigo": 32,
    "regiao": "Sudeste"
  },
  {
    "value": "EX",
    "label": "Exterior",
    "codigo": 99,
    "regiao": "Exterior"
  },
  {
    "value": "GO",
    "label": "Goiás",
    "codigo": 52,
    "regiao": "Centro-Oeste"
  },
  {
    "value": "MA",
    "label": "Maranhão",
    "codigo": 21,
    "regiao": "Nordeste"
  },
  {
    "value": "MG",
    "label": "Minas Gerais",
    "codigo": 31,
    "regiao": "Sudeste"
  },
  {
    "value": "MS",
    "label": "Mato Grosso do Sul",
    "codigo": 50,
    "regiao": "Centro-Oeste"
  },
  {
    "value": "MT",
    "label": "Mato Grosso",
    "codigo": 51,
    "regiao": "Centro-Oeste"
  },
  {
    "value": "PA",
    "label": "Pará",
    "codigo": 15,
    "regiao": "Norte"
  },
  {
    "value": "PB",
    "label": "Paraíba",
    "codigo": 25,
    "regiao": "Nordeste"
  },
  {
    "value": "PE",
    "label": "Pernambuco",
    "codigo": 26,
    "regiao": "Nordeste"
  },
  {
    "value": "PI",
    "label": "Piauí",
    "codigo": 22,
    "regiao": "Nordeste"
  },
  {
    "value": "PR",
    "label": "Paraná",
    "codigo": 41,
    "regiao": "Sul"
  },
  {
    "value": "RJ",
    "label": "Rio de Janeiro",
    "codigo": 33,
    "regiao": "Sudeste"
  },
  {
    "value": "RN",
    "label": "Rio Grande do Norte",
    "codigo": 24,
    "regiao": "Nordeste"
  },
  {
    "value": "RO",
    "label": "Rondônia",
    "codigo": 11,
    "regiao": "Norte"
  },
  {
    "value": "RR",
    "label": "Roraima",
    "codigo": 14,
    "regiao": "Norte"
  },
  {
    "value": "RS",
    "label": "Rio Grande do Sul",
    "codigo": 43,
    "regiao": "Sul"
  },
  {
    "value": "SC",
    "label": "Santa Catarina",
    "codigo": 42,
    "regiao": "Sul"
  },
  {
    "value": "SE",
    "label": "Sergipe",
    "codigo": 28,
    "regiao": "Nordeste"
  },
  {
    "value": "SP",
    "label": "São Paulo",
    "codigo": 35,
    "regiao": "Sudeste"
  },
  {
    "value": "TO",
    "label": "Tocantins",
    "codigo": 17,
    "regiao": "Norte"
  }
] as const;
export type Uf = "AC" | "AL" | "AM" | "AP" | "BA" | "CE" | "DF" | "ES" | "EX" | "GO" | "MA" | "MG" | "MS" | "MT" | "PA" | "PB" | "PE" | "PI" | "PR" | "RJ" | "RN" | "RO" | "RR" | "RS" | "SC" | "SE" | "SP" | "TO";

/** Venda na balança */
export const VENDA_BALANCA = [
  {
    "value": "peso",
    "label": "Peso"
  },
  {
    "value": "unidade",
    "label": "Unidade"
  }
] as const;
export type VendaBalanca = "peso" | "unidade";

/** Via de transporte internacional (tpViaTransp) */
export const VIA_TRANSPORTE = [
  {
    "value": 1,
    "label": "Marítima"
  },
  {
    "value": 2,
    "label": "Fluvial"
  },
  {
    "value": 3,
    "label": "Lacustre"
  },
  {
    "value": 4,
    "label": "Aérea"
  },
  {
    "value": 5,
    "label": "Postal"
  },
  {
    "value": 6,
    "label": "Ferroviária"
  },
  {
    "value": 7,
    "label": "Rodoviária"
  },
  {
    "value": 8,
    "label": "Conduto / Rede Transmissão"
  },
  {
    "value": 9,
    "label": "Meios Próprios"
  },
  {
    "value": 10,
    "label": "Entrada / Saída ficta"
  },
  {
    "value": 11,
    "label": "Courier"
  },
  {
    "value": 12,
    "label": "Em mãos"
  }
] as const;
export type ViaTransporte = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12;

export const LOOKUP_NAMES = ["aliquotaIbsCbs","aliquotaIcms","balancaPdv","bancoBoleto","bandeiraCartao","cClassTrib","cIndOp","cargo","cest","cfop","codigoBarrasEtiqueta","codigoTributacaoNacional","correlacaoServicoIbsCbs","credPresIbsCbs","csosn","cstCofins","cstIbsCbs","cstIcms","cstIpi","cstPis","diaMes","diaSemana","estadoPlano","estadoProcessamento","estadoReenvio","finalidadeNfe","finalidadeSintegra","finalidadeSped","formatoRelatorio","fusoHorario","impressoraPdv","indicadorPresenca","larguraImpressoraPdv","layoutCnab","mes","modalidadeBcIcms","modalidadeBcIcmsSt","modalidadeFrete","modeloBalancaPdv","modeloVariacao","motivoDesoneracaoIcms","motivoInventario","municipio","naturezaContaContabil","ncm","nfeFormaPagamento","nivelPermissao","obrigatoriedadeIbsCbs","origemMercadoria","origemPreco","perfilSped","propriedadeInventario","regimeDocumento","regimeTributario","regimeTributarioCadastro","regimeTributarioMunicipal","retencaoIss","segmento","sistemaExterno","situacaoCupom","situacaoNotaFiscal","situacaoTributaria","statusParcela","statusPedido","statusPedidoIntegral","tecladoPdv","tefPdv","tipoAlerta","tipoArmazenamento","tipoConta","tipoContaContabil","tipoContatoCrm","tipoEmissao","tipoEtiqueta","tipoLancamento","tipoMovimentacao","tipoNfe","tipoPessoa","tipoProduto","tipoPromocao","tipoRelatorio","tipoServico","uf","vendaBalanca","viaTransporte"] as const;
export type LookupName = (typeof LOOKUP_NAMES)[number];
