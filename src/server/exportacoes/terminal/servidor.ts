import net from 'node:net';
import { lerCodigoBalanca } from '../../../shared/etiqueta-balanca.ts';
import type { Db, Queryable } from '../../db/db.ts';
import { bytes, interpretar, NAO_ENCONTRADO, OK, respostaPreco, separarFrames, VIVO, VIVO_PERGUNTA } from './protocolo.ts';

type Row = Record<string, any>;

/** One branch's terminal server as configured (configuracoes_balanca_terminal). */
interface Alvo {
  tenantId: number;
  filialId: number;
  porta: number;
}

interface Escuta {
  alvo: Alvo;
  servidor: net.Server;
  conexoes: Set<net.Socket>;
  erro: string | null;
  pronto: Promise<void>;
}

/** What a terminal's query finds: the product by GTIN or internal code, or a scale label by its PLU. */
export async function consultarPreco(q: Queryable, tenantId: number, filialId: number, codigo: string): Promise<{ nome: string; preco: string } | null> {
  const direto = (
    await q.query<Row>(
      `SELECT descricao, COALESCE(preco_venda, 0)::text AS preco FROM produtos WHERE tenant_id = $1 AND ativo AND NOT servico AND (gtin = $2 OR codigo = $2) ORDER BY (gtin = $2) DESC LIMIT 1`,
      [tenantId, codigo],
    )
  ).rows[0];
  if (direto) return { nome: direto.descricao, preco: direto.preco };
  const conf = (await q.query<Row>('SELECT etiqueta_prefixo, etiqueta_conteudo, etiqueta_digitos_codigo FROM configuracoes_balanca_terminal WHERE tenant_id = $1 AND filial_id = $2', [tenantId, filialId])).rows[0];
  const b = lerCodigoBalanca(codigo, { prefixo: conf?.etiqueta_prefixo ?? '2', tipo: conf?.etiqueta_conteudo ?? 'preco', digitosCodigo: Number(conf?.etiqueta_digitos_codigo ?? 5) });
  if (!b) return null;
  const p = (await q.query<Row>(`SELECT descricao, COALESCE(preco_venda, 0)::text AS preco FROM produtos WHERE tenant_id = $1 AND ativo AND NOT servico AND balanca_plu = $2`, [tenantId, Number(b.codigoProduto)])).rows[0];
  // A price label answers with the label's total; a weight label with the price per kg.
  return p ? { nome: p.descricao, preco: b.preco ?? p.preco } : null;
}

/**
 * The embedded (on-premise) price-check servers: one TCP listener per branch that switched it on, answering
 * from that branch's account. Off unless a branch turns it on; TERMINAL_TCP=desligado switches the whole
 * feature off on a server that must not open ports (a shared cloud host).
 */
export class ServidoresTerminal {
  private escutas = new Map<string, Escuta>();
  private fila: Promise<void> = Promise.resolve();
  private fechado = false;

  constructor(
    private db: Db,
    private host = process.env.TERMINAL_TCP_HOST || '0.0.0.0',
    readonly desligado = process.env.TERMINAL_TCP === 'desligado',
  ) {}

  private chave = (a: Alvo) => `${a.tenantId}:${a.filialId}`;

  /** The state of a branch's server: listening, or the reason it is not. */
  estado(tenantId: number, filialId: number): { escutando: boolean; erro: string | null } {
    const e = this.escutas.get(`${tenantId}:${filialId}`);
    if (!e) return { escutando: false, erro: this.desligado ? 'O servidor de terminais está desligado neste servidor (TERMINAL_TCP=desligado).' : null };
    return { escutando: !e.erro && e.servidor.listening, erro: e.erro };
  }

  /** Opens and closes listeners to match the saved settings (every branch, every account). Serialised. */
  sincronizar(): Promise<void> {
    this.fila = this.fila.then(() => this.aplicar()).catch(() => {});
    return this.fila;
  }

  private async aplicar(): Promise<void> {
    if (this.fechado) return;
    const alvos: Alvo[] = this.desligado
      ? []
      : (await this.db.query<Row>('SELECT tenant_id, filial_id, terminal_porta FROM configuracoes_balanca_terminal WHERE terminal_ativo')).rows.map((r) => ({ tenantId: Number(r.tenant_id), filialId: Number(r.filial_id), porta: Number(r.terminal_porta) }));
    const querido = new Map(alvos.map((a) => [this.chave(a), a]));
    for (const [k, e] of this.escutas) {
      const a = querido.get(k);
      if (!a || a.porta !== e.alvo.porta || e.erro) {
        await this.parar(e);
        this.escutas.delete(k);
      }
    }
    for (const [k, a] of querido) {
      if (this.escutas.has(k)) continue;
      const e = this.ouvir(a);
      this.escutas.set(k, e);
      await e.pronto;
    }
  }

  private ouvir(alvo: Alvo): Escuta {
    const conexoes = new Set<net.Socket>();
    const servidor = net.createServer((s) => this.atender(alvo, s, conexoes));
    const e: Escuta = { alvo, servidor, conexoes, erro: null, pronto: Promise.resolve() };
    e.pronto = new Promise<void>((ok) => {
      servidor.once('error', (err: NodeJS.ErrnoException) => {
        e.erro = err.code === 'EADDRINUSE' ? `A porta ${alvo.porta} já está em uso neste servidor.` : err.code === 'EACCES' ? `Sem permissão para abrir a porta ${alvo.porta}.` : `Não foi possível abrir a porta ${alvo.porta}.`;
        ok();
      });
      servidor.listen(alvo.porta, this.host, () => ok());
    });
    return e;
  }

  private atender(alvo: Alvo, s: net.Socket, conexoes: Set<net.Socket>): void {
    conexoes.add(s);
    s.setNoDelay(true);
    // A quiet terminal is asked '#live?' every minute (it answers '#live'); three unanswered and it is gone.
    let semResposta = 0;
    s.setTimeout(60_000, () => {
      if (++semResposta > 3) return void s.destroy();
      s.write(bytes(VIVO_PERGUNTA));
    });
    s.on('error', () => s.destroy());
    s.on('close', () => conexoes.delete(s));
    let acumulado = '';
    // Queries answer in order, one at a time per terminal.
    let fila: Promise<void> = Promise.resolve();
    s.write(bytes(OK));
    s.on('data', (chunk: Buffer) => {
      semResposta = 0;
      acumulado += chunk.toString('latin1');
      if (acumulado.length > 4096) {
        s.destroy();
        return;
      }
      const { frames, resto } = separarFrames(acumulado, true);
      acumulado = resto;
      for (const f of frames) fila = fila.then(() => this.responder(alvo, s, f)).catch(() => {});
    });
  }

  private async responder(alvo: Alvo, s: net.Socket, frame: string): Promise<void> {
    const m = interpretar(frame);
    if (m.tipo === 'vivoPergunta') return void s.write(bytes(VIVO));
    if (m.tipo !== 'codigo') return;
    let resposta = NAO_ENCONTRADO;
    try {
      const r = await this.db.tenant({ tenantId: alvo.tenantId, branchId: alvo.filialId }, (q) => consultarPreco(q, alvo.tenantId, alvo.filialId, m.codigo), { readOnly: true });
      if (r) resposta = respostaPreco(r.nome, r.preco);
    } catch {
      resposta = NAO_ENCONTRADO;
    }
    if (!s.destroyed) s.write(bytes(resposta));
  }

  private async parar(e: Escuta): Promise<void> {
    for (const c of e.conexoes) c.destroy();
    if (!e.servidor.listening) return;
    await new Promise<void>((ok) => e.servidor.close(() => ok()));
  }

  /** Stops every listener (the app closing). */
  async fechar(): Promise<void> {
    this.fechado = true;
    await this.fila;
    for (const e of this.escutas.values()) await this.parar(e);
    this.escutas.clear();
  }
}
