/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Registro } from '../registro.ts';
import type { FusoHorario, RegimeTributario, RegimeTributarioMunicipal, Segmento } from '../lookups.ts';
import type { Endereco } from '../fragments/endereco.ts';
/** Empresa: registro de /api/Empresas (schemas/resources/empresa.json). */
export interface Empresa extends Registro, Endereco {
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
  regimeTributario: RegimeTributario;
  /**
   * Regime tributário municipal
   */
  regimeTributarioMunicipal?: RegimeTributarioMunicipal | null;
  /**
   * Fuso horário
   */
  fusoHorario?: FusoHorario;
  /**
   * Segmento
   */
  ramoAtividade?: Segmento | null;
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
