/* Gerado por scripts/codegen.ts a partir de schemas/. Não edite: altere o documento e rode npm run codegen. */
import type { Uf } from '../lookups.ts';
/** Grupo de campos schemas/fragments/endereco.json: Endereço: CEP, logradouro, número, complemento, bairro, UF e município (IBGE). */
export interface Endereco {
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
  uf?: Uf | null;
  /**
   * Município
   */
  codigoMunicipio?: number | null;
}
