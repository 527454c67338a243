import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { NfeDocumento } from '../../generated/fiscal/nfe-documento.ts';
import { calcularNfe } from '../../src/shared/fiscal/nfe-calculo.ts';
import type { ContextoTributacao } from '../../src/shared/fiscal/tributar-linha.ts';
import { novaImportacao } from '../../src/web/pages/nfe/ImportacaoLinha.tsx';
import { LinhasNota } from '../../src/web/pages/nfe/linhas-nota.ts';

// Issue 39: the emitir-nfe preview of an own-import line (nota de importação, CFOP 3102) shows the IBS/CBS the XML will
// carry. The screen's store runs tributarLinha with the DI's II, despesas aduaneiras and IOF; the server's engine
// (calcularNfe, which writes the XML) takes the base VA + II + despesas + IOF (LC 214/2025 art. 65). Hand-computed:
// VA 10 × 100,00 = 1.000,00; II 160,00; despesas 200,00; IOF 5,00 → base 1.365,00 (the figure of
// tests/unit/fiscal/importacao.test.ts). 2026: CBS 0,9 % = 12,285 → 12,29; IBS UF 0,1 % = 1,365 → 1,37; IBS mun 0 %.
const lk = (nome: string) => JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../../schemas/lookups/${nome}.json`), 'utf8')).items;

const contexto: ContextoTributacao = {
  data: '2026-11-26',
  emitente: { uf: 'SP', crt: 3 },
  destinatario: { uf: null, exterior: true, consumidorFinal: false, indIEDest: 9 },
  natureza: { tipo: 0, cfopEstadual: null, cfopInterestadual: null, cfopExterior: '3102' },
  produtos: [{ id: 1, descricao: 'Notebook importado', ncm: '84713012', origem: 1, cest: null, perfilTributarioId: 7 }],
  regras: {
    estaduais: [{ id: 1, perfilTributarioId: 7, ufOrigem: 'SP', ufDestino: 'EX', vigenciaInicio: '2024-01-01', cstIcms: '00', aliquotaIcms: '18' }],
    federais: [{ id: 2, perfilTributarioId: 7, vigenciaInicio: '2024-01-01', cstIpi: '00', aliquotaIpi: '10', cstPis: '50', aliquotaPis: '2.10', cstCofins: '50', aliquotaCofins: '9.65' }],
  },
  ibsCbs: {
    modelo: '55',
    tabelas: { cst: lk('cstIbsCbs'), cClassTrib: lk('cClassTrib').filter((c: { value: string }) => c.value === '000001'), aliquotas: lk('aliquotaIbsCbs') },
    classificacoes: { '7': { cst: '000', cClassTrib: '000001' } },
  },
};

function tela(importacao: { valorII: string; valorDespesasAduaneiras: string; valorIof: string }) {
  const store = new LinhasNota();
  const { produtos, regras, ...cabecalho } = contexto;
  store.definirBase({ cabecalho, produtos: new Map(produtos.map((p) => [p.id, p])), regras });
  // typed as the user types them on the screen: comma decimals
  store.definir([{ chave: 1, produtoId: 1, quantidade: '10', valorUnitario: '100,00', valorDesconto: '', importacao: { ...novaImportacao(), ...importacao } }]);
  const c = store.todas()[0].calculo;
  if (!c?.tributos) throw new Error(`linha sem tributos: ${c?.erro}`);
  return { tributos: c.tributos, totais: store.totais() };
}

/** The item the server's engine computes for the same line (the groups montagem builds: II group, rates of the rules, the IBS/CBS group the line got). */
function servidor(t: ReturnType<typeof tela>['tributos'], ii: { vII: string; vDespAdu: string; vIOF: string }) {
  const doc = {
    modelo: 55,
    ambiente: 2,
    reformaTributaria: true,
    ide: { serie: 1, numero: 1, naturezaOperacao: 'Importação', dataEmissao: '2026-11-26T10:00:00-03:00', tipoOperacao: 0, codigoMunicipioFatoGerador: '3550308' },
    emitente: { cnpj: '11222333000181', razaoSocial: 'EMPRESA', endereco: { logradouro: 'Rua A', numero: '1', bairro: 'Centro', codigoMunicipio: '3550308', municipio: 'São Paulo', uf: 'SP' }, ie: '110042490114', crt: 3 },
    destinatario: { idEstrangeiro: 'ABCDE', nome: 'Fornecedor', endereco: { logradouro: 'Street', numero: '1', bairro: 'Downtown', codigoMunicipio: '9999999', municipio: 'EXTERIOR', uf: 'EX', codigoPais: '2496', pais: 'ESTADOS UNIDOS' }, indicadorIE: 9 },
    itens: [{
      codigo: '1', descricao: 'Notebook importado', ncm: '84713012', cfop: t.cfop, unidade: 'UN', quantidade: '10', valorUnitario: '100',
      declaracoesImportacao: [{ numero: '1', data: '2026-11-20', localDesembaraco: 'Santos', ufDesembaraco: 'SP', dataDesembaraco: '2026-11-21', viaTransporte: 4, intermediacao: 1, codigoExportador: 'E', adicoes: [{ numero: '1', sequencial: '1', codigoFabricante: 'F' }] }],
      impostoImportacao: { vBC: '1000.00', ...ii },
      icms: t.icms, ...(t.ipi ? { ipi: t.ipi } : {}), pis: t.pis, cofins: t.cofins,
      ibsCbs: t.ibsCbs!.ibsCbs,
    }],
    pagamentos: [{ tPag: '90', valor: '0.00' }],
  } as NfeDocumento;
  return calcularNfe(doc);
}

describe('emitir-nfe: IBS/CBS of an import line, screen = server', () => {
  it('the screen shows base 1.365,00, CBS 12,29 and IBS 1,37, the figures of the engine that writes the XML', () => {
    const { tributos, totais } = tela({ valorII: '160,00', valorDespesasAduaneiras: '200,00', valorIof: '5,00' });
    expect(tributos.cfop).toBe('3102');
    const g = tributos.ibsCbs!;
    expect([g.vBC, g.vIBSUF, g.vIBSMun, g.vIBS, g.vCBS]).toEqual(['1365.00', '1.37', '0.00', '1.37', '12.29']);
    expect([totais.ibsCbs!.ibs.toFixed(2), totais.ibsCbs!.cbs.toFixed(2)]).toEqual(['1.37', '12.29']);

    const s = servidor(tributos, { vII: '160.00', vDespAdu: '200.00', vIOF: '5.00' }).itens[0].ibs!;
    expect([s.vBC, s.uf.valor, s.mun.valor, s.cbs.valor].map((v) => v.toFixed(2))).toEqual([g.vBC, g.vIBSUF, g.vIBSMun, g.vCBS]);
  });

  it('typing another II moves the screen\'s base as the server\'s (VA 1.000 + II 300 + despesas 200 + IOF 5 = 1.505,00: CBS 13,545 → 13,55, IBS 1,505 → 1,51)', () => {
    const { tributos } = tela({ valorII: '300', valorDespesasAduaneiras: '200', valorIof: '5' });
    const g = tributos.ibsCbs!;
    expect([g.vBC, g.vIBSUF, g.vCBS]).toEqual(['1505.00', '1.51', '13.55']);
    const s = servidor(tributos, { vII: '300.00', vDespAdu: '200.00', vIOF: '5.00' }).itens[0].ibs!;
    expect([s.vBC, s.uf.valor, s.cbs.valor].map((v) => v.toFixed(2))).toEqual([g.vBC, g.vIBSUF, g.vCBS]);
  });

  it('a line that is not an import (CFOP 5102) keeps the IBS/CBS base on the line\'s value even if DI values linger', () => {
    const store = new LinhasNota();
    const { produtos, regras, ...cabecalho } = contexto;
    store.definirBase({
      cabecalho: { ...cabecalho, destinatario: { uf: 'SP', consumidorFinal: false, indIEDest: 1 }, natureza: { tipo: 1, cfopEstadual: '5102', cfopInterestadual: '6102', cfopExterior: null } },
      produtos: new Map(produtos.map((p) => [p.id, p])),
      regras: { ...regras, estaduais: [{ ...regras.estaduais[0], ufDestino: 'SP' }] },
    });
    store.definir([{ chave: 1, produtoId: 1, quantidade: '10', valorUnitario: '100,00', valorDesconto: '', importacao: { ...novaImportacao(), valorII: '160,00' } }]);
    const g = store.todas()[0].calculo!.tributos!.ibsCbs!;
    // 1.000,00: CBS 9,00, IBS 1,00
    expect([g.vBC, g.vIBSUF, g.vCBS]).toEqual(['1000.00', '1.00', '9.00']);
  });
});
