/* Gerado por scripts/codegen-fiscal.ts a partir de schemas/fiscal/nfe-documento.schema.json. Não edite. */

/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Uf".
 */
export type Uf =
  | 'AC'
  | 'AL'
  | 'AM'
  | 'AP'
  | 'BA'
  | 'CE'
  | 'DF'
  | 'ES'
  | 'GO'
  | 'MA'
  | 'MG'
  | 'MS'
  | 'MT'
  | 'PA'
  | 'PB'
  | 'PE'
  | 'PI'
  | 'PR'
  | 'RJ'
  | 'RN'
  | 'RO'
  | 'RR'
  | 'RS'
  | 'SC'
  | 'SE'
  | 'SP'
  | 'TO'
  | 'EX';
/**
 * Número decimal não negativo em texto, ponto como separador.
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Decimal".
 */
export type Decimal = string;
/**
 * Número decimal não negativo em texto, ponto como separador.
 */
export type Decimal1 = string;
/**
 * Número decimal não negativo em texto, ponto como separador.
 */
export type Decimal2 = string;
/**
 * Número decimal não negativo em texto, ponto como separador.
 */
export type Decimal3 = string;
/**
 * Número decimal não negativo em texto, ponto como separador.
 */
export type Decimal4 = string;
/**
 * Número decimal não negativo em texto, ponto como separador.
 */
export type Decimal5 = string;

/**
 * Entrada do motor fiscal para NF-e (modelo 55) e NFC-e (modelo 65), leiaute 4.00. Campos de tributo usam as siglas do MOC (orig, CST, CSOSN, pICMS...) para que o leitor as encontre no manual; valores monetários e quantidades são strings decimais (nunca número binário). O que o leiaute deriva (totais, chave, cNF, cDV, bases e valores de imposto calculáveis, troco) é calculado pelo construtor.
 */
export interface NfeDocumento {
  /**
   * 55 = NF-e, 65 = NFC-e
   */
  modelo: 55 | 65;
  /**
   * tpAmb: 1 produção, 2 homologação
   */
  ambiente: 1 | 2;
  /**
   * Liga os grupos IBS/CBS (PL_010); valida contra o pacote PL_010_V1.30.
   */
  reformaTributaria?: boolean;
  ide: Identificacao;
  emitente: Emitente;
  destinatario?: Destinatario;
  retirada?: Local;
  entrega?: Local;
  /**
   * @maxItems 10
   */
  autorizadosXml?:
    | []
    | [AutorizadoXml]
    | [AutorizadoXml, AutorizadoXml]
    | [AutorizadoXml, AutorizadoXml, AutorizadoXml]
    | [AutorizadoXml, AutorizadoXml, AutorizadoXml, AutorizadoXml]
    | [AutorizadoXml, AutorizadoXml, AutorizadoXml, AutorizadoXml, AutorizadoXml]
    | [AutorizadoXml, AutorizadoXml, AutorizadoXml, AutorizadoXml, AutorizadoXml, AutorizadoXml]
    | [AutorizadoXml, AutorizadoXml, AutorizadoXml, AutorizadoXml, AutorizadoXml, AutorizadoXml, AutorizadoXml]
    | [
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml
      ]
    | [
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml
      ]
    | [
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml,
        AutorizadoXml
      ];
  /**
   * @minItems 1
   * @maxItems 990
   */
  itens: [Item, ...Item[]];
  transporte?: Transporte;
  cobranca?: Cobranca;
  /**
   * @minItems 1
   * @maxItems 100
   */
  pagamentos: [Pagamento, ...Pagamento[]];
  informacoesAdicionais?: InformacoesAdicionais;
  exportacao?: Exportacao;
  servicos?: Servicos;
  responsavelTecnico?: ResponsavelTecnico;
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Identificacao".
 */
export interface Identificacao {
  serie: number;
  numero: number;
  /**
   * cNF; gerado aleatoriamente quando ausente.
   */
  codigoNumerico?: string;
  naturezaOperacao: string;
  /**
   * dhEmi com fuso, ex. 2025-03-10T14:00:00-03:00
   */
  dataEmissao: string;
  dataSaidaEntrada?: string;
  /**
   * tpNF: 0 entrada, 1 saída
   */
  tipoOperacao?: 0 | 1;
  codigoMunicipioFatoGerador: string;
  /**
   * tpImp; padrão 1 (NF-e) ou 4 (NFC-e)
   */
  tipoImpressao?: 0 | 1 | 2 | 3 | 4 | 5;
  /**
   * tpEmis; 9 = contingência off-line da NFC-e
   */
  tipoEmissao?: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 9;
  /**
   * finNFe
   */
  finalidade?: 1 | 2 | 3 | 4;
  /**
   * indFinal; padrão: verdadeiro na NFC-e
   */
  consumidorFinal?: boolean;
  /**
   * indPres
   */
  presenca?: 0 | 1 | 2 | 3 | 4 | 5 | 9;
  intermediador?: {
    cnpj: string;
    identificador: string;
  };
  versaoAplicativo?: string;
  contingencia?: {
    dataHora: string;
    justificativa: string;
  };
  /**
   * @maxItems 999
   */
  referencias?: DocumentoReferenciado[];
  /**
   * Reforma (PL_010, gPagAntecipado): chaves das NF-e de antecipação de pagamento (sinal, encomenda paga antes) cujas parcelas esta nota abate; só com reformaTributaria.
   *
   * @minItems 1
   * @maxItems 99
   */
  pagamentosAntecipados?: [string, ...string[]];
}
/**
 * NFref: informe exatamente um dos grupos.
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "DocumentoReferenciado".
 */
export interface DocumentoReferenciado {
  chaveNFe?: string;
  chaveCTe?: string;
  notaModelo1?: {
    cUF: string;
    anoMes: string;
    cnpj: string;
    serie: number;
    numero: number;
  };
  cupomFiscal?: {
    modelo: '2B' | '2C' | '2D';
    nECF: number;
    nCOO: number;
  };
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Emitente".
 */
export interface Emitente {
  cnpj?: string;
  cpf?: string;
  razaoSocial: string;
  nomeFantasia?: string;
  endereco: Endereco;
  ie: string;
  iest?: string;
  im?: string;
  cnae?: string;
  /**
   * 1 Simples Nacional, 2 SN excesso de sublimite, 3 regime normal, 4 MEI
   */
  crt: 1 | 2 | 3 | 4;
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Endereco".
 */
export interface Endereco {
  logradouro: string;
  numero: string;
  complemento?: string;
  bairro: string;
  /**
   * cMun IBGE
   */
  codigoMunicipio: string;
  municipio: string;
  uf: Uf;
  cep?: string;
  telefone?: string;
  /**
   * cPais (tabela do BACEN); no exterior (UF EX) o país do endereço
   */
  codigoPais?: string;
  /**
   * xPais
   */
  pais?: string;
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Destinatario".
 */
export interface Destinatario {
  cnpj?: string;
  cpf?: string;
  idEstrangeiro?: string;
  nome?: string;
  endereco?: Endereco;
  /**
   * indIEDest: 1 contribuinte, 2 isento, 9 não contribuinte
   */
  indicadorIE?: 1 | 2 | 9;
  ie?: string;
  email?: string;
}
/**
 * Local de retirada (grupo F) ou de entrega (grupo G) diferente do endereço do emitente/destinatário; informe CNPJ ou CPF.
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Local".
 */
export interface Local {
  cnpj?: string;
  cpf?: string;
  nome?: string;
  endereco: Endereco;
  email?: string;
  ie?: string;
}
/**
 * autXML (grupo GA): CNPJ ou CPF autorizado a obter o XML (ex.: o contador).
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "AutorizadoXml".
 */
export interface AutorizadoXml {
  cnpj?: string;
  cpf?: string;
}
/**
 * Um item da nota. Informe icms (mercadoria) ou issqn (serviço), nunca os dois.
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Item".
 */
export interface Item {
  codigo: string;
  gtin?: string;
  descricao: string;
  ncm: string;
  cest?: string;
  cBenef?: string;
  cfop: string;
  unidade: string;
  quantidade: Decimal;
  valorUnitario: Decimal;
  unidadeTributavel?: string;
  quantidadeTributavel?: Decimal;
  valorFrete?: Decimal;
  valorSeguro?: Decimal;
  valorDesconto?: Decimal;
  valorOutros?: Decimal;
  /**
   * indTot
   */
  compoeTotal?: boolean;
  pedido?: string;
  itemPedido?: string;
  valorAproximadoTributos?: Decimal;
  informacoesAdicionais?: string;
  icms?: Icms;
  ipi?: Ipi;
  pis: PisCofins;
  cofins: PisCofins;
  difal?: Difal;
  ibsCbs?: IbsCbs;
  issqn?: Issqn;
  /**
   * DI (I18): obrigatória quando o CFOP começa com 3
   *
   * @maxItems 100
   */
  declaracoesImportacao?: DeclaracaoImportacao[];
  impostoImportacao?: ImpostoImportacao;
  /**
   * @maxItems 500
   */
  exportacao?: ExportacaoItem[];
  combustivel?: Combustivel;
  veiculo?: VeiculoNovo;
  medicamento?: Medicamento;
  /**
   * @minItems 1
   * @maxItems 500
   */
  armas?: [Arma, ...Arma[]];
}
/**
 * Informe CST (regime normal) ou CSOSN (Simples Nacional); pDif é o percentual do diferimento do CST 51; pICMSDeson é o percentual desonerado sobre a base (CST 20, 30, 40, 70, 90). Bases e valores são calculados a partir das alíquotas; os campos v* só são lidos onde o leiaute pede um valor informado (ST retido, crédito SN já calculado).
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Icms".
 */
export interface Icms {
  orig: number;
  CST?: '00' | '10' | '20' | '30' | '40' | '41' | '50' | '51' | '60' | '70' | '90';
  CSOSN?: '101' | '102' | '103' | '201' | '202' | '203' | '300' | '400' | '500' | '900';
  modBC?: 0 | 1 | 2 | 3;
  pRedBC?: Decimal;
  pICMS?: Decimal;
  pFCP?: Decimal;
  pDif?: Decimal;
  modBCST?: 0 | 1 | 2 | 3 | 4 | 5 | 6;
  pMVAST?: Decimal;
  pRedBCST?: Decimal;
  pICMSST?: Decimal;
  pFCPST?: Decimal;
  pCredSN?: Decimal;
  vBCSTRet?: Decimal;
  pST?: Decimal;
  vICMSSubstituto?: Decimal;
  vICMSSTRet?: Decimal;
  pICMSDeson?: Decimal;
  motDesICMS?: 1 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12 | 16 | 90;
  /**
   * indDeduzDeson: o ICMS desonerado é deduzido do total da nota
   */
  deduzDesoneracao?: boolean;
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Ipi".
 */
export interface Ipi {
  cEnq: string;
  CST: '00' | '01' | '02' | '03' | '04' | '05' | '49' | '50' | '51' | '52' | '53' | '54' | '55' | '99';
  pIPI?: Decimal;
}
/**
 * PIS ou COFINS por CST: 01/02 alíquota (aliquota em %), 03 quantidade (aliquotaPorUnidade em R$), 04-09 não tributado, 49-99 outras.
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "PisCofins".
 */
export interface PisCofins {
  CST: string;
  aliquota?: Decimal;
  aliquotaPorUnidade?: Decimal;
}
/**
 * ICMSUFDest: venda a consumidor final não contribuinte de outra UF (EC 87/2015).
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Difal".
 */
export interface Difal {
  pFCPUFDest?: Decimal;
  pICMSUFDest: Decimal;
  pICMSInter: '4.00' | '7.00' | '12.00';
}
/**
 * Reforma tributária (PL_010): grupo IBSCBS do item. Sem outro grupo, é a tributação regular (gIBSCBS, que exige pIBSUF, pIBSMun e pCBS); monofasia (gIBSCBSMono), transferência de crédito (gTransfCred) e ajuste de competência (gAjusteCompet) substituem gIBSCBS.
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "IbsCbs".
 */
export interface IbsCbs {
  CST: string;
  cClassTrib: string;
  pIBSUF?: Decimal;
  pIBSMun?: Decimal;
  pCBS?: Decimal;
  /**
   * fornecimento por doação
   */
  indDoacao?: boolean;
  diferimento?: DiferimentoIbsCbs;
  reducao?: ReducaoIbsCbs;
  devolucao?: DevolucaoIbsCbs;
  tributacaoRegular?: TributacaoRegularIbsCbs;
  monofasia?: MonofasiaIbsCbs;
  transferenciaCredito?: TransferenciaCreditoIbsCbs;
  creditoPresumido?: CreditoPresumidoIbsCbs;
  creditoPresumidoZFM?: CreditoPresumidoZfm;
  estornoCredito?: EstornoCreditoIbsCbs;
  ajusteCompetencia?: AjusteCompetenciaIbsCbs;
}
/**
 * gDif: percentual diferido de cada tributo
 */
export interface DiferimentoIbsCbs {
  pIBSUF?: Decimal;
  pIBSMun?: Decimal;
  pCBS?: Decimal;
}
/**
 * gRed: percentual de redução de alíquota de cada tributo (pAliqEfet = alíquota × (1 - redução))
 */
export interface ReducaoIbsCbs {
  pIBSUF?: Decimal;
  pIBSMun?: Decimal;
  pCBS?: Decimal;
}
/**
 * gDevTrib: tributo devolvido ao adquirente (cashback), informado
 */
export interface DevolucaoIbsCbs {
  vIBSUF?: Decimal;
  vIBSMun?: Decimal;
  vCBS?: Decimal;
}
/**
 * gTribRegular: tributação que valeria sem o regime específico
 */
export interface TributacaoRegularIbsCbs {
  CST: string;
  cClassTrib: string;
  pIBSUF: Decimal;
  pIBSMun: Decimal;
  pCBS: Decimal;
}
/**
 * gIBSCBSMono (combustíveis): alíquotas ad rem por unidade; padrão (qBCMono), retenção (qBCMonoReten), retido anteriormente (qBCMonoRet), diferimento (pDif*)
 */
export interface MonofasiaIbsCbs {
  qBCMono?: Decimal;
  adRemIBS?: Decimal;
  adRemCBS?: Decimal;
  qBCMonoReten?: Decimal;
  adRemIBSReten?: Decimal;
  adRemCBSReten?: Decimal;
  qBCMonoRet?: Decimal;
  adRemIBSRet?: Decimal;
  adRemCBSRet?: Decimal;
  pDifIBS?: Decimal;
  pDifCBS?: Decimal;
}
/**
 * gTransfCred: transferência de créditos (CST 800)
 */
export interface TransferenciaCreditoIbsCbs {
  vIBS: Decimal;
  vCBS: Decimal;
}
/**
 * gCredPresOper: crédito presumido sobre a base do item (vBCCredPres)
 */
export interface CreditoPresumidoIbsCbs {
  cCredPres: string;
  pIBS?: Decimal;
  pCBS?: Decimal;
  condicaoSuspensiva?: boolean;
}
/**
 * gCredPresIBSZFM: crédito presumido do IBS na Zona Franca de Manaus
 */
export interface CreditoPresumidoZfm {
  competencia: string;
  tipo: 0 | 1 | 2 | 3 | 4;
  vCredPresIBSZFM: Decimal;
}
/**
 * gEstornoCred
 */
export interface EstornoCreditoIbsCbs {
  vIBSEstCred: Decimal;
  vCBSEstCred: Decimal;
}
/**
 * gAjusteCompet (CST 811): ajuste de competência, com os valores de IBS e CBS do período de apuração
 */
export interface AjusteCompetenciaIbsCbs {
  /**
   * AAAA-MM
   */
  competencia: string;
  vIBS: Decimal;
  vCBS: Decimal;
}
/**
 * ISSQN do item (grupo U): o item de serviço não leva ICMS. vBC = vProd - vDeducao - desconto do item.
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Issqn".
 */
export interface Issqn {
  vAliq: Decimal1;
  /**
   * item da lista de serviços da LC 116/2003, ex. 14.01
   */
  cListServ: string;
  /**
   * município de ocorrência do fato gerador; padrão: o do emitente
   */
  cMunFG?: string;
  vDeducao?: Decimal;
  vOutro?: Decimal;
  vDescCond?: Decimal;
  /**
   * ISSQN retido pelo tomador (vISSRet = vISSQN)
   */
  retido?: boolean;
  /**
   * exigibilidade: 1 exigível, 2 não incidência, 3 isenção, 4 exportação, 5 imunidade, 6 suspensa por decisão judicial, 7 suspensa por processo administrativo
   */
  indISS?: 1 | 2 | 3 | 4 | 5 | 6 | 7;
  cServico?: string;
  /**
   * município de incidência
   */
  cMun?: string;
  cPais?: string;
  nProcesso?: string;
  /**
   * indIncentivo 1 = sim, 2 = não
   */
  incentivoFiscal?: boolean;
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "DeclaracaoImportacao".
 */
export interface DeclaracaoImportacao {
  /**
   * nDI (DI, DSI, DIRE ou DUImp)
   */
  numero: string;
  /**
   * AAAA-MM-DD
   */
  data: string;
  /**
   * xLocDesemb
   */
  localDesembaraco: string;
  ufDesembaraco: Uf;
  /**
   * AAAA-MM-DD
   */
  dataDesembaraco: string;
  /**
   * tpViaTransp: 1 marítima, 2 fluvial, 3 lacustre, 4 aérea, 5 postal, 6 ferroviária, 7 rodoviária, 8 conduto, 9 meios próprios, 10 entrada/saída ficta, 11 courier, 12 em mãos, 13 por reboque
   */
  viaTransporte: number;
  valorAFRMM?: Decimal2;
  /**
   * tpIntermedio: 1 por conta própria, 2 por conta e ordem, 3 encomenda
   */
  intermediacao: 1 | 2 | 3;
  /**
   * CNPJ do adquirente ou encomendante (intermediação 2 ou 3)
   */
  cnpjAdquirente?: string;
  ufTerceiro?: Uf;
  /**
   * cExportador
   */
  codigoExportador: string;
  /**
   * @minItems 1
   * @maxItems 999
   */
  adicoes: [Adicao, ...Adicao[]];
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Adicao".
 */
export interface Adicao {
  /**
   * nAdicao
   */
  numero?: string;
  /**
   * nSeqAdic
   */
  sequencial: string;
  /**
   * cFabricante
   */
  codigoFabricante: string;
  desconto?: Decimal3;
  /**
   * nDraw
   */
  drawback?: string;
}
/**
 * Grupo II (P): valores da declaração de importação, informados (não calculados).
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "ImpostoImportacao".
 */
export interface ImpostoImportacao {
  vBC: Decimal;
  vDespAdu?: Decimal;
  vII: Decimal;
  vIOF?: Decimal;
}
/**
 * detExport (I50); exportação indireta: informe nRE, chave e quantidade juntos.
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "ExportacaoItem".
 */
export interface ExportacaoItem {
  /**
   * nDraw
   */
  drawback?: string;
  /**
   * nRE
   */
  registroExportacao?: string;
  /**
   * chave da NF-e de remessa com fim específico
   */
  chaveNFe?: string;
  quantidade?: Decimal4;
}
/**
 * Combustível (grupo LA). vCIDE é calculado de qBCProd × vAliqProd.
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Combustivel".
 */
export interface Combustivel {
  cProdANP: string;
  descANP: string;
  pGLP?: Decimal;
  pGNn?: Decimal;
  pGNi?: Decimal;
  vPart?: Decimal;
  CODIF?: string;
  qTemp?: Decimal;
  UFCons: Uf;
  cide?: Cide;
  encerrante?: Encerrante;
  pBio?: Decimal;
  /**
   * @maxItems 30
   */
  origens?: OrigemCombustivel[];
}
export interface Cide {
  qBCProd: Decimal;
  vAliqProd: Decimal;
}
export interface Encerrante {
  nBico: string;
  nBomba?: string;
  nTanque: string;
  vEncIni: Decimal;
  vEncFin: Decimal;
}
export interface OrigemCombustivel {
  indImport: 0 | 1;
  cUFOrig: string;
  pOrig: Decimal;
}
/**
 * Veículo novo (grupo JA), campos com as siglas do leiaute.
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "VeiculoNovo".
 */
export interface VeiculoNovo {
  /**
   * 0 outros, 1 venda concessionária, 2 faturamento direto, 3 venda direta
   */
  tpOp: 0 | 1 | 2 | 3;
  chassi: string;
  cCor: string;
  xCor: string;
  pot: string;
  cilin: string;
  pesoL: string;
  pesoB: string;
  nSerie: string;
  tpComb: string;
  nMotor: string;
  CMT: string;
  dist: string;
  anoMod: string;
  anoFab: string;
  tpPint: string;
  tpVeic: string;
  espVeic: string;
  VIN: 'R' | 'N';
  condVeic: 1 | 2 | 3;
  cMod: string;
  cCorDENATRAN: string;
  lota: string;
  tpRest: 0 | 1 | 2 | 3 | 4 | 9;
}
/**
 * Medicamento (grupo K).
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Medicamento".
 */
export interface Medicamento {
  /**
   * registro na ANVISA (11 ou 13 dígitos) ou ISENTO
   */
  cProdANVISA: string;
  /**
   * obrigatório quando cProdANVISA = ISENTO
   */
  xMotivoIsencao?: string;
  vPMC: Decimal5;
}
/**
 * Arma de fogo (grupo L).
 *
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Arma".
 */
export interface Arma {
  /**
   * 0 uso permitido, 1 uso restrito
   */
  tpArma: 0 | 1;
  nSerie: string;
  nCano: string;
  descr: string;
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Transporte".
 */
export interface Transporte {
  /**
   * modFrete; 9 = sem frete
   */
  modalidadeFrete: 0 | 1 | 2 | 3 | 4 | 9;
  transportadora?: {
    cnpj?: string;
    cpf?: string;
    nome?: string;
    ie?: string;
    endereco?: string;
    municipio?: string;
    uf?: Uf;
  };
  veiculo?: Veiculo;
  /**
   * @maxItems 5000
   */
  volumes?: Volume[];
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Veiculo".
 */
export interface Veiculo {
  placa: string;
  uf: Uf;
  rntc?: string;
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Volume".
 */
export interface Volume {
  quantidade?: number;
  especie?: string;
  marca?: string;
  numeracao?: string;
  pesoLiquido?: Decimal;
  pesoBruto?: Decimal;
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Cobranca".
 */
export interface Cobranca {
  numeroFatura?: string;
  valorOriginal?: Decimal;
  valorDesconto?: Decimal;
  /**
   * @maxItems 120
   */
  duplicatas?: {
    numero: string;
    vencimento: string;
    valor: Decimal;
  }[];
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Pagamento".
 */
export interface Pagamento {
  /**
   * Meio de pagamento (../shared/fiscal/tables/nfe_tpag.csv)
   */
  tPag:
    | '01'
    | '02'
    | '03'
    | '04'
    | '05'
    | '10'
    | '11'
    | '12'
    | '13'
    | '14'
    | '15'
    | '16'
    | '17'
    | '18'
    | '19'
    | '20'
    | '21'
    | '22'
    | '90'
    | '99';
  /**
   * xPag; obrigatório para tPag 99
   */
  descricao?: string;
  indPag?: 0 | 1;
  valor: Decimal;
  cartao?: Cartao;
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "Cartao".
 */
export interface Cartao {
  /**
   * tpIntegra: 1 integrado ao sistema (TEF/POS integrado), 2 não integrado
   */
  integrado: boolean;
  cnpjCredenciadora?: string;
  /**
   * tBand
   */
  bandeira?: string;
  autorizacao?: string;
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "InformacoesAdicionais".
 */
export interface InformacoesAdicionais {
  fisco?: string;
  contribuinte?: string;
}
/**
 * Grupo exporta (ZA): UF e local de embarque
 */
export interface Exportacao {
  ufSaida: Uf;
  localExportacao: string;
  localDespacho?: string;
}
/**
 * ISSQNtot: competência (padrão: a data de emissão) e regime especial
 */
export interface Servicos {
  /**
   * AAAA-MM-DD
   */
  dataCompetencia?: string;
  /**
   * regime especial de tributação do ISSQN
   */
  cRegTrib?: 1 | 2 | 3 | 4 | 5 | 6;
}
/**
 * This interface was referenced by `NfeDocumento`'s JSON-Schema
 * via the `definition` "ResponsavelTecnico".
 */
export interface ResponsavelTecnico {
  cnpj: string;
  contato: string;
  email: string;
  telefone: string;
  idCSRT?: string;
  /**
   * Código de Segurança do Responsável Técnico; usado só para o hashCSRT.
   */
  csrt?: string;
}
