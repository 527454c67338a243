/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Empresa: registro de /api/Empresas (schemas/resources/empresa.json). */
export interface Empresa {
  /**
   * Código do registro
   */
  id: number;
  /**
   * Cadastrado em (ISO 8601)
   */
  createdAt?: string;
  /**
   * Alterado em (ISO 8601)
   */
  updatedAt?: string;
  /**
   * Razão social
   */
  nome: string;
  /**
   * Nome fantasia
   */
  apelido?: string | null;
  /**
   * CNPJ
   */
  cpfCnpj: string;
  /**
   * Inscrição estadual
   */
  inscricaoEstadual?: string | null;
  /**
   * Inscrição municipal
   */
  inscricaoMunicipal?: string | null;
  /**
   * CNAE
   */
  cnae?: string | null;
  /**
   * Regime tributário
   */
  regimeTributario: 0 | 1 | 2 | 3 | 4 | 5;
  /**
   * Regime tributário municipal
   */
  regimeTributarioMunicipal?: 0 | 1 | 2 | 3 | 4 | 5 | 6 | null;
  /**
   * Segmento
   */
  ramoAtividade?:
    | 'alimentacao'
    | 'supermercado'
    | 'padaria'
    | 'servicos'
    | 'varejo'
    | 'combustivel'
    | 'vestuario'
    | 'clinica_medica'
    | 'revenda_combustivel'
    | 'outros'
    | null;
  /**
   * CEP
   */
  cep?: string | null;
  /**
   * Logradouro
   */
  logradouro?: string | null;
  /**
   * Número
   */
  numero?: string | null;
  /**
   * Complemento
   */
  complemento?: string | null;
  /**
   * Bairro
   */
  bairro?: string | null;
  /**
   * UF
   */
  uf?:
    | 'AC'
    | 'AL'
    | 'AM'
    | 'AP'
    | 'BA'
    | 'CE'
    | 'DF'
    | 'ES'
    | 'EX'
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
    | null;
  /**
   * Município
   */
  codigoMunicipio?: number | null;
  /**
   * Telefone
   */
  telefone?: string | null;
  /**
   * E-mail
   */
  email?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
}
