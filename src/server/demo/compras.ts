import Decimal from 'decimal.js';
import type { Item, NfeDocumento } from '../../../generated/fiscal/nfe-documento.ts';
import type { RequestContext } from '../auth/context.ts';
import type { Queryable } from '../db/db.ts';
import { DocumentLifecycle } from '../documents/lifecycle.ts';
import { DocumentRegistry } from '../documents/registry.ts';
import { calcularNfe } from '../../shared/fiscal/nfe-calculo.ts';
import { gerarXmlNfe } from '../../shared/fiscal/nfe-xml.ts';
import { ResourceRegistry } from '../resources/registry.ts';
import { lerNfe, proporEntrada } from '../compras/index.ts';
import { tenantKey } from '../storage/storage.ts';

type Row = Record<string, any>;

const dia = (delta: number) => new Date(Date.now() + delta * 86400_000).toISOString().slice(0, 10);

/**
 * The demo's purchasing, in the Matriz: two purchase orders (one partly received, one open) and two entries
 * posted from supplier NF-e XMLs built at seed time with the fiscal engine (Bebidas Rio Claro with ICMS-ST,
 * freight, a pack of 12 by its GTIN and three duplicatas; Limpeza Total with IPI and two duplicatas), read by
 * the same matching the screen uses, so the stock, average cost, payables and learned supplier codes show.
 */
export async function seedCompras(q: Queryable, tenantId: number): Promise<void> {
  const admin = (await q.query<{ id: number; filial: number }>(`SELECT id, filial_selecionada_id AS filial FROM users WHERE tenant_id = $1 AND email = 'admin@demo.com.br'`, [tenantId])).rows[0];
  const filial = (await q.query<Row>('SELECT cpf_cnpj, nome FROM branches WHERE tenant_id = $1 AND id = $2', [tenantId, admin.filial])).rows[0];
  const produto = async (descricao: string) => (await q.query<Row>('SELECT id, gtin, ncm FROM produtos WHERE tenant_id = $1 AND descricao = $2', [tenantId, descricao])).rows[0];
  const fornecedor = async (nome: string) => (await q.query<Row>('SELECT id, nome, cpf_cnpj, uf, codigo_municipio, cep FROM pessoas WHERE tenant_id = $1 AND tipo = 1 AND nome = $2', [tenantId, nome])).rows[0];
  const ctx = { tenantId, userId: admin.id, branchId: admin.filial, perfilAdmin: true, permissoes: {}, isContador: false, suporteWhiteLabel: false } as unknown as RequestContext;
  const resources = ResourceRegistry.load();
  const documents = await DocumentRegistry.load(resources);
  const lifecycle = new DocumentLifecycle(resources);
  const pedidoDef = documents.get('pedidoCompra');
  const entradaDef = documents.get('entradaNota');

  const rioClaro = await fornecedor('Bebidas Rio Claro Ltda');
  const limpeza = await fornecedor('Limpeza Total Distribuidora Ltda');
  const serraAzul = await fornecedor('Laticínios Serra Azul Ltda');
  const nectar = await produto('Néctar de laranja 1 L');
  const agua = await produto('Água mineral sem gás 500 ml');
  const fardoAgua = agua ? (await q.query<Row>('SELECT gtin FROM embalagens WHERE tenant_id = $1 AND produto_id = $2 ORDER BY id LIMIT 1', [tenantId, agua.id])).rows[0] : undefined;
  const detergente = await produto('Detergente líquido 500 ml');
  const sanitaria = await produto('Água sanitária 1 L');
  const leite = await produto('Leite integral UHT 1 L');
  const manteiga = await produto('Manteiga com sal 200 g');

  // A small seed (the benchmarks' 0–10 clientes) has only the first three suppliers: what needs a supplier or a
  // product the seed did not make is left out, so the demo has fewer orders and entries but never fails.
  const pedido1 =
    rioClaro && nectar && agua
      ? await lifecycle.create(q, pedidoDef, ctx, { fornecedorId: rioClaro.id, dataPrevista: dia(-6), condicaoPagamento: '30/60/90 dias', observacao: 'Reposição de bebidas para o fim de semana', itens: [{ produtoId: nectar.id, quantidade: '24', valorUnitario: '4.50' }, { produtoId: agua.id, quantidade: '48', valorUnitario: '0.90' }] })
      : null;
  if (serraAzul && leite && manteiga) await lifecycle.create(q, pedidoDef, ctx, { fornecedorId: serraAzul.id, dataPrevista: dia(5), condicaoPagamento: '28 dias', itens: [{ produtoId: leite.id, quantidade: '60', valorUnitario: '4.20', dataPrevista: dia(5) }, { produtoId: manteiga.id, quantidade: '20', valorUnitario: '9.80' }] });

  const nota = (f: Row, numero: number, diasAtras: number, itens: Item[], duplicatas: number): string => {
    const doc: NfeDocumento = {
      modelo: 55,
      ambiente: 2,
      ide: { serie: 1, numero, naturezaOperacao: 'Venda de mercadoria', dataEmissao: `${dia(-diasAtras)}T09:30:00-03:00`, codigoMunicipioFatoGerador: String(f.codigo_municipio) },
      emitente: { cnpj: f.cpf_cnpj, razaoSocial: f.nome, endereco: { logradouro: 'Avenida Industrial', numero: '100', bairro: 'Distrito Industrial', codigoMunicipio: String(f.codigo_municipio), municipio: 'Município', uf: f.uf, cep: f.cep }, ie: '111111111119', crt: 3 },
      destinatario: { cnpj: filial.cpf_cnpj, nome: filial.nome, endereco: { logradouro: 'Rua das Flores', numero: '10', bairro: 'Centro', codigoMunicipio: '3550308', municipio: 'São Paulo', uf: 'SP', cep: '01001000' }, indicadorIE: 9 },
      itens: itens as NfeDocumento['itens'],
      pagamentos: [{ tPag: '15', valor: '999999.00' }],
      transporte: { modalidadeFrete: 0 },
    };
    const vNF = calcularNfe(doc).totais.vNF as Decimal;
    doc.pagamentos = [{ tPag: '15', valor: vNF.toFixed(2) }];
    const parte = vNF.div(duplicatas).toDecimalPlaces(2, Decimal.ROUND_DOWN);
    doc.cobranca = { numeroFatura: String(numero), duplicatas: Array.from({ length: duplicatas }, (_, i) => ({ numero: String(i + 1).padStart(3, '0'), vencimento: dia(30 * (i + 1) - diasAtras), valor: (i === duplicatas - 1 ? vNF.minus(parte.times(duplicatas - 1)) : parte).toFixed(2) })) };
    return gerarXmlNfe(calcularNfe(doc));
  };
  // Out of São Paulo the supplier's CFOP is interstate (6xxx).
  const cfop = (f: Row, interno: string) => (f.uf === 'SP' ? interno : interno === '5405' ? '6403' : '6102');
  const pis = { CST: '01', aliquota: '1.65' } as const;
  const cofins = { CST: '01', aliquota: '7.60' } as const;
  const st = { orig: 0, CST: '10', pICMS: '18', modBCST: 4, pMVAST: '40', pICMSST: '18' } as const;

  const entrar = async (xml: string, pedidoCompraId: number | null) => {
    const lida = lerNfe(xml);
    const prop = await proporEntrada(q, ctx, xml, lida);
    const itens = prop.itens.map((l) => ({ produtoId: l.produtoId, variacaoId: l.variacaoId, codigoFornecedor: l.codigo, descricaoFornecedor: l.descricao, gtin: l.gtin, unidade: l.unidade, cfop: l.cfop, cfopEntrada: l.cfopEntrada, quantidade: l.quantidade, fator: l.fator, valorTotal: l.valorTotal, valorFrete: l.valorFrete, valorSeguro: l.valorSeguro, valorDesconto: l.valorDesconto, valorOutras: l.valorOutras, valorIpi: l.valorIpi, valorIcmsSt: l.valorIcmsSt }));
    // The XML is kept like an imported one's: in arquivos_demo until a server copies it into its file storage.
    const xmlArquivo = tenantKey(tenantId, 'nfe-entrada', `${lida.chave}.xml`);
    await q.query('INSERT INTO arquivos_demo (tenant_id, chave_arquivo, conteudo) VALUES ($1, $2, $3)', [tenantId, xmlArquivo, xml]);
    const e = await lifecycle.create(q, entradaDef, ctx, {
      xmlArquivo,
      fornecedorId: prop.fornecedor.id,
      depositoId: prop.depositoId,
      pedidoCompraId,
      chaveAcesso: lida.chave,
      numeroNota: lida.numero,
      serie: lida.serie,
      dataEmissao: lida.dataEmissao,
      dataEntrada: lida.dataEmissao,
      parcelas: lida.duplicatas,
      observacao: `Importada do XML da NF-e ${lida.numero}/${lida.serie}.`,
      itens,
    });
    await lifecycle.transition(q, entradaDef, ctx, e.id as number, 'efetivar');
  };

  if (pedido1 && fardoAgua) await entrar(
    nota(rioClaro, 18231, 4, [
      { codigo: 'RC-NL1', gtin: nectar.gtin, descricao: 'NECTAR LARANJA RIO CLARO 1L', ncm: '22029900', cest: '1701000', cfop: cfop(rioClaro, '5405'), unidade: 'UN', quantidade: '24', valorUnitario: '4.40', valorFrete: '6.00', icms: st, pis, cofins } as Item,
      { codigo: 'RC-AG12', gtin: fardoAgua.gtin, descricao: 'AGUA MINERAL S/GAS 500ML FARDO C/12', ncm: '22011000', cest: '0300100', cfop: cfop(rioClaro, '5405'), unidade: 'FD', quantidade: '2', valorUnitario: '10.20', valorFrete: '2.00', icms: st, pis, cofins } as Item,
    ], 3),
    pedido1.id as number,
  );
  if (limpeza && detergente && sanitaria) await entrar(
    nota(limpeza, 5540, 2, [
      { codigo: 'LT-DET500', gtin: detergente.gtin, descricao: 'DETERGENTE LIQUIDO NEUTRO 500ML', ncm: '34022000', cfop: cfop(limpeza, '5102'), unidade: 'UN', quantidade: '36', valorUnitario: '1.65', icms: { orig: 0, CST: '00', pICMS: limpeza.uf === 'SP' ? '18' : '12' }, ipi: { cEnq: '999', CST: '50', pIPI: '5' }, pis, cofins } as Item,
      { codigo: 'LT-SAN1L', gtin: sanitaria.gtin, descricao: 'AGUA SANITARIA 1L', ncm: '28289011', cfop: cfop(limpeza, '5102'), unidade: 'UN', quantidade: '24', valorUnitario: '2.20', icms: { orig: 0, CST: '00', pICMS: limpeza.uf === 'SP' ? '18' : '12' }, ipi: { cEnq: '999', CST: '50', pIPI: '5' }, pis, cofins } as Item,
    ], 2),
    null,
  );
}
