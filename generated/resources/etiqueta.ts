/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
/** Etiqueta: registro de /api/Etiquetas (schemas/resources/etiqueta.json). */
export interface Etiqueta {
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
   * Tipo
   */
  tipo: 'folha' | 'rolo';
  /**
   * Largura da página/rolo (mm)
   */
  larguraPagina: string;
  /**
   * Altura da página (mm)
   */
  alturaPagina: string;
  /**
   * Largura da etiqueta (mm)
   */
  largura: string;
  /**
   * Altura da etiqueta (mm)
   */
  altura: string;
  /**
   * Colunas
   */
  colunas: number;
  /**
   * Linhas por página
   */
  linhas: number;
  /**
   * Margem superior (mm)
   */
  margemSuperior?: string;
  /**
   * Margem esquerda (mm)
   */
  margemEsquerda?: string;
  /**
   * Espaço entre colunas (mm)
   */
  espacoHorizontal?: string;
  /**
   * Espaço entre linhas (mm)
   */
  espacoVertical?: string;
  /**
   * Mostrar descrição
   */
  mostrarDescricao?: boolean;
  /**
   * Mostrar preço
   */
  mostrarPreco?: boolean;
  /**
   * Mostrar código
   */
  mostrarCodigo?: boolean;
  /**
   * Código de barras
   */
  codigoBarras: 'nenhum' | 'ean13' | 'code128';
  /**
   * Tamanho da fonte (pt)
   */
  tamanhoFonte?: number;
  /**
   * Ativo
   */
  ativo?: boolean;
}
