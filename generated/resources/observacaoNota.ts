/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Observação da nota: registro de /api/ObservacoesNota (schemas/resources/observacaoNota.json). */
export interface ObservacaoNota {
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
   * Descrição
   */
  descricao: string;
  /**
   * Texto
   */
  texto: string;
  /**
   * De interesse do fisco (infAdFis)
   */
  fisco?: boolean;
  /**
   * Só para a UF de destino
   */
  ufDestino?:
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
   * Só com o perfil tributário
   */
  perfilTributarioId?: number | null;
  /**
   * Ativo
   */
  ativo?: boolean;
}
