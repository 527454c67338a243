/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Transportador: registro de /api/Transportadores (schemas/resources/transportador.json). */
export interface Transportador {
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
   * Nome / Razão social
   */
  nome: string;
  /**
   * Nome fantasia
   */
  fantasia?: string | null;
  /**
   * CPF/CNPJ
   */
  cpfCnpj?: string | null;
  /**
   * Inscrição estadual
   */
  inscricaoEstadual?: string | null;
  /**
   * E-mail
   */
  email?: string | null;
  /**
   * Telefone
   */
  telefone?: string | null;
  /**
   * Celular
   */
  celular?: string | null;
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
   * Observações
   */
  observacao?: string | null;
  /**
   * Ativo
   */
  ativo?: boolean;
  /**
   * Placa do veículo
   */
  placaVeiculo?: string | null;
  /**
   * RNTC
   */
  rntc?: string | null;
}
