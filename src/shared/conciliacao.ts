/** A suggested match for an imported bank-statement line (GET /api/TransacoesOfx): server and screen. */
export interface Sugestao {
  tipo: 'movimento' | 'parcela';
  id: number;
  data: string;
  valor: string;
  descricao: string;
  pessoa: string | null;
  documento: string | null;
  pontos: number;
  motivos: string[];
}
