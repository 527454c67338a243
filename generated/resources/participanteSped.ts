/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { Uf } from '../lookups.ts';
/** Participante SPED: registro de /api/ParticipantesSped (schemas/resources/participanteSped.json). */
export interface ParticipanteSped extends Registro {
  /**
   * Código do participante
   */
  codigo: string;
  /**
   * Nome ou razão social
   */
  nome: string;
  /**
   * Código do país (BACEN)
   */
  codigoPais: number;
  /**
   * CPF/CNPJ
   */
  cpfCnpj?: string | null;
  /**
   * Inscrição estadual
   */
  inscricaoEstadual?: string | null;
  /**
   * Inscrição na SUFRAMA
   */
  suframa?: string | null;
  /**
   * Logradouro
   */
  logradouro: string;
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
  uf?: Uf | null;
  /**
   * Município
   */
  codigoMunicipio?: number | null;
  /**
   * Ativo
   */
  ativo?: boolean;
}
