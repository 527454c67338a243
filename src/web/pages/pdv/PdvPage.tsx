import { Component, Fragment, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Spin, Tag, Typography, message } from 'antd';
import Decimal from 'decimal.js';
import { api, withAccessToken } from '../../api/client.ts';
import { formatBRL, parseBRL } from '../../../shared/money.ts';
import { FilaIndexedDb, ler, gravar, apagar, tomarNumero } from './db.ts';
import { enfileirar, sincronizar, type VendaFila } from './fila.ts';
import {
  abrirCaixa, caixaAberto, carregarCatalogo, dataHoraComFuso, entrarOperador, enviarVenda, fecharCaixa, garantirNumeracao,
  mensagemErro, movimentoCaixa, nfceOffline, retransmitirCupom, semServidor, type ResultadoFechamento,
} from './servico.ts';
import { Danfce } from './Danfce.tsx';
import { formatDateTimeSeconds } from '../../../shared/dates.ts';
import { baixarEscPos, emitenteDe, ibsCbsDoCupom, itensDoCupom, pagamentosDoCupom, type Cupom } from './cupom.ts';
import { bipe } from './som.ts';
import { registrarServiceWorker } from './sw-registro.ts';
import {
  IndiceCatalogo, comPromocao, fechamento, momentoDe, resolverEntrada, totalLinha, totalVenda, validarCpfCnpj, validarDesconto,
  type Linha, type PagamentoLinha,
} from './venda.ts';
import type { Caixa, Catalogo, Limites, Operador, VendaEnvio, VendaResposta } from './tipos.ts';
import './pdv.css';
import '../../ui/legivel.css';

/** What this browser remembers between reloads (IndexedDB `estado`): station, operator, register. */
interface Estado {
  pdvId: number;
  operador?: Operador;
  limites?: Limites;
  caixa?: Caixa;
}

const dec = (v: string) => v.replace('.', ',');

/** The point of sale, full screen at #/pdv (outside the shell): station, operator PIN, register, selling. */
export default function PdvPage() {
  const [estado, setEstado] = useState<Estado | null | undefined>(undefined);
  const [catalogo, setCatalogo] = useState<Catalogo | null>(null);
  const [doCache, setDoCache] = useState(false);
  const [erro, setErro] = useState<string | null>(null);

  useEffect(() => {
    registrarServiceWorker();
    ler<Estado>('estado', 'atual').then((e) => setEstado(e ?? null), () => setEstado(null));
  }, []);

  const salvar = useCallback(async (e: Estado | null) => {
    setEstado(e);
    if (e) await gravar('estado', 'atual', e);
    else await apagar('estado', 'atual');
  }, []);

  useEffect(() => {
    if (!estado?.pdvId) return;
    let vivo = true;
    carregarCatalogo(estado.pdvId).then(
      (r) => { if (vivo) { setCatalogo(r.catalogo); setDoCache(r.doCache); setErro(null); } },
      (err) => vivo && setErro(`Não foi possível carregar o catálogo do PDV: ${mensagemErro(err)}`),
    );
    garantirNumeracao(estado.pdvId).catch(() => undefined);
    return () => { vivo = false; };
  }, [estado?.pdvId]);

  if (estado === undefined) return <div className="pdv-raiz" />;
  if (!estado) return <EscolherEstacao onEscolher={(pdvId) => salvar({ pdvId })} />;
  if (erro) return <Centro><Alert type="error" title={erro} description={<Button onClick={() => salvar(null)}>Trocar de PDV</Button>} /></Centro>;
  if (!catalogo) return <Centro>Carregando o catálogo…</Centro>;
  if (!estado.operador || !estado.limites) return <EntrarOperador pdvId={estado.pdvId} catalogo={catalogo} onEntrar={(operador, limites) => salvar({ ...estado, operador, limites })} onTrocar={() => salvar(null)} />;
  if (!estado.caixa) return <AbrirCaixa estado={estado} onAberto={(caixa) => salvar({ ...estado, caixa })} onSair={() => salvar({ pdvId: estado.pdvId })} />;
  return (
    <TelaSegura>
      <TelaVenda
        catalogo={catalogo}
        doCache={doCache}
        estado={estado as Required<Estado>}
        onSair={() => salvar({ pdvId: estado.pdvId, caixa: estado.caixa })}
        onFechado={() => salvar({ pdvId: estado.pdvId })}
      />
    </TelaSegura>
  );
}

/** The way back from the PDV to the back office (the menu's Vendas > PDV leads here). */
const RETAGUARDA = '#/pages/dashboard';
function VoltarRetaguarda() {
  return <a href={RETAGUARDA} className="pdv-voltar">← Voltar à retaguarda</a>;
}

function Centro({ children }: { children: React.ReactNode }) {
  return (
    <div className="pdv-raiz" style={{ alignItems: 'center', justifyContent: 'center' }}>
      <div style={{ background: '#fff', padding: 24, borderRadius: 8, minWidth: 380 }}>
        <div style={{ textAlign: 'right', marginBottom: 8 }}><VoltarRetaguarda /></div>
        {children}
      </div>
    </div>
  );
}

function EscolherEstacao({ onEscolher }: { onEscolher: (pdvId: number) => void }) {
  const [lista, setLista] = useState<{ id: number; descricao: string }[] | null>(null);
  const [id, setId] = useState<number | null>(null);
  useEffect(() => {
    api.get('Pdvs', { params: { filter: { order: 'descricao', limit: 200 } } }).then(
      (r) => setLista(Array.isArray(r.data) ? r.data.filter((p: { ativo?: boolean }) => p.ativo !== false) : []),
      () => setLista([]),
    );
  }, []);
  return (
    <Centro>
      <Typography.Title level={4}>Ponto de venda</Typography.Title>
      <Form layout="vertical" onFinish={() => id && onEscolher(id)}>
        <Form.Item label="PDV (estação)">
          {lista === null ? (
            <Spin aria-label="Carregando os PDVs" />
          ) : lista.length ? (
            <Select aria-label="PDV" autoFocus value={id ?? undefined} onChange={setId} options={lista.map((p) => ({ value: p.id, label: p.descricao }))} />
          ) : (
            <InputNumber aria-label="PDV" autoFocus min={1} style={{ width: '100%' }} value={id} onChange={(v) => setId(v ?? null)} />
          )}
        </Form.Item>
        <Button type="primary" htmlType="submit" disabled={!id}>Usar este PDV</Button>
      </Form>
    </Centro>
  );
}

function EntrarOperador({ pdvId, catalogo, onEntrar, onTrocar }: { pdvId: number; catalogo: Catalogo; onEntrar: (o: Operador, l: Limites) => void; onTrocar: () => void }) {
  const [codigo, setCodigo] = useState('');
  const [pin, setPin] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [enviando, setEnviando] = useState(false);
  const entrar = async () => {
    setEnviando(true);
    setErro(null);
    try {
      const r = await entrarOperador(pdvId, codigo.trim(), pin);
      onEntrar(r.operador, r.limites);
    } catch (err) {
      setErro(mensagemErro(err));
      setPin('');
    } finally {
      setEnviando(false);
    }
  };
  return (
    <Centro>
      <Typography.Title level={4}>{catalogo.pdv.descricao}: entrada do operador</Typography.Title>
      <Form layout="vertical" onFinish={entrar}>
        <Form.Item label="Código do operador"><Input aria-label="Código do operador" autoFocus value={codigo} onChange={(e) => setCodigo(e.target.value)} /></Form.Item>
        <Form.Item label="PIN"><Input.Password aria-label="PIN" value={pin} onChange={(e) => setPin(e.target.value)} /></Form.Item>
        {erro && <Alert type="error" title={erro} style={{ marginBottom: 12 }} />}
        <Space><Button type="primary" htmlType="submit" loading={enviando} disabled={!codigo || !pin}>Entrar</Button><Button onClick={onTrocar}>Trocar de PDV</Button></Space>
      </Form>
    </Centro>
  );
}

function AbrirCaixa({ estado, onAberto, onSair }: { estado: Estado; onAberto: (c: Caixa) => void; onSair: () => void }) {
  const [valor, setValor] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const [procurando, setProcurando] = useState(true);
  useEffect(() => {
    caixaAberto(estado.pdvId).then((c) => (c ? onAberto(c) : setProcurando(false)), (err) => { setErro(mensagemErro(err)); setProcurando(false); });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [estado.pdvId]);
  const abrir = async () => {
    const v = parseBRL(valor || '0');
    if (v === null) return setErro('Valor de abertura inválido.');
    try {
      onAberto(await abrirCaixa(estado.pdvId, estado.operador!.id, v));
    } catch (err) {
      setErro(mensagemErro(err));
    }
  };
  if (procurando) return <Centro>Procurando o caixa aberto…</Centro>;
  return (
    <Centro>
      <Typography.Title level={4}>Abrir o caixa</Typography.Title>
      <Form layout="vertical" onFinish={abrir}>
        <Form.Item label="Valor de abertura (troco inicial)"><Input aria-label="Valor de abertura" autoFocus value={valor} onChange={(e) => setValor(e.target.value)} placeholder="0,00" /></Form.Item>
        {erro && <Alert type="error" title={erro} style={{ marginBottom: 12 }} />}
        <Space><Button type="primary" htmlType="submit">Abrir caixa</Button><Button onClick={onSair}>Sair</Button></Space>
      </Form>
    </Centro>
  );
}

type Dialogo = null | 'busca' | 'quantidade' | 'desconto' | 'cpf' | 'pagamento' | 'sangria' | 'suprimento' | 'fechar';

const TECLAS: [string, string][] = [
  ['F2', 'Buscar produto'], ['F3', 'Quantidade'], ['F4', 'Desconto'], ['F6', 'CPF/CNPJ na nota'], ['F9', 'Pagamento'],
  ['F10', 'Finalizar'], ['Esc', 'Cancelar item'], ['F7', 'Sangria'], ['F8', 'Suprimento'], ['F12', 'Fechar caixa'], ['5*', 'Multiplicar o próximo item'],
];

function TelaVenda({ catalogo, doCache, estado, onSair, onFechado }: { catalogo: Catalogo; doCache: boolean; estado: Required<Estado>; onSair: () => void; onFechado: () => void }) {
  const indice = useMemo(() => new IndiceCatalogo(catalogo.produtos), [catalogo]);
  const [linhas, setLinhas] = useState<Linha[]>([]);
  const [sel, setSel] = useState(-1);
  const [entrada, setEntrada] = useState('');
  const [multiplicador, setMultiplicador] = useState<string | null>(null);
  const [aviso, setAviso] = useState<{ tipo: 'erro' | 'ok'; texto: string } | null>(null);
  const [cpfCnpj, setCpfCnpj] = useState<string | null>(null);
  const [pagamentos, setPagamentos] = useState<PagamentoLinha[]>([]);
  const [dialogo, setDialogo] = useState<Dialogo>(null);
  const [cupom, setCupom] = useState<Cupom | null>(null);
  const [pendentes, setPendentes] = useState(0);
  const [online, setOnline] = useState(!doCache);
  const [finalizando, setFinalizando] = useState(false);
  const [falha, setFalha] = useState<FalhaNfce | null>(null);
  const entradaRef = useRef<HTMLInputElement>(null);
  const seq = useRef(0);

  const focar = () => setTimeout(() => entradaRef.current?.focus(), 0);
  const erro = (texto: string) => { setAviso({ tipo: 'erro', texto }); bipe(); };

  const atualizarFila = useCallback(async () => {
    const r = await sincronizar(FilaIndexedDb, enviarVenda).catch(() => null);
    const p = await FilaIndexedDb.pendentes().catch(() => []);
    setPendentes(p.length);
    if (r) setOnline(!r.erroRede);
    if (r && !r.erroRede) garantirNumeracao(estado.pdvId).catch(() => undefined);
    return r;
  }, [estado.pdvId]);

  useEffect(() => {
    atualizarFila();
    const t = setInterval(atualizarFila, 5000);
    const on = () => atualizarFila();
    window.addEventListener('online', on);
    return () => { clearInterval(t); window.removeEventListener('online', on); };
  }, [atualizarFila]);

  const adicionar = (texto: string) => {
    const t = texto.trim();
    if (/^\d+(?:[.,]\d{1,4})?\s*[*xX]$/.test(t)) {
      setMultiplicador(new Decimal(t.replace(/\s*[*xX]$/, '').replace(',', '.')).toString());
      setEntrada('');
      return;
    }
    const r = resolverEntrada(t, indice, catalogo.pdv.balanca, multiplicador);
    setEntrada('');
    setMultiplicador(null);
    if (!r.ok) return erro(r.mensagem);
    const quando = momentoDe(new Date());
    setLinhas((ls) => {
      const l = comPromocao({ seq: ++seq.current, produto: r.produto, quantidade: r.quantidade, precoUnitario: r.precoUnitario, descontoManual: '0', promocao: null }, catalogo.promocoes ?? [], quando);
      setSel(ls.length);
      return [...ls, l];
    });
    setAviso({ tipo: 'ok', texto: `${r.produto.descricao}: ${dec(r.quantidade)} × ${formatBRL(r.precoUnitario)}` });
  };

  const alterarLinha = (i: number, f: (l: Linha) => Linha) => setLinhas((ls) => ls.map((l, n) => (n === i ? comPromocao(f(l), catalogo.promocoes ?? [], momentoDe(new Date())) : l)));

  const cancelarLinha = () => {
    if (sel < 0 || sel >= linhas.length) return;
    setLinhas((ls) => ls.filter((_, n) => n !== sel));
    setAviso({ tipo: 'ok', texto: `Item ${sel + 1} cancelado.` });
    setSel((s) => Math.min(s, linhas.length - 2));
  };

  const novaVenda = () => {
    setLinhas([]); setSel(-1); setPagamentos([]); setCpfCnpj(null); setMultiplicador(null); setEntrada('');
  };

  const finalizar = async () => {
    if (finalizando) return;
    const f = fechamento(linhas, pagamentos);
    if (f.erro) {
      if (!linhas.length) return erro(f.erro);
      setAviso({ tipo: 'erro', texto: f.erro });
      return setDialogo('pagamento');
    }
    setFinalizando(true);
    setDialogo(null);
    const emitidaEm = new Date();
    const envio: VendaEnvio = {
      chave: crypto.randomUUID(),
      pdvId: estado.pdvId,
      caixaId: estado.caixa.id,
      operadorId: estado.operador.id,
      emitidaEm: emitidaEm.toISOString(),
      ...(cpfCnpj ? { cpfCnpj } : {}),
      itens: linhas.map((l) => ({
        produtoId: l.produto.id, quantidade: l.quantidade, precoUnitario: new Decimal(l.precoUnitario).toFixed(2),
        desconto: new Decimal(l.descontoManual || 0).plus(l.promocao?.desconto ?? 0).toFixed(2), ...(l.promocao ? { promocaoId: l.promocao.promocaoId } : {}),
      })),
      pagamentos: pagamentos.map((p) => ({ formaPagamentoId: p.forma.id, tPag: p.forma.tPag, valor: new Decimal(p.valor).toFixed(2), ...(p.bandeira ? { bandeira: p.bandeira } : {}) })),
      troco: f.troco.toFixed(2),
    };
    const ibsCbs = ibsCbsDoCupom(catalogo, envio.itens);
    const base = { ...itensDoCupom(linhas), pagamentos: pagamentosDoCupom(pagamentos), troco: f.troco.toFixed(2), cpfCnpj: cpfCnpj ?? undefined, emitente: emitenteDe(catalogo), ...(ibsCbs ? { ibsCbs } : {}) };
    try {
      // Durable first: the sale is in IndexedDB before anything goes out.
      const v = await enfileirar(FilaIndexedDb, envio, emitidaEm);
      await atualizarFila();
      const depois = (await FilaIndexedDb.todas()).find((x) => x.chave === v.chave);
      if (depois?.situacao === 'enviada' && depois.resposta) {
        const r = depois.resposta;
        if (r.situacao === 'erro') {
          // The sale is registered (stock and payment posted); only its NFC-e failed: the sale stays on screen
          // with the reason and the way forward, never an empty DANFCE.
          setFalha({ vendaId: r.id, motivo: r.motivo ?? 'Falha na emissão da NFC-e.', base, emitidaEm: dataBr(emitidaEm) });
          setAviso({ tipo: 'erro', texto: `Venda registrada; a NFC-e não foi autorizada: ${r.motivo ?? ''}` });
          bipe();
          novaVenda();
          return;
        }
        setCupom({ ...base, numero: r.numero, serie: r.serie, emitidaEm: dataBr(emitidaEm), chaveAcesso: r.chaveAcesso, qrCode: r.qrCode, urlConsulta: r.urlConsulta, situacao: r.situacao });
        setAviso({ tipo: 'ok', texto: `Venda concluída: NFC-e ${r.numero} ${r.situacao === 'autorizada' ? 'autorizada' : 'em contingência'}.` });
        novaVenda();
        return;
      }
      if (depois?.situacao === 'recusada') {
        await apagar('fila', v.chave);
        setPendentes((await FilaIndexedDb.pendentes()).length);
        return erro(depois.erro ?? 'Venda recusada pelo servidor.');
      }
      // The server could not be reached: NFC-e in offline contingency, number from the reserved block.
      const num = await tomarNumero(estado.pdvId);
      if (!num) {
        await apagar('fila', v.chave);
        return erro('Sem comunicação com o servidor e sem numeração reservada para a contingência: a venda não foi concluída.');
      }
      const dhEmi = dataHoraComFuso(emitidaEm);
      const nf = nfceOffline(catalogo, envio, num, dhEmi);
      const comOffline: VendaFila = { ...depois!, envio: { ...envio, offline: { tpEmis: 9, dhCont: dhEmi, xJust: 'Sem comunicação com o servidor no momento da venda', serie: num.serie, numero: num.numero, xml: nf.xml } } };
      await FilaIndexedDb.gravar(comOffline);
      setPendentes((await FilaIndexedDb.pendentes()).length);
      setOnline(false);
      setCupom({ ...base, numero: num.numero, serie: num.serie, emitidaEm: dataBr(emitidaEm), chaveAcesso: nf.chave, qrCode: nf.qrCode, urlConsulta: nf.urlChave, situacao: 'offline' });
      setAviso({ tipo: 'ok', texto: `Venda concluída off-line: NFC-e ${num.numero} em contingência, será enviada quando o servidor voltar.` });
      novaVenda();
    } catch (err) {
      erro(`Não foi possível concluir a venda: ${(err as Error).message}`);
    } finally {
      setFinalizando(false);
      focar();
    }
  };

  const imprimir = () => window.print();

  const tentarDeNovo = async () => {
    if (!falha || falha.tentando) return;
    setFalha({ ...falha, tentando: true, aviso: undefined });
    try {
      const r: VendaResposta = await retransmitirCupom(falha.vendaId);
      if (r.situacao === 'erro') return setFalha({ ...falha, tentando: false, motivo: r.motivo ?? falha.motivo });
      setFalha(null);
      setCupom({ ...falha.base, numero: r.numero, serie: r.serie, emitidaEm: falha.emitidaEm, chaveAcesso: r.chaveAcesso, qrCode: r.qrCode, urlConsulta: r.urlConsulta, situacao: r.situacao });
      setAviso({ tipo: 'ok', texto: `NFC-e ${r.numero} ${r.situacao === 'autorizada' ? 'autorizada' : 'em contingência'}.` });
    } catch (err) {
      const texto = semServidor(err) ? 'Sem comunicação com o servidor: tente de novo quando ele voltar. A venda já está registrada.' : mensagemErro(err);
      setFalha({ ...falha, tentando: false, aviso: texto });
    }
  };
  const seguirVendendo = () => { setFalha(null); focar(); };

  useEffect(() => {
    const tecla = (e: KeyboardEvent) => {
      if (falha) return; // its dialog has its own buttons
      if (cupom && (e.key === 'Escape' || e.key === 'Enter')) { e.preventDefault(); setCupom(null); focar(); return; }
      if (dialogo) {
        if (e.key === 'F10' && dialogo === 'pagamento') { e.preventDefault(); finalizar(); }
        return;
      }
      const mapa: Record<string, () => void> = {
        F2: () => setDialogo('busca'),
        F3: () => (linhas.length ? setDialogo('quantidade') : erro('Nenhum item para alterar a quantidade.')),
        F4: () => (linhas.length ? setDialogo('desconto') : erro('Nenhum item para dar desconto.')),
        F6: () => setDialogo('cpf'),
        F7: () => setDialogo('sangria'),
        F8: () => setDialogo('suprimento'),
        F9: () => (linhas.length ? setDialogo('pagamento') : erro('Nenhum item na venda.')),
        F10: () => finalizar(),
        F12: () => setDialogo('fechar'),
        Escape: () => cancelarLinha(),
        ArrowUp: () => setSel((s) => Math.max(0, s - 1)),
        ArrowDown: () => setSel((s) => Math.min(linhas.length - 1, s + 1)),
      };
      const f = mapa[e.key];
      if (f) { e.preventDefault(); f(); }
    };
    window.addEventListener('keydown', tecla);
    return () => window.removeEventListener('keydown', tecla);
  });

  const total = totalVenda(linhas);
  const linhaSel = sel >= 0 ? linhas[sel] : undefined;
  const fechar = () => { setDialogo(null); focar(); };

  return (
    <div className="pdv-raiz" data-testid="pdv">
      <div className="pdv-topo">
        <b>{catalogo.pdv.descricao}</b>
        <span>Operador: {estado.operador.nome}</span>
        <span>Caixa nº {estado.caixa.id}</span>
        <span className="pdv-fill" />
        {online ? <Tag color="green" data-testid="pdv-conexao">On-line</Tag> : <Tag color="red" data-testid="pdv-conexao">Off-line (contingência)</Tag>}
        <Tag color={pendentes ? 'orange' : 'default'} data-testid="pdv-pendentes">Vendas a enviar: {pendentes}</Tag>
        <Button size="small" onClick={onSair}>Trocar operador</Button>
        <Button size="small" href={RETAGUARDA}>Retaguarda</Button>
      </div>
      <div className="pdv-corpo">
        <div className="pdv-itens">
          <table data-testid="pdv-itens">
            <thead><tr><th>#</th><th>Código</th><th>Descrição</th><th className="n">Qtde</th><th className="n">Preço</th><th className="n">Desconto</th><th className="n">Total</th></tr></thead>
            <tbody>
              {linhas.map((l, n) => (
                <tr key={l.seq} className={n === sel ? 'sel' : ''} onClick={() => setSel(n)} data-testid="pdv-linha">
                  <td>{n + 1}</td><td>{l.produto.codigo}</td>
                  <td>{l.produto.descricao}{l.promocao && <Tag color="magenta" style={{ marginLeft: 6 }}>{l.promocao.descricao}</Tag>}</td>
                  <td className="n">{dec(l.quantidade)} {l.produto.unidade}</td><td className="n">{formatBRL(l.precoUnitario)}</td>
                  <td className="n">{formatBRL(new Decimal(l.descontoManual || 0).plus(l.promocao?.desconto ?? 0))}</td>
                  <td className="n">{formatBRL(totalLinha(l))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="pdv-lado">
          <div className="pdv-total">Total <span data-testid="pdv-total">{formatBRL(total)}</span></div>
          {cpfCnpj && <Tag>CPF/CNPJ na nota: {cpfCnpj}</Tag>}
          {pagamentos.length > 0 && <div style={{ background: '#fff', padding: 8, borderRadius: 6 }}>{pagamentos.map((p, i) => <div key={i}>{p.forma.descricao}: {formatBRL(p.valor)}</div>)}</div>}
          <div className="pdv-teclas">{TECLAS.map(([k, t]) => <Fragment key={k}><kbd>{k}</kbd><span>{t}</span></Fragment>)}</div>
        </div>
      </div>
      <div className="pdv-entrada">
        {multiplicador && <Tag color="blue" data-testid="pdv-multiplicador">{dec(multiplicador)} ×</Tag>}
        <Input
          ref={(r) => { entradaRef.current = r?.input ?? null; }}
          aria-label="Código do produto"
          data-testid="pdv-entrada"
          autoFocus
          value={entrada}
          placeholder="Passe o código de barras ou digite o código (5* multiplica)"
          onChange={(e) => setEntrada(e.target.value)}
          onPressEnter={() => adicionar(entrada)}
          disabled={finalizando}
        />
        <div style={{ minWidth: 420 }} data-testid="pdv-aviso" className={aviso?.tipo === 'erro' ? 'pdv-msg-erro' : ''}>{aviso?.texto}</div>
      </div>

      {dialogo === 'busca' && <Busca indice={indice} onEscolher={(codigo) => { fechar(); adicionar(`${multiplicador ? `${multiplicador}*` : ''}${codigo}`); }} onFechar={fechar} />}
      {dialogo === 'quantidade' && linhaSel && (
        <Pergunta titulo="Quantidade" rotulo={`Quantidade de ${linhaSel.produto.descricao}`} inicial={dec(linhaSel.quantidade)} onFechar={fechar}
          onOk={(t) => { const q = parseBRL(t, 4); if (!q || new Decimal(q).lte(0)) return 'Quantidade inválida.'; alterarLinha(sel, (l) => ({ ...l, quantidade: q })); fechar(); return null; }} />
      )}
      {dialogo === 'desconto' && linhaSel && (
        <Pergunta titulo="Desconto no item" rotulo={`Desconto (R$) em ${linhaSel.produto.descricao} — máximo ${dec(estado.limites.descontoMaximo)}%`} inicial="" onFechar={fechar}
          onOk={(t) => { const v = parseBRL(t); if (v === null) return 'Valor inválido.'; const m = validarDesconto(linhaSel, v, estado.limites.descontoMaximo); if (m) { bipe(); return m; } alterarLinha(sel, (l) => ({ ...l, descontoManual: v })); fechar(); return null; }} />
      )}
      {dialogo === 'cpf' && (
        <Pergunta titulo="CPF/CNPJ na nota" rotulo="CPF ou CNPJ do consumidor (vazio: não identificado)" inicial={cpfCnpj ?? ''} onFechar={fechar}
          onOk={(t) => { if (!t.trim()) { setCpfCnpj(null); fechar(); return null; } const r = validarCpfCnpj(t); if (!r.ok) return r.mensagem; setCpfCnpj(r.valor); fechar(); return null; }} />
      )}
      {dialogo === 'pagamento' && <Pagamento catalogo={catalogo} linhas={linhas} pagamentos={pagamentos} setPagamentos={setPagamentos} onFinalizar={finalizar} onFechar={fechar} />}
      {(dialogo === 'sangria' || dialogo === 'suprimento') && <MovimentoCaixa tipo={dialogo} caixaId={estado.caixa.id} onFechar={fechar} />}
      {dialogo === 'fechar' && <FecharCaixa catalogo={catalogo} caixa={estado.caixa} pendentes={pendentes} sincronizar={atualizarFila} onFechar={fechar} onFechado={onFechado} />}

      {cupom && (
        <Modal open title="DANFCE" width={420} onCancel={() => { setCupom(null); focar(); }}
          footer={<Space><Button onClick={() => baixarEscPos(cupom, (catalogo.pdv.larguraImpressora ?? 80) >= 80 ? 48 : 32)}>ESC/POS</Button><Button type="primary" onClick={imprimir}>Imprimir</Button><Button onClick={() => { setCupom(null); focar(); }}>Nova venda (Enter)</Button></Space>}>
          <Danfce cupom={cupom} largura={catalogo.pdv.larguraImpressora ?? 80} />
        </Modal>
      )}
      {falha && <DialogoFalhaNfce falha={falha} onTentar={tentarDeNovo} onSeguir={seguirVendendo} />}
      <div id="pdv-impressao">{cupom && <Danfce cupom={cupom} largura={catalogo.pdv.larguraImpressora ?? 80} />}</div>
      <AutoImprimir cupom={cupom} />
    </div>
  );
}

/** A sale registered on the server whose NFC-e was rejected or could not be issued. */
interface FalhaNfce {
  vendaId: number;
  motivo: string;
  base: Omit<Cupom, 'numero' | 'serie' | 'emitidaEm' | 'chaveAcesso' | 'qrCode' | 'urlConsulta' | 'situacao'>;
  emitidaEm: string;
  tentando?: boolean;
  aviso?: string;
}

/**
 * The sale stays visible (its items, total and payments) with the SEFAZ's reason in Portuguese and the way
 * forward: try again now (a new NFC-e for the same sale), or go on selling and retry from Cupons com erro.
 */
function DialogoFalhaNfce({ falha, onTentar, onSeguir }: { falha: FalhaNfce; onTentar: () => void; onSeguir: () => void }) {
  const b = falha.base;
  return (
    <Modal open title="NFC-e não autorizada" width={560} closable={false} maskClosable={false} keyboard={false}
      footer={<Space><Button type="primary" loading={falha.tentando} onClick={onTentar}>Tentar novamente</Button><Button onClick={onSeguir}>Seguir vendendo</Button></Space>}>
      <div data-testid="pdv-falha-nfce">
        <Alert type="error" showIcon title="A venda foi registrada, mas a NFC-e não foi autorizada." description={<span data-testid="pdv-falha-motivo">{falha.motivo}</span>} style={{ marginBottom: 12 }} />
        <Typography.Paragraph>
          O estoque e o pagamento já foram lançados; não passe a venda de novo. Corrija o que a SEFAZ apontou e clique em
          Tentar novamente, ou siga vendendo: o cupom fica em Vendas &gt; Cupons com erro para retransmitir. Se a SEFAZ estiver
          fora do ar, a nova tentativa emite a NFC-e em contingência.
        </Typography.Paragraph>
        {falha.aviso && <Alert type="warning" title={falha.aviso} style={{ marginBottom: 12 }} />}
        <table style={{ width: '100%' }} data-testid="pdv-falha-itens">
          <tbody>
            {b.itens.map((i, n) => <tr key={n}><td>{i.descricao}</td><td style={{ textAlign: 'right' }}>{i.quantidade.replace('.', ',')} {i.unidade}</td><td style={{ textAlign: 'right' }}>{formatBRL(i.total)}</td></tr>)}
          </tbody>
        </table>
        <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 8 }}><b>Total</b><b data-testid="pdv-falha-total">{formatBRL(b.total)}</b></div>
        {b.pagamentos.map((p, n) => <div key={n} style={{ display: 'flex', justifyContent: 'space-between' }}><span>{p.descricao}</span><span>{formatBRL(p.valor)}</span></div>)}
        {b.troco !== '0.00' && <div style={{ display: 'flex', justifyContent: 'space-between' }}><span>Troco</span><span>{formatBRL(b.troco)}</span></div>}
      </div>
    </Modal>
  );
}

/** Whatever breaks in the selling screen shows a message and a way back, never a blank page (the queue is durable). */
class TelaSegura extends Component<{ children: ReactNode }, { erro: Error | null }> {
  state = { erro: null as Error | null };
  static getDerivedStateFromError(erro: Error) {
    return { erro };
  }
  render() {
    if (!this.state.erro) return this.props.children;
    return (
      <Centro>
        <Alert type="error" showIcon title="A tela de venda encontrou um erro." description={<>
          <div>{this.state.erro.message}</div>
          <div>As vendas concluídas estão guardadas neste navegador e no servidor. Recarregue a tela para continuar.</div>
          <Button style={{ marginTop: 8 }} onClick={() => window.location.reload()}>Recarregar</Button>
        </>} />
      </Centro>
    );
  }
}

/** The DANFCE goes to the print dialog as soon as it is on screen (once per sale). */
function AutoImprimir({ cupom }: { cupom: Cupom | null }) {
  const feito = useRef<string | null>(null);
  useEffect(() => {
    if (!cupom || feito.current === cupom.chaveAcesso) return;
    feito.current = cupom.chaveAcesso;
    const t = setTimeout(() => window.print(), 300);
    return () => clearTimeout(t);
  }, [cupom]);
  return null;
}

/** The DANFCE's time in the branch's time zone (the session's), whatever the station's clock zone. */
const dataBr = (d: Date): string => formatDateTimeSeconds(d);

function Pergunta({ titulo, rotulo, inicial, onOk, onFechar }: { titulo: string; rotulo: string; inicial: string; onOk: (t: string) => string | null; onFechar: () => void }) {
  const [v, setV] = useState(inicial);
  const [msg, setMsg] = useState<string | null>(null);
  const ok = () => setMsg(onOk(v));
  return (
    <Modal open title={titulo} onCancel={onFechar} onOk={ok} okText="Confirmar" cancelText="Cancelar" destroyOnHidden>
      <div>{rotulo}</div>
      <Input aria-label={titulo} autoFocus value={v} onChange={(e) => setV(e.target.value)} onPressEnter={ok} />
      {msg && <div className="pdv-msg-erro" role="alert">{msg}</div>}
    </Modal>
  );
}

function Busca({ indice, onEscolher, onFechar }: { indice: IndiceCatalogo; onEscolher: (codigo: string) => void; onFechar: () => void }) {
  const [t, setT] = useState('');
  const [i, setI] = useState(0);
  const r = useMemo(() => indice.buscar(t, 30), [indice, t]);
  return (
    <Modal open title="Buscar produto (F2)" onCancel={onFechar} footer={null} width={640} destroyOnHidden>
      <Input aria-label="Buscar produto" autoFocus value={t} onChange={(e) => { setT(e.target.value); setI(0); }}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') { e.preventDefault(); setI((x) => Math.min(r.length - 1, x + 1)); }
          if (e.key === 'ArrowUp') { e.preventDefault(); setI((x) => Math.max(0, x - 1)); }
          if (e.key === 'Enter' && r[i]) onEscolher(r[i].gtin ?? r[i].codigo);
        }} />
      <div style={{ maxHeight: 360, overflow: 'auto', marginTop: 8 }}>
        {r.map((p, n) => (
          <div key={p.id} onClick={() => onEscolher(p.gtin ?? p.codigo)} style={{ padding: 4, cursor: 'pointer', background: n === i ? '#e6f4ff' : undefined, display: 'flex', justifyContent: 'space-between' }}>
            <span>{p.codigo} — {p.descricao}</span><span>{formatBRL(p.precoVenda)}</span>
          </div>
        ))}
      </div>
    </Modal>
  );
}

function Pagamento({ catalogo, linhas, pagamentos, setPagamentos, onFinalizar, onFechar }: {
  catalogo: Catalogo; linhas: Linha[]; pagamentos: PagamentoLinha[]; setPagamentos: (p: PagamentoLinha[]) => void; onFinalizar: () => void; onFechar: () => void;
}) {
  const formas = catalogo.formasPagamento;
  const f = fechamento(linhas, pagamentos);
  const [formaId, setFormaId] = useState<number>(formas[0]?.id);
  const [valor, setValor] = useState(f.falta.toFixed(2).replace('.', ','));
  const [bandeira, setBandeira] = useState<string | undefined>();
  const [msg, setMsg] = useState<string | null>(null);
  const forma = formas.find((x) => x.id === formaId);
  const lancar = () => {
    const v = parseBRL(valor);
    if (!forma) return setMsg('Escolha a forma de pagamento.');
    if (v === null || new Decimal(v).lte(0)) return setMsg('Valor inválido.');
    if (!forma.permiteTroco && new Decimal(v).gt(f.falta)) return setMsg(`${forma.descricao} não dá troco: no máximo ${formatBRL(f.falta)}.`);
    const novos = [...pagamentos, { forma, valor: v, ...(bandeira ? { bandeira } : {}) }];
    setPagamentos(novos);
    setMsg(null);
    setValor(fechamento(linhas, novos).falta.toFixed(2).replace('.', ','));
  };
  return (
    <Modal open title="Pagamento (F9)" onCancel={onFechar} width={560} destroyOnHidden
      footer={<Space><Button onClick={onFechar}>Voltar</Button><Button type="primary" disabled={!!f.erro} onClick={onFinalizar}>Finalizar (F10)</Button></Space>}>
      <div style={{ fontSize: 18 }}>Total: <b>{formatBRL(f.total)}</b> · Pago: <b data-testid="pag-pago">{formatBRL(f.pago)}</b> · Falta: <b data-testid="pag-falta">{formatBRL(f.falta)}</b> · Troco: <b data-testid="pag-troco">{formatBRL(f.troco)}</b></div>
      <Space style={{ marginTop: 12 }} wrap>
        <Select aria-label="Forma de pagamento" style={{ width: 200 }} value={formaId} onChange={setFormaId} options={formas.map((x) => ({ value: x.id, label: x.descricao }))} />
        {forma?.bandeiras?.length ? <Select aria-label="Bandeira" placeholder="Bandeira" style={{ width: 140 }} value={bandeira} onChange={setBandeira} options={forma.bandeiras.map((b) => ({ value: b, label: b }))} /> : null}
        <Input aria-label="Valor do pagamento" autoFocus style={{ width: 140 }} value={valor} onChange={(e) => setValor(e.target.value)} onPressEnter={lancar} />
        <Button onClick={lancar}>Lançar</Button>
      </Space>
      {pagamentos.map((p, i) => (
        <div key={i} style={{ display: 'flex', justifyContent: 'space-between', marginTop: 6 }} data-testid="pag-linha">
          <span>{p.forma.descricao}{p.bandeira ? ` (${p.bandeira})` : ''}</span><span>{formatBRL(p.valor)} <Button size="small" type="link" onClick={() => setPagamentos(pagamentos.filter((_, n) => n !== i))}>remover</Button></span>
        </div>
      ))}
      {(msg || (pagamentos.length > 0 && f.erro)) && <div className="pdv-msg-erro" role="alert">{msg ?? f.erro}</div>}
    </Modal>
  );
}

function MovimentoCaixa({ tipo, caixaId, onFechar }: { tipo: 'sangria' | 'suprimento'; caixaId: number; onFechar: () => void }) {
  const [valor, setValor] = useState('');
  const [motivo, setMotivo] = useState('');
  const [msg, setMsg] = useState<string | null>(null);
  const ok = async () => {
    const v = parseBRL(valor);
    if (v === null || new Decimal(v).lte(0)) return setMsg('Valor inválido.');
    if (!motivo.trim()) return setMsg('Informe o motivo.');
    try {
      await movimentoCaixa(caixaId, tipo, v, motivo.trim());
      message.success(tipo === 'sangria' ? 'Sangria registrada.' : 'Suprimento registrado.');
      onFechar();
    } catch (err) {
      setMsg(semServidor(err) ? 'Sem comunicação com o servidor: tente de novo quando voltar.' : mensagemErro(err));
    }
  };
  return (
    <Modal open title={tipo === 'sangria' ? 'Sangria (F7)' : 'Suprimento (F8)'} onCancel={onFechar} onOk={ok} okText="Confirmar" cancelText="Cancelar" destroyOnHidden>
      <Input aria-label="Valor" autoFocus placeholder="Valor" value={valor} onChange={(e) => setValor(e.target.value)} />
      <Input aria-label="Motivo" placeholder="Motivo" style={{ marginTop: 8 }} value={motivo} onChange={(e) => setMotivo(e.target.value)} onPressEnter={ok} />
      {msg && <div className="pdv-msg-erro" role="alert">{msg}</div>}
    </Modal>
  );
}

function FecharCaixa({ catalogo, caixa, pendentes, sincronizar: sinc, onFechar, onFechado }: {
  catalogo: Catalogo; caixa: Caixa; pendentes: number; sincronizar: () => Promise<unknown>; onFechar: () => void; onFechado: () => void;
}) {
  const [contado, setContado] = useState<Record<string, string>>({});
  const [msg, setMsg] = useState<string | null>(null);
  const [resultado, setResultado] = useState<ResultadoFechamento | null>(null);
  const formas = catalogo.formasPagamento;
  const fechar = async () => {
    await sinc();
    const p = await FilaIndexedDb.pendentes();
    if (p.length) return setMsg(`Há ${p.length} venda(s) ainda não enviada(s) ao servidor: o caixa só fecha depois de enviá-las.`);
    const itens: { formaPagamentoId: number | null; valor: string }[] = [];
    for (const f of formas) {
      const v = parseBRL(contado[f.id] || '0');
      if (v === null) return setMsg(`Valor contado inválido em ${f.descricao}.`);
      itens.push({ formaPagamentoId: f.id, valor: v });
    }
    try {
      setResultado(await fecharCaixa(caixa.id, itens, p.length));
      setMsg(null);
    } catch (err) {
      setMsg(mensagemErro(err));
    }
  };
  const nome = (id: number | null, d?: string) => d ?? formas.find((f) => f.id === id)?.descricao ?? 'Dinheiro';
  return (
    <Modal open title="Fechar o caixa (F12)" onCancel={resultado ? onFechado : onFechar} width={560} destroyOnHidden
      footer={resultado
        ? <Space><Button onClick={() => window.open(withAccessToken(`/api/Pdv/caixas/${caixa.id}/relatorio?formato=80mm`), '_blank')}>Relatório 80 mm (PDF)</Button><Button onClick={() => window.open(withAccessToken(`/api/Pdv/caixas/${caixa.id}/relatorio?formato=a4`), '_blank')}>Relatório A4 (PDF)</Button><Button type="primary" onClick={onFechado}>Concluir</Button></Space>
        : <Space><Button onClick={onFechar}>Voltar</Button><Button type="primary" danger onClick={fechar}>Fechar caixa</Button></Space>}>
      {!resultado && (
        <>
          {pendentes > 0 && <Alert type="warning" title={`Vendas a enviar: ${pendentes}`} style={{ marginBottom: 8 }} />}
          <div>Informe o valor contado em cada forma de pagamento:</div>
          {formas.map((f) => (
            <div key={f.id} style={{ display: 'flex', justifyContent: 'space-between', marginTop: 6 }}>
              <span>{f.descricao}</span>
              <Input aria-label={`Contado ${f.descricao}`} style={{ width: 160 }} placeholder="0,00" value={contado[f.id] ?? ''} onChange={(e) => setContado({ ...contado, [f.id]: e.target.value })} />
            </div>
          ))}
        </>
      )}
      {resultado && (
        <table style={{ width: '100%' }} data-testid="fechamento">
          <thead><tr><th style={{ textAlign: 'left' }}>Forma</th><th>Esperado</th><th>Contado</th><th>Diferença</th></tr></thead>
          <tbody>
            {resultado.esperado.map((e, i) => {
              const c = resultado.contado.find((x) => x.formaPagamentoId === e.formaPagamentoId);
              const d = resultado.diferencas.find((x) => x.formaPagamentoId === e.formaPagamentoId);
              return <tr key={i}><td>{nome(e.formaPagamentoId, e.descricao)}</td><td>{formatBRL(e.valor)}</td><td>{formatBRL(c?.valor ?? '0')}</td><td data-testid="fechamento-diferenca">{formatBRL(d?.valor ?? '0')}</td></tr>;
            })}
          </tbody>
        </table>
      )}
      {msg && <div className="pdv-msg-erro" role="alert">{msg}</div>}
    </Modal>
  );
}
