/**
 * Real statements of Brazilian banks taken from public repositories (tests/fixtures/ofx/README.md names each
 * source). Count and sum per file were written from reading the file, line by line, not from our parser. Used by
 * tests/unit/financeiro/ofx-corpus.test.ts (the reader) and tests/api/financeiro-ofx-corpus.test.ts (the import).
 */
export const CORPUS: { arquivo: string; banco: string; conta: string; linhas: number; soma: string; moeda?: string }[] = [
  { arquivo: 'bb-asgrim-mktginfo.ofx', banco: 'BB', conta: '455000-5', linhas: 1, soma: '239.55' },
  { arquivo: 'bb-asgrim-dois-extratos.ofx', banco: 'BB', conta: '655000-2', linhas: 5, soma: '17688.99' },
  { arquivo: 'bb-rsalesc-utf8.ofx', banco: 'BB', conta: '12345-6', linhas: 4, soma: '-889.27' },
  { arquivo: 'bb-rsalesc-2.ofx', banco: 'BB', conta: '28765-2', linhas: 5, soma: '-5162.41' },
  { arquivo: 'bb-aaaribeiro-cabecalho-colado.ofx', banco: 'BB', conta: '70251-X', linhas: 4, soma: '-4395.59' },
  { arquivo: 'bb-cartao-cunhapassos.ofx', banco: 'BB cartão', conta: '4984000000003458', linhas: 3, soma: '4943.21' },
  { arquivo: 'itau-uriel.ofx', banco: 'Itaú', conta: '2000645552', linhas: 4, soma: '-67.92' },
  { arquivo: 'itau-ricardo.ofx', banco: 'Itaú', conta: '0061078192', linhas: 5, soma: '1146.67' },
  { arquivo: 'itau-asgrim-selfclose.ofx', banco: 'Itaú', conta: '3037198326', linhas: 5, soma: '585.00' },
  { arquivo: 'caixa-cunhapassos.ofx', banco: 'Caixa', conta: '0000000054760', linhas: 1, soma: '1685.00' },
  { arquivo: 'nubank-cartao-aaaribeiro.ofx', banco: 'Nubank cartão', conta: '80aa-3f0514bf9b00', linhas: 5, soma: '4502.53' },
  { arquivo: 'nubank-cartao-asgrim-ampersand.ofx', banco: 'Nubank cartão', conta: '9999-999999999999', linhas: 16, soma: '393.82' },
  { arquivo: 'nubank-conta-thiago.ofx', banco: 'Nubank', conta: '9939387-4', linhas: 4, soma: '907.00' },
  { arquivo: 'nubank-conta-brenno.ofx', banco: 'Nubank', conta: '68856168-8', linhas: 4, soma: '-63.97' },
  { arquivo: 'inter-dionathan-pix.ofx', banco: 'Inter', conta: '31957099', linhas: 4, soma: '-174.90' },
  { arquivo: 'inter-dionathan-ampersand.ofx', banco: 'Inter', conta: '31957099', linhas: 3, soma: '939.05' },
  { arquivo: 'inter-pegasus-fitid-repetido.ofx', banco: 'Inter', conta: '22222677', linhas: 5, soma: '-96.79' },
  { arquivo: 'bradesco-gustavo.ofx', banco: 'Bradesco', conta: '507/83963', linhas: 4, soma: '290.00' },
  { arquivo: 'sicredi-ismael-exemplo.ofx', banco: 'Sicredi', conta: '9999999999999', linhas: 4, soma: '887.50' },
  { arquivo: 'sicredi-ismael-cooperativa.ofx', banco: 'Sicredi', conta: '1090000000352740', linhas: 4, soma: '-519.98' },
  { arquivo: 'xml-asgrim-ofx2-usd.ofx', banco: 'banco dos EUA (OFX 2)', conta: '098-121', linhas: 3, soma: '250.00', moeda: 'USD' },
];
