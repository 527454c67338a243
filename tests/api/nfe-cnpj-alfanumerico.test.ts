import { BACKENDS } from '../support/server.ts';
import { matrizDemo, servidorFiscal } from '../support/servidor-fiscal.ts';
import { gerarCertificadoTeste } from '../fixtures/fiscal/certificado-teste.ts';

type Row = Record<string, any>;

// NT Conjunta 2025.001, the alphanumeric CNPJ: an issuer branch whose CNPJ has letters issues an NF-e from the
// emitir-nfe screen's path (rascunho → transmitir) and the local SEFAZ authorises it; the letters are kept in the
// key, the XML and the stored note (nothing on the way strips them as non-digits).
describe.each(BACKENDS)('NF-e de filial com CNPJ alfanumérico on %s', (backend) => {
  const f = servidorFiscal(backend, 'nfe-cnpj-alfa');
  const { ok } = f;
  const CNPJ_ALFA = '12ABC34501DE35';

  it('the issuer 12ABC34501DE35 gets its NF-e authorised, with the letters in the key and in <emit>', async () => {
    const { tenant, matriz, clienteId, produtoId, naturezaVenda } = await matrizDemo(f.srv);
    const sql = async (text: string, params: unknown[] = []) => (await f.srv.db.query<Row>(text, params)).rows;
    // The branch as the company registry writes it (with the mask): the issuer's CNPJ is read as a fiscal document.
    await sql(`UPDATE branches SET cpf_cnpj = '12.ABC.345/01DE-35' WHERE tenant_id = $1 AND id = $2`, [tenant, matriz]);
    const cert = gerarCertificadoTeste({ cnpj: CNPJ_ALFA, titular: 'LOJA ALFA LTDA' });
    await ok(f.admin, 'POST', '/api/CertificadosDigitais', { arquivo: cert.pfx.toString('base64'), senha: cert.senha });
    const preco = String((await sql(`SELECT preco_venda FROM produtos WHERE tenant_id = $1 AND id = $2`, [tenant, produtoId]))[0].preco_venda);
    const n = await ok(f.admin, 'POST', '/api/NotasFiscais', {
      naturezaId: naturezaVenda, clienteId, itens: [{ produtoId, quantidade: '1', valorUnitario: preco }],
      transporte: { modalidade: 9 }, pagamentos: [{ tPag: '15', valor: preco, vencimento: '2099-01-10' }],
    });
    const r = await ok(f.admin, 'POST', `/api/NotasFiscais/${n.id}/transmitir`);
    expect(r.autorizada, JSON.stringify(r)).toBe(true);
    const [nota] = await sql(`SELECT status, chave, protocolo, filial_id FROM notas_fiscais WHERE tenant_id = $1 AND id = $2`, [tenant, n.id]);
    expect(nota).toMatchObject({ status: 'autorizada', filial_id: matriz });
    expect(String(nota.chave).slice(6, 20)).toBe(CNPJ_ALFA);
    expect(nota.protocolo).toMatch(/^\d{15}$/);
    const xml = await f.call(f.admin, 'GET', `/api/NotasFiscais/${n.id}/xml`);
    expect(xml.statusCode).toBe(200);
    expect(xml.body).toMatch(new RegExp(`<emit><CNPJ>${CNPJ_ALFA}</CNPJ>`));
    expect(xml.body).toContain(`Id="NFe${nota.chave}"`);
  }, 120_000);
});
