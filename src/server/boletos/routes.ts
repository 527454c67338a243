import type { FastifyInstance } from 'fastify';
import { badRequest } from '../http/errors.ts';
import { montarBoleto, type DadosBoleto } from './boleto.ts';
import { BoletoInvalido } from './erros.ts';
import { decodificarCodigo } from './febraban.ts';

const CAMPOS_SIMULAR = ['banco', 'agencia', 'conta', 'carteira', 'convenio', 'nossoNumero', 'seuNumero', 'ios', 'modalidade', 'parcela'] as const;

function corpoObjeto(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw badRequest('O corpo da requisição deve ser um objeto JSON.');
  return body as Record<string, unknown>;
}

/** Engine errors become 400 with the field named; anything else is a bug and stays a 500. */
function comoHttp<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof BoletoInvalido) throw badRequest(e.message, [{ campo: e.campo, path: e.campo ? `/${e.campo}` : undefined, mensagem: e.message }]);
    throw e;
  }
}

/** Boleto operations used by the payables and bank-configuration screens; nothing here stores data. */
export default async function boletosRoutes(app: FastifyInstance): Promise<void> {
  app.post('/api/Boletos/decodificar', async (req) => {
    const body = corpoObjeto(req.body);
    if (typeof body.codigo !== 'string') {
      throw badRequest('Informe o campo "codigo" com a linha digitável ou o código de barras.', [{ campo: 'codigo', path: '/codigo', mensagem: 'Campo obrigatório.' }]);
    }
    const codigo = body.codigo;
    const d = comoHttp(() => decodificarCodigo(codigo));
    return { banco: d.banco, valor: d.valor, vencimento: d.vencimento, codigoBarras: d.codigoBarras, linhaDigitavel: d.linhaDigitavel };
  });

  app.post('/api/Boletos/simular', async (req) => {
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
