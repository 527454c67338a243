import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { LevelName } from '../../shared/permissions.ts';
import type { AppServices } from '../app-services.ts';
import { serverAllows } from '../auth/access.ts';
import type { RequestContext } from '../auth/context.ts';
import { badRequest, forbidden } from '../http/errors.ts';
import { obterBanco } from './bancos.ts';
import { montarBoleto, type DadosBoleto } from './boleto.ts';
import { gerarRemessa, type FormatoCnab, type TituloCnab } from './cnab/remessa.ts';
import { lerRetorno } from './cnab/retorno.ts';
import { dadosDaConfiguracao, instrucoesDaConfiguracao, nomeArquivoRemessa } from './configuracao.ts';
import { CORPO_PDF, CORPO_PIX_LER, CORPO_PIX_MONTAR, CORPO_REMESSA, validarCorpo } from './corpos.ts';
import { BoletoInvalido } from './erros.ts';
import { decodificarCodigo } from './febraban.ts';
import type { BoletoPdf } from './pdf/boleto-pdf.ts';
import { lerPix, montarPixEstatico, type PixEstatico } from './pix/br-code.ts';
import { answer, arrayOf, checkedByHandler, exactAnswer, fileAnswer, objectOf, TEXT_OR_NULL } from '../http/route-schema.ts';
import { contexto, SEM_CONFIGURACAO_400, TAGS } from './routes-comum.ts';

const S = { type: 'string' } as const;
const PIX_LIDO = { chave: TEXT_OR_NULL, url: TEXT_OR_NULL, valor: TEXT_OR_NULL, nome: S, cidade: S, txid: TEXT_OR_NULL, descricao: TEXT_OR_NULL, iniciacao: { type: ['string', 'null'], enum: ['estatico', 'dinamico', null] } };
const PIX = exactAnswer('O código e o que ele diz', objectOf({ codigo: S, ...PIX_LIDO }, ['codigo', 'chave', 'url', 'valor', 'nome', 'cidade', 'txid', 'descricao', 'iniciacao']));

const CAMPOS_SIMULAR = ['banco', 'agencia', 'conta', 'carteira', 'convenio', 'nossoNumero', 'seuNumero', 'ios', 'modalidade', 'parcela'] as const;

function corpoObjeto(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('O corpo da requisição deve ser um objeto JSON.');
  return body as Record<string, unknown>;
}

/** Engine errors become 400 with the field named (under `onde`, e.g. titulos/3); anything else is a bug and stays a 500. */
function comoHttp<T>(fn: () => T, onde = ''): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof BoletoInvalido) {
      const campo = [onde, e.campo].filter(Boolean).join('/');
      const prefixo = onde ? `${onde.replace(/^(\w+)\/(\d+)$/, (_, l: string, i: string) => `${l === 'titulos' ? 'Título' : 'Boleto'} ${Number(i) + 1}`)}: ` : '';
      throw badRequest(prefixo + e.message, [{ campo: campo.replace(/\//g, '.'), path: campo ? `/${campo}` : undefined, mensagem: e.message }]);
    }
    throw e;
  }
}

interface Pagador { nome: string; documento: string; endereco?: string; bairro?: string; cep?: string; cidade?: string; uf?: string }
interface TituloCorpo { nossoNumero?: string; numeroDocumento: string; valor: string | number; vencimento: string; emissao?: string; pagador: Pagador }
interface CorpoRemessa { sequencialArquivo?: number; dataGeracao?: string; titulos: (TituloCorpo & { operacao: TituloCnab['operacao'] })[] }
interface CorpoPdf { porPagina?: 1 | 3; boletos: (TituloCorpo & { nossoNumero: string; parcela?: string; instrucoes?: string[] })[] }

const hoje = () => new Date().toISOString().slice(0, 10);
const enderecoDe = (p: Pagador) => [p.endereco, p.bairro, [p.cidade, p.uf].filter(Boolean).join('/'), p.cep].filter(Boolean).join(' - ') || undefined;

/** Boleto operations used by the payables and bank-configuration screens; nothing here stores data. */
export default async function boletosRoutes(app: FastifyInstance, opts: { services?: AppServices } = {}): Promise<void> {
  /**
   * SPEC 6 keys: the boleto operations (remessa, retorno, PDF, Pix, simular) belong to app.boleto; decodificar
   * reads a barcode into a payable, so it belongs to the payables screen (app.lancamento). No session is no pass.
   */
  const exigir = (req: FastifyRequest, nivel: LevelName, chave: 'app.boleto' | 'app.lancamento' = 'app.boleto'): RequestContext => {
    const ctx = req.ctx;
    if (!ctx || !serverAllows(ctx, chave, nivel)) {
      throw forbidden(chave === 'app.boleto' ? `Você não tem permissão para ${nivel === 'view' ? 'consultar' : 'emitir'} boletos.` : 'Você não tem permissão para lançar contas a pagar.');
    }
    return ctx;
  };
  const db = () => {
    if (!opts.services) throw new Error('boletosRoutes: registre com { services } para as operações que usam a configuração da filial');
    return opts.services.db;
  };

  /** Static Pix BR Code from key, amount, name, city and txid; or a 'copia e cola' parsed and validated. */
  app.post('/api/Boletos/pix', { schema: { tags: TAGS, summary: 'Monta um Pix estático (BR Code) da chave, valor, nome, cidade e txid; ou, com codigo, lê e confere um copia e cola', body: checkedByHandler({ oneOf: [CORPO_PIX_MONTAR, CORPO_PIX_LER] }), response: { 200: PIX } } }, async (req) => {
    exigir(req, 'change');
    const body = corpoObjeto(req.body);
    if ('codigo' in body) {
      const { codigo } = validarCorpo<{ codigo: string }>(CORPO_PIX_LER, body);
      return { codigo: codigo.trim(), ...comoHttp(() => lerPix(codigo)) };
    }
    const p = validarCorpo<PixEstatico>(CORPO_PIX_MONTAR, body);
    const codigo = comoHttp(() => montarPixEstatico(p));
    return { codigo, ...lerPix(codigo) };
  });

  /**
   * CNAB remessa of the branch's configuration (bank, layout 240/400) for the titles given, answered as the
   * file with the bank's file name. Titles to register without a nosso número take the configuration's next
   * ones, which advance in the same transaction.
   */
  app.post('/api/Boletos/remessa', { schema: { tags: TAGS, summary: 'Arquivo de remessa CNAB (240/400 da configuração da filial) dos títulos dados; os que vêm sem nosso número tomam os próximos da configuração', body: checkedByHandler(CORPO_REMESSA), response: { 200: fileAnswer('O arquivo CNAB (ISO-8859-1), com o nome do banco', 'text/plain'), 400: SEM_CONFIGURACAO_400 } } }, async (req, reply) => {
    const ctx = exigir(req, 'change');
    const body = validarCorpo<CorpoRemessa>(CORPO_REMESSA, req.body);
    const dataGeracao = body.dataGeracao ?? hoje();
    const sequencial = body.sequencialArquivo ?? 1;
    const { arquivo, nome } = await db().tenant(ctx, async (q) => {
      const { cfg, beneficiario } = await contexto(q, ctx, true);
      const formato = String(cfg.layoutCnab) as FormatoCnab;
      let proximo = BigInt(cfg.proximoNossoNumero);
      const titulos: TituloCnab[] = body.titulos.map((t, i) => {
        if (!t.nossoNumero && t.operacao !== 'registrar') {
          throw badRequest(`Título ${i + 1}: informe o nosso número do boleto a ${t.operacao === 'baixar' ? 'baixar' : 'alterar'}.`, [{ campo: `titulos.${i}.nossoNumero`, path: `/titulos/${i}/nossoNumero`, mensagem: 'Campo Obrigatório!' }]);
        }
        const nossoNumero = t.nossoNumero ?? String(proximo++);
        const { banco: _, ...boleto } = dadosDaConfiguracao(cfg, { nossoNumero, valor: t.valor, vencimento: t.vencimento });
        const p = t.pagador;
        return {
          operacao: t.operacao, boleto, numeroDocumento: t.numeroDocumento, emissao: t.emissao ?? dataGeracao,
          pagador: { nome: p.nome, documento: p.documento, endereco: p.endereco ?? '', bairro: p.bairro, cep: p.cep ?? '', cidade: p.cidade ?? '', uf: p.uf ?? '' },
        };
      });
      // each title checked alone first, so the message names the title
      titulos.forEach((t, i) => comoHttp(() => montarBoleto({ ...t.boleto, banco: cfg.banco }), `titulos/${i}`));
      const arquivo = comoHttp(() =>
        gerarRemessa({
          banco: cfg.banco, formato, sequencialArquivo: sequencial, dataGeracao,
          beneficiario: { nome: beneficiario.nome, documento: beneficiario.documento, agencia: cfg.agencia, agenciaDv: cfg.agenciaDv ?? undefined, conta: cfg.conta ?? '', contaDv: cfg.contaDv ?? undefined, convenio: cfg.convenio ?? undefined },
          titulos,
        }),
      );
      if (proximo !== BigInt(cfg.proximoNossoNumero)) {
        await q.query('UPDATE configuracoes_boleto SET proximo_nosso_numero = $1, updated_at = now() WHERE tenant_id = $2 AND id = $3', [String(proximo), ctx.tenantId, cfg.id]);
      }
      const modelo = obterBanco(cfg.banco)?.cnab?.[formato]?.arquivoRemessa;
      return { arquivo, nome: nomeArquivoRemessa(cfg.banco, modelo, dataGeracao, sequencial) };
    });
    return reply
      .header('content-type', 'text/plain; charset=iso-8859-1')
      .header('content-disposition', `attachment; filename="${nome}"`)
      .send(Buffer.from(arquivo, 'latin1'));
  });

  /** A retorno file (the body as text/plain, or JSON { "conteudo" }) of the branch's bank, turned into events. */
  app.post('/api/Boletos/retorno', { schema: { tags: TAGS, summary: 'Lê um arquivo de retorno do banco da filial (corpo text/plain ou JSON com conteudo) em eventos, sem gravar nada', body: checkedByHandler(objectOf({ conteudo: { type: 'string', description: 'o arquivo CNAB 240/400; ou o corpo inteiro em text/plain' } }, ['conteudo'])), response: { 200: answer('Os eventos', objectOf({ banco: S, formato: { type: 'integer', enum: [240, 400] }, eventos: arrayOf(objectOf({ tipo: S, ocorrencia: S, descricao: S, confirma: TEXT_OR_NULL, nossoNumero: S, numeroDocumento: S, valorTitulo: S, valorPago: TEXT_OR_NULL, tarifa: S, juros: S, desconto: S, abatimento: S, dataOcorrencia: TEXT_OR_NULL, dataCredito: TEXT_OR_NULL })) })), 400: SEM_CONFIGURACAO_400 } } }, async (req) => {
    const ctx = exigir(req, 'change');
    const conteudo = typeof req.body === 'string' ? req.body : (req.body as { conteudo?: unknown } | undefined)?.conteudo;
    if (typeof conteudo !== 'string' || !conteudo.trim()) {
      throw badRequest('Envie o conteúdo do arquivo de retorno (corpo text/plain ou JSON com o campo "conteudo").', [{ campo: 'conteudo', path: '/conteudo', mensagem: 'Campo Obrigatório!' }]);
    }
    const { cfg } = await db().tenant(ctx, (q) => contexto(q, ctx));
    const primeira = conteudo.split(/\r?\n/)[0].replace(/\r$/, '');
    const formato = primeira.length === 240 ? '240' : primeira.length === 400 ? '400' : null;
    if (!formato) throw badRequest(`Arquivo de retorno não reconhecido: a primeira linha tem ${primeira.length} caracteres (CNAB 240 ou 400 esperados).`, [{ campo: 'conteudo', path: '/conteudo', mensagem: 'Campo inválido!' }]);
    const eventos = comoHttp(() => lerRetorno(conteudo, cfg.banco, formato));
    return { banco: cfg.banco, formato: Number(formato), eventos };
  });

  /** Boletos (a carnê when many) of the branch's configuration as one PDF, streamed as it is drawn. */
  app.post('/api/Boletos/pdf', { schema: { tags: TAGS, summary: 'Os boletos dados (um carnê, se vários) como um PDF da configuração da filial; todos conferidos antes do primeiro byte', body: checkedByHandler(CORPO_PDF), response: { 200: fileAnswer('O PDF', 'application/pdf'), 400: SEM_CONFIGURACAO_400 } } }, async (req, reply) => {
    const ctx = exigir(req, 'change');
    const body = validarCorpo<CorpoPdf>(CORPO_PDF, req.body);
    const { cfg, beneficiario } = await db().tenant(ctx, (q) => contexto(q, ctx));
    const instrucoes = instrucoesDaConfiguracao(cfg);
    if (cfg.chavePix) comoHttp(() => montarPixEstatico({ chave: cfg.chavePix!, nome: beneficiario.nome, cidade: cfg.cidadePix ?? '', valor: null }));
    const boletos: BoletoPdf[] = body.boletos.map((b, i) => {
      const dados = dadosDaConfiguracao(cfg, { nossoNumero: b.nossoNumero, valor: b.valor, vencimento: b.vencimento });
      // every boleto is checked before the first byte goes out: a bad one is a 400, never half a PDF
      comoHttp(() => montarBoleto(dados), `boletos/${i}`);
      return {
        dados, beneficiario, numeroDocumento: b.numeroDocumento, dataDocumento: b.emissao ?? hoje(), parcela: b.parcela,
        pagador: { nome: b.pagador.nome, documento: b.pagador.documento, endereco: enderecoDe(b.pagador) },
        instrucoes: b.instrucoes ?? instrucoes,
        pix: cfg.chavePix ? { chave: cfg.chavePix, cidade: cfg.cidadePix ?? '', txid: `${b.numeroDocumento}${b.nossoNumero}`.replace(/[^A-Za-z0-9]/g, '').slice(0, 25) } : undefined,
        logoBanco: cfg.logoBanco ?? undefined,
      };
    });
    const saida = new PassThrough();
    // pdfkit and the QR code are loaded by the first PDF, not at start (an idle server does not hold them).
    const { gerarPdfBoletos } = await import('./pdf/boleto-pdf.ts');
    gerarPdfBoletos(boletos, saida, { porPagina: body.porPagina ?? 1 }).catch((e) => saida.destroy(e));
    return reply.header('content-type', 'application/pdf').header('content-disposition', 'inline; filename="boletos.pdf"').send(saida);
  });

  app.post('/api/Boletos/decodificar', { schema: { tags: TAGS, summary: 'Lê uma linha digitável ou código de barras (para lançar uma conta a pagar): banco, valor e vencimento', body: checkedByHandler(objectOf({ codigo: { type: 'string', description: 'a linha digitável (47 dígitos) ou o código de barras (44)' } }, ['codigo'])), response: { 200: exactAnswer('O boleto lido', objectOf({ banco: S, valor: { type: 'string', description: 'decimal com 2 casas' }, vencimento: { type: ['string', 'null'], format: 'date' }, codigoBarras: S, linhaDigitavel: S }, ['banco', 'valor', 'vencimento', 'codigoBarras', 'linhaDigitavel'])) } } }, async (req) => {
    exigir(req, 'change', 'app.lancamento');
    const body = corpoObjeto(req.body);
    if (typeof body.codigo !== 'string') {
      throw badRequest('Informe o campo "codigo" com a linha digitável ou o código de barras.', [{ campo: 'codigo', path: '/codigo', mensagem: 'Campo obrigatório.' }]);
    }
    const codigo = body.codigo;
    const d = comoHttp(() => decodificarCodigo(codigo));
    return { banco: d.banco, valor: d.valor, vencimento: d.vencimento, codigoBarras: d.codigoBarras, linhaDigitavel: d.linhaDigitavel };
  });

  app.post('/api/Boletos/simular', { schema: { tags: TAGS, summary: 'Monta um boleto sem gravar nada: código de barras, linha digitável e nosso número com o dígito', body: checkedByHandler(objectOf({ banco: S, nossoNumero: S, valor: { type: ['string', 'number'] }, vencimento: { type: ['string', 'null'], format: 'date' }, agencia: S, conta: S, carteira: S, convenio: S, seuNumero: S, ios: S, modalidade: S, parcela: S }, ['banco', 'nossoNumero', 'valor'])), response: { 200: exactAnswer('O boleto', objectOf({ codigoBarras: S, linhaDigitavel: S, nossoNumero: S, nossoNumeroDv: TEXT_OR_NULL, nossoNumeroFormatado: S }, ['codigoBarras', 'linhaDigitavel', 'nossoNumero', 'nossoNumeroDv', 'nossoNumeroFormatado'])) } } }, async (req) => {
    exigir(req, 'change');
    const body = corpoObjeto(req.body);
    const faltando = ['banco', 'nossoNumero', 'valor'].filter((c) => body[c] === undefined || body[c] === null || body[c] === '');
    if (faltando.length) {
      throw badRequest(
        `Campos obrigatórios não informados: ${faltando.join(', ')}.`,
        faltando.map((c) => ({ campo: c, path: `/${c}`, mensagem: 'Campo obrigatório.' })),
      );
    }
    if (typeof body.valor !== 'string' && typeof body.valor !== 'number') {
      throw badRequest('O valor deve ser um número ou texto com até duas casas decimais.', [{ campo: 'valor', path: '/valor', mensagem: 'Tipo inválido.' }]);
    }
    const vencimento = body.vencimento ?? null;
    if (vencimento !== null && typeof vencimento !== 'string') {
      throw badRequest('O vencimento deve estar no formato aaaa-mm-dd.', [{ campo: 'vencimento', path: '/vencimento', mensagem: 'Tipo inválido.' }]);
    }
    const dados: Record<string, unknown> = { valor: body.valor, vencimento };
    for (const c of CAMPOS_SIMULAR) {
      const v = body[c];
      if (v === undefined || v === null) continue;
      if (typeof v !== 'string' && typeof v !== 'number') {
        throw badRequest(`O campo "${c}" deve ser texto.`, [{ campo: c, path: `/${c}`, mensagem: 'Tipo inválido.' }]);
      }
      dados[c] = String(v);
    }
    const b = comoHttp(() => montarBoleto(dados as unknown as DadosBoleto));
    return {
      codigoBarras: b.codigoBarras,
      linhaDigitavel: b.linhaDigitavel,
      nossoNumero: b.nossoNumero,
      nossoNumeroDv: b.nossoNumeroDv,
      nossoNumeroFormatado: b.nossoNumeroFormatado,
    };
  });
}
