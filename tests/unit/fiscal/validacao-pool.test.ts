import { validarXsd, validarXsdSync, validarMensagem, schemasCompilados } from '../../../src/server/fiscal/validacao-xsd.ts';
import { montarConsStatServ } from '../../../src/server/fiscal/mensagens.ts';
import { PoolValidacao, poolCompartilhado, tamanhoPadrao } from '../../../src/server/fiscal/validacao-pool.ts';
import { montarNfe } from '../../../src/server/fiscal/nfe.ts';
import { lerCertificadoA1 } from '../../../src/server/fiscal/certificado.ts';
import { assinadorDe } from '../../../src/server/fiscal/assinatura-xml.ts';
import { CASOS, item, nfeBase } from '../../fixtures/fiscal/documentos.ts';
import { CASOS_REFORMA } from '../../fixtures/fiscal/grupos.ts';
import { gerarCertificadoTeste } from '../../fixtures/fiscal/certificado-teste.ts';
import type { Item } from '../../../generated/fiscal/nfe-documento.ts';
import { carregarLibxml } from '../../../src/server/fiscal/libxml.ts';

// validarXsdSync runs libxml2 in this thread, which loads it on first use (libxml.ts).
beforeAll(() => carregarLibxml());

const t = gerarCertificadoTeste();
const assinador = assinadorDe(lerCertificadoA1(t.pfx, t.senha));
const itens = Array.from({ length: 30 }, (_, j) => item({ orig: 0, CST: '00', pICMS: '18' }, { codigo: `P${j}`, descricao: `Produto ${j}` })) as [Item, ...Item[]];
const grande = montarNfe(nfeBase({ itens, pagamentos: [{ tPag: '90', valor: '0.00' }] }), assinador).xml;

describe('XSD validation in a worker_threads pool, same API', { timeout: 60_000 }, () => {
  it('answers exactly what the main-thread validation answers, valid or not, for both packages', async () => {
    const docs = [
      grande,
      grande.replace(/<vProd>([\d.]+)<\/vProd>/, '<vProd>1,00</vProd>'),
      grande.replace('<natOp>', '<natOpX>'),
      montarNfe(CASOS[0].doc, assinador).xml.replace(/<CFOP>\d+<\/CFOP>/, '<CFOP>9999</CFOP>'),
    ];
    for (const x of docs) expect(await validarXsd(x, 'nfe_v4.00.xsd')).toEqual(validarXsdSync(x, 'nfe_v4.00.xsd'));
    const reforma = montarNfe(CASOS_REFORMA[0].doc, assinador).xml;
    expect(await validarMensagem(reforma, 'PL_010')).toEqual(validarXsdSync(reforma, 'nfe_v4.00.xsd', 'PL_010'));
    expect((await validarXsd(docs[1], 'nfe_v4.00.xsd')).erros[0]).toMatchObject({ caminho: expect.stringContaining('vProd') });
  });

  it('runs off the calling thread: the schema is compiled in a worker, never here', async () => {
    const pool = poolCompartilhado();
    expect(pool).not.toBeNull();
    const aqui = schemasCompilados();
    const nosWorkers = (await pool!.compilados()).reduce((a, b) => a + b, 0);
    // a message whose schema nobody has validated yet in this file
    const status = montarConsStatServ(2, '35');
    expect(await validarMensagem(status)).toMatchObject({ valido: true, schema: 'PL_009/consStatServ_v4.00.xsd' });
    expect(schemasCompilados()).toBe(aqui);
    expect((await pool!.compilados()).reduce((a, b) => a + b, 0)).toBe(nosWorkers + 1);
    // the same call on this thread compiles it here (the check above can fail)
    validarXsdSync(status, 'consStatServ_v4.00.xsd');
    expect(schemasCompilados()).toBe(aqui + 1);
  });

  it('spreads parallel requests over its workers, each compiling the schema once', async () => {
    const pool = new PoolValidacao(2);
    try {
      const rs = await Promise.all(Array.from({ length: 8 }, () => pool.validar(grande, 'nfe_v4.00.xsd', 'PL_009')));
      expect(rs.every((r) => r.valido)).toBe(true);
      expect(await pool.compilados()).toEqual([1, 1]);
    } finally {
      await pool.fechar();
    }
    await expect(pool.validar(grande, 'nfe_v4.00.xsd', 'PL_009')).rejects.toThrow('O pool de validação foi fechado.');
  });

  it('FISCAL_XSD_WORKERS sets the size; 0 keeps validation on the main thread', () => {
    const antes = process.env.FISCAL_XSD_WORKERS;
    try {
      process.env.FISCAL_XSD_WORKERS = '0';
      expect(tamanhoPadrao()).toBe(0);
      process.env.FISCAL_XSD_WORKERS = '3';
      expect(tamanhoPadrao()).toBe(3);
      delete process.env.FISCAL_XSD_WORKERS;
      expect(tamanhoPadrao()).toBeGreaterThanOrEqual(1);
    } finally {
      if (antes === undefined) delete process.env.FISCAL_XSD_WORKERS;
      else process.env.FISCAL_XSD_WORKERS = antes;
    }
  });
});
