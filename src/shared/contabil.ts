/**
 * What the accountant module sends to the screen (SPEC 2.10 "Contador"), declared once for the server that
 * reads the rows and the pages that show them.
 */

/** An accountant invited by the shop, as listed on the shop's "Contadores" screen. */
export interface Contador {
  id: number;
  email: string;
  nome: string | null;
  crc: string;
  cpfCnpj: string;
  /** the accountant's own CPF (SPED 0100) when cpfCnpj is his firm's CNPJ */
  cpf: string | null;
  situacao: 'convidado' | 'ativo' | 'revogado';
  expiraEm: string;
  aceitoEm: string | null;
  revogadoEm: string | null;
  createdAt: string;
  /** the shop lets him fetch the NF-e XML (autXML) */
  autXml: boolean;
}

/** One client account on the accountant's panel. */
export interface LinhaPainel {
  contaId: number;
  nome: string;
  cpfCnpj: string | null;
  atual: boolean;
  /** the last XML ZIP of a period exported (SPEC 2.10 relatorios, format zip) */
  ultimoXml: { descricao: string; data: string } | null;
  /** the last SPED or Sintegra file generated (format txt) */
  ultimoSped: { descricao: string; data: string } | null;
  /** the earliest expiry among the branches' active A1 certificates */
  certificadoValidade: string | null;
  /** NF-e rejected or issued in contingency and not yet sent again */
  notasRejeitadas: number;
  notasContingencia: number;
  /** the last month closed (MM/AAAA) in any branch, and the bank lines not yet reconciled */
  ultimoFechamento: string | null;
  extratoPendente: number;
}
