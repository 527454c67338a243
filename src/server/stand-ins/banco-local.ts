import { createServer, type IncomingMessage, type Server } from 'node:http';
import { carregarLayout, escreverRegistro, identificarRegistro, lerRegistro, linhasDoArquivo, type LayoutCnab } from '../boletos/cnab/layout.ts';
import { configCnab } from '../boletos/cnab/remessa.ts';

/**
 * A bank's cobrança file exchange on loopback (the role a VAN or the bank's file-transfer API plays): the company
 * uploads remessas and downloads the retornos the bank produced. Bearer token; `POST /v1/arquivos/remessa`
 * (body: the CNAB file, header x-nome-arquivo) answers a protocol; `GET /v1/arquivos/retorno` lists the retornos,
 * `GET /v1/arquivos/retorno/{nome}` downloads one. For each CNAB 400 remessa the bank writes a retorno confirming
 * each title (entrada confirmada, baixa, vencimento alterado) with the occurrence codes of the bank's layout;
 * `liquidar` stands in for a payer paying a registered title (a retorno with the payment, interest and fee).
 */
export async function startBancoLocal(opts: { banco?: string; token?: string } = {}) {
  const banco = opts.banco ?? '237';
  const token = opts.token ?? 'token-banco';
  const { layout } = configCnab(banco, '400');
  const remessas: { nome: string; conteudo: string; protocolo: string }[] = [];
  const retornos = new Map<string, string>();
  /** Titles the bank holds: nosso número as written in the remessa -> the remessa's detail. */
  const titulos = new Map<string, Record<string, string | null>>();
  let seq = 0;

  const ler = (req: IncomingMessage) => new Promise<Buffer>((resolve) => {
    const partes: Buffer[] = [];
    req.on('data', (c: Buffer) => partes.push(c));
    req.on('end', () => resolve(Buffer.concat(partes)));
  });
  const hoje = () => new Date().toISOString().slice(0, 10);

  function escreverRetorno(l: LayoutCnab, detalhes: Record<string, string>[]): string {
    const linhas = [escreverRegistro(l, 'headerRetorno', { banco, sequencial: '1', dataGeracao: hoje() })];
    detalhes.forEach((d) => linhas.push(escreverRegistro(l, 'detalheRetorno', { ...d, sequencial: String(linhas.length + 1) })));
    linhas.push(escreverRegistro(l, 'trailerRetorno', { banco, sequencial: String(linhas.length + 1), quantidadeTitulos: String(detalhes.length) }));
    return linhas.join('\r\n') + '\r\n';
  }
  const codigoDe = (tipo: string) => Object.entries(layout.ocorrencias).find(([, t]) => t === tipo)?.[0] ?? '';
  const novoRetorno = (detalhes: Record<string, string>[]) => {
    const nome = `CB${hoje().slice(8, 10)}${hoje().slice(5, 7)}${String(++seq).padStart(2, '0')}.RET`;
    retornos.set(nome, escreverRetorno(layout, detalhes));
    return nome;
  };
  const detalheDe = (t: Record<string, string | null>, ocorrencia: string, extra: Record<string, string> = {}) => ({
    nossoNumero: `${t.nossoNumero ?? ''}${t.nossoNumeroDv ?? ''}`, ocorrencia, dataOcorrencia: hoje(), numeroDocumento: t.numeroDocumento ?? '', vencimento: t.vencimento ?? '', valor: t.valor ?? '0.00', ...extra,
  } as Record<string, string>);

  function receberRemessa(conteudo: string): void {
    const detalhes: Record<string, string>[] = [];
    const confirmaVenc = layout.confirmacoes?.alterarVencimento?.[0];
    for (const linha of linhasDoArquivo(conteudo, layout)) {
      if (identificarRegistro(layout, linha, 'remessa') !== 'detalheRemessa') continue;
      const d = lerRegistro(layout, 'detalheRemessa', linha);
      const chave = d.nossoNumero ?? '';
      const mov = d.ocorrencia ?? d.movimento ?? '';
      if (mov === layout.movimentos.registrar) {
        titulos.set(chave, d);
        detalhes.push(detalheDe(d, codigoDe('registrado'), { tarifa: '1.50' }));
      } else if (mov === layout.movimentos.baixar) {
        titulos.delete(chave);
        detalhes.push(detalheDe(d, layout.ocorrencias['10'] === 'baixado' ? '10' : codigoDe('baixado')));
      } else if (mov === layout.movimentos.alterarVencimento && confirmaVenc) {
        const t = titulos.get(chave);
        if (t) t.vencimento = d.vencimento;
        detalhes.push(detalheDe(d, confirmaVenc));
      }
    }
    if (detalhes.length) novoRetorno(detalhes);
  }

  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const corpo = await ler(req);
    if (req.headers.authorization !== `Bearer ${token}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ erro: 'token inválido' }));
      return;
    }
    if (req.method === 'POST' && url.pathname === '/v1/arquivos/remessa') {
      const conteudo = corpo.toString('latin1');
      const primeira = conteudo.split(/\r?\n/)[0];
      if (primeira.length !== 400 || identificarRegistro(layout, primeira, 'remessa') !== 'headerRemessa' || lerRegistro(layout, 'headerRemessa', primeira).banco !== banco) {
        res.writeHead(422, { 'content-type': 'application/json' }).end(JSON.stringify({ erro: 'arquivo de remessa inválido para este banco' }));
        return;
      }
      const protocolo = `P${Date.now()}${remessas.length + 1}`;
      remessas.push({ nome: String(req.headers['x-nome-arquivo'] ?? 'REMESSA'), conteudo, protocolo });
      receberRemessa(conteudo);
      res.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ protocolo }));
      return;
    }
    if (req.method === 'GET' && url.pathname === '/v1/arquivos/retorno') {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify([...retornos.keys()].map((nome) => ({ nome, tamanho: retornos.get(nome)!.length }))));
      return;
    }
    const m = /^\/v1\/arquivos\/retorno\/([A-Za-z0-9._-]+)$/.exec(url.pathname);
    if (req.method === 'GET' && m && retornos.has(m[1])) {
      res.writeHead(200, { 'content-type': 'text/plain; charset=iso-8859-1' }).end(Buffer.from(retornos.get(m[1])!, 'latin1'));
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ erro: 'não encontrado' }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    url: base, token, remessas, retornos, titulos,
    /** The payer paid a registered title: a retorno with the payment (interest and fee included) is produced. */
    liquidar(nossoNumero: string, p: { valorPago: string; juros?: string; tarifa?: string }): string {
      const t = titulos.get(nossoNumero.padStart(11, '0')) ?? titulos.get(nossoNumero);
      if (!t) throw new Error(`título ${nossoNumero} não registrado no banco`);
      return novoRetorno([detalheDe(t, codigoDe('pago'), { valorPago: p.valorPago, juros: p.juros ?? '', tarifa: p.tarifa ?? '', dataCredito: hoje() })]);
    },
    layout: carregarLayout(layout.id),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
