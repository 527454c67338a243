/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { MotivoInventario, PropriedadeInventario } from '../lookups.ts';
/** Item do inventário: registro de /api/InventariosSped (schemas/resources/inventarioSped.json). */
export interface InventarioSped extends Registro {
  /**
   * Filial
   */
  filialId?: number;
  /**
   * Data do inventário
   */
  dataInventario: string;
  /**
   * Motivo do inventário
   */
  motivo: MotivoInventario;
  /**
   * Produto
   */
  produtoId: number;
  /**
   * Unidade
   */
  unidade: string;
  /**
   * Quantidade
   */
  quantidade: string;
  /**
   * Valor unitário
   */
  valorUnitario: string;
  /**
   * Valor do item
   */
  valorItem?: string | null;
  /**
   * Propriedade e posse
   */
  propriedade: PropriedadeInventario;
  /**
   * Participante (proprietário ou possuidor)
   */
  participanteSpedId?: number | null;
  /**
   * Conta contábil
   */
  contaContabilSpedId?: number | null;
  /**
   * Descrição complementar
   */
  observacao?: string | null;
}
