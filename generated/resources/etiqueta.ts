/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { CodigoBarrasEtiqueta, TipoEtiqueta } from '../lookups.ts';
/** Etiqueta: registro de /api/Etiquetas (schemas/resources/etiqueta.json). */
export interface Etiqueta extends Registro {
  /**
   * Descrição
   */
  descricao: string;
  /**
   * Tipo
   */
  tipo: TipoEtiqueta;
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
  codigoBarras: CodigoBarrasEtiqueta;
  /**
   * Tamanho da fonte (pt)
   */
  tamanhoFonte?: number;
  /**
   * Ativo
   */
  ativo?: boolean;
}
