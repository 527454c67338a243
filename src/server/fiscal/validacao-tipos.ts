/** What XSD validation takes and answers: shared by the validator (validacao-xsd.ts) and its worker pool. */

/** The official schema packages (paths in validacao-xsd.ts PACOTES). */
export type Pacote = 'PL_009' | 'PL_010' | 'NFSE_V1' | 'NFSE_V101';

export interface ErroValidacao {
  caminho: string;
  mensagem: string;
}

export interface ResultadoXsd {
  valido: boolean;
  schema: string;
  erros: ErroValidacao[];
}
