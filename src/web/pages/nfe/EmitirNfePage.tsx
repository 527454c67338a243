import { Alert, Button, Card, Col, DatePicker, Descriptions, Input, InputNumber, Row, Select, Space, Spin, Tag } from 'antd';
import Decimal from 'decimal.js';
import dayjs from 'dayjs';
import { memo, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { FINALIDADE_NFE, MODALIDADE_FRETE, NFE_FORMA_PAGAMENTO } from '../../../../generated/lookups.ts';
import { STATUS_NOTA, type DadosNotaFiscal } from '../../../shared/fiscal/nota-fiscal.ts';
import type { ContextoTributacao } from '../../../shared/fiscal/tributar-linha.ts';
import { decimalDigitado, formatBRL } from '../../../shared/money.ts';
import { api, openInNewTab } from '../../api/client.ts';
import { listPath } from '../../api/hooks.ts';
import { toApiError } from '../../api/errors.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { BuscaSelect, type Opcao } from './BuscaSelect.tsx';
import { daApi, novaImportacao, PAISES_EXTERIOR, paraApi } from './ImportacaoLinha.tsx';
import { ItensNfe } from './ItensNfe.tsx';
import { errosDosAjustes, LinhasNota, useTotais, type BaseTributaria, type Linha } from './linhas-nota.ts';
import { RejeicaoSefaz, type Rejeicao } from './RejeicaoSefaz.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';
interface Pagamento {
  chave: number;
  tPag: string;
  valor: string;
  vencimento: string | null;
}

let seq = 1;
const novaLinha = (): Linha => ({ chave: seq++, produtoId: null, quantidade: '1', valorUnitario: '0.00', valorDesconto: '' });
/** A typed amount ('1,5' or '1.5'; '' is zero) as a decimal, never a float; null when it is not a number. */
const dec = (s: string): Decimal | null => {
  try {
    return new Decimal(decimalDigitado(s) || 0);
  } catch {
    return null;
  }
};
/** A typed amount as the API takes it (fixed places); what is not a number goes as typed, for the API to refuse by name. */
const fixo = (s: string, casas: number) => dec(s)?.toFixed(casas) ?? s;
const paraDecimal = (s: string, casas: number) => dec(s)?.toFixed(casas).replace(/\.?0+$/, (m) => (casas === 2 ? m : '')) ?? s;

/**
 * pages/nfe/emitir-nfe (and the draft's editing): header, items from products, transport, payments and additional
 * information; save the draft, preview the DANFE, validate against the official XSD and transmit. A rejection shows
 * SEFAZ's code with the help text and what to fix; the draft stays.
 */
export default function EmitirNfePage() {
  const { id: idRota } = useParams();
  const navigate = useNavigate();
  // Opened from Vendas > Nota fiscal (cadastrar?pedido=N: prefilled from a faturado order) or from the NF-e menu.
  const vendas = useLocation().pathname.startsWith('/pages/vendas/');
  const pedidoRota = Number(useSearchParams()[0].get('pedido')) || null;
  const [pedidoId, setPedidoId] = useState<number | null>(null);
  // ?entrada=1 (from pages/nfe/entrada): an NF-e of entry, tpNF 0 — only the naturezas of entry are offered.
  const entrada = useSearchParams()[0].get('entrada') === '1';
  const [id, setId] = useState<number | null>(idRota ? Number(idRota) : null);
  const [carregando, setCarregando] = useState(!!idRota || !!pedidoRota);
  const [naturezas, setNaturezas] = useState<{ value: number; label: string; importacao: boolean; entrada: boolean }[]>([]);
  // Own import: the foreign supplier's country (BACEN) and identification; the total comes from the server's validation.
  const [exterior, setExterior] = useState<{ codigoPais: string | null; idEstrangeiro: string }>({ codigoPais: null, idEstrangeiro: '' });
  const [totalServidor, setTotalServidor] = useState<string | null>(null);
  const [naturezaId, setNaturezaId] = useState<number | null>(null);
  const [cliente, setCliente] = useState<Opcao | null>(null);
  const [finalidade, setFinalidade] = useState<number | undefined>(undefined);
  const [referencias, setReferencias] = useState('');
  // The lines live in a store (LinhasNota): each row, the totals and the payments subscribe to what they show.
  const [store] = useState(() => {
    const s = new LinhasNota();
    s.definir([novaLinha()]);
    return s;
  });
  const [modalidade, setModalidade] = useState(9);
  const [transportador, setTransportador] = useState<Opcao | null>(null);
  const [volumes, setVolumes] = useState({ quantidade: '', especie: '', pesoLiquido: '', pesoBruto: '' });
  const [pagamentos, setPagamentos] = useState<Pagamento[]>([{ chave: seq++, tPag: '01', valor: '', vencimento: null }]);
  const [info, setInfo] = useState('');
  const [ocupado, setOcupado] = useState<string | null>(null);
  const [erros, setErros] = useState<{ campo?: string; mensagem: string }[]>([]);
  const [rejeicao, setRejeicao] = useState<Rejeicao | null>(null);
  const [status, setStatus] = useState<string>('rascunho');
  const [validacao, setValidacao] = useState<{ valido: boolean; erros: { caminho: string; mensagem: string }[] } | null>(null);
  // Live taxes: the rules of the note (POST NotasFiscais/contexto-tributacao), products cached one by one; every
  // line runs tributarLinha, the server's own function, and a keystroke recomputes only its line.

  useEffect(() => {
    void (async () => {
      const r = await api.get<{ id: number; descricao: string; tipo: number; cfopExterior: string | null }[]>(listPath('NaturezasOperacao', { where: { ativo: true, ...(entrada ? { tipo: 0 } : {}) }, order: 'descricao ASC', limit: 200 }));
      // An entry natureza whose CFOP abroad is 3xxx issues the own import (foreign supplier, DI, II).
      setNaturezas(r.data.map((n) => ({ value: n.id, label: n.descricao, importacao: Number(n.tipo) === 0 && /^3/.test(n.cfopExterior ?? ''), entrada: Number(n.tipo) === 0 })));
      if (!idRota) {
        const c = await api.get<{ naturezaPadraoId: number | null }>('ConfiguracoesNfe').catch(() => null);
        if (c?.data.naturezaPadraoId) setNaturezaId((v) => v ?? c.data.naturezaPadraoId);
      }
    })();
  }, [idRota]);

  useEffect(() => {
    if (!idRota && !pedidoRota) return;
    void (async () => {
      try {
        let n: { status: string; dados: DadosNotaFiscal; destinatarioNome: string; rejeicao: Rejeicao | null };
        if (idRota) n = (await api.get<typeof n>(`NotasFiscais/${idRota}`)).data;
        else {
          const dados = (await api.get<DadosNotaFiscal>(`PedidosVenda/${pedidoRota}/nota-fiscal`)).data;
          const cli = (await api.get<{ nome: string }>(`Clientes/${dados.clienteId}`).catch(() => null))?.data;
          n = { status: 'rascunho', dados, destinatarioNome: cli?.nome ?? String(dados.clienteId), rejeicao: null };
        }
        const d = n.dados;
        setPedidoId(d.pedidoId ?? null);
        setStatus(n.status);
        setRejeicao(n.rejeicao);
        setNaturezaId(d.naturezaId);
        setCliente({ value: d.clienteId, label: n.destinatarioNome });
        setFinalidade(d.finalidade);
        setReferencias((d.referencias ?? []).join('\n'));
        const ps = await api.get<{ id: number; descricao: string }[]>(listPath('Produtos', { where: { id: { inq: d.itens.map((i) => i.produtoId) } }, limit: 1000 }));
        const nomes = new Map(ps.data.map((p) => [p.id, p.descricao]));
        store.definir(d.itens.map((i) => ({ chave: seq++, produtoId: i.produtoId, descricao: nomes.get(i.produtoId), quantidade: i.quantidade, valorUnitario: i.valorUnitario, valorDesconto: i.valorDesconto ?? '', valorFrete: i.valorFrete, valorOutros: i.valorOutros, ...(i.importacao ? { importacao: daApi(i.importacao) } : {}), ajustes: i.ajustes ?? undefined })));
        if (d.importacao) {
          setExterior({ codigoPais: d.importacao.codigoPais, idEstrangeiro: d.importacao.idEstrangeiro ?? '' });
          // the draft's total as the server built it (taxes of the import from the rules)
          if ((n as { total?: string }).total) setTotalServidor((n as { total?: string }).total!);
        }
        setModalidade(d.transporte?.modalidade ?? 9);
        const v = d.transporte?.volumes?.[0];
        if (v) setVolumes({ quantidade: v.quantidade == null ? '' : String(v.quantidade), especie: v.especie ?? '', pesoLiquido: v.pesoLiquido ?? '', pesoBruto: v.pesoBruto ?? '' });
        if (d.transporte?.transportadorId) setTransportador({ value: d.transporte.transportadorId, label: `Transportador ${d.transporte.transportadorId}` });
        setPagamentos(d.pagamentos.map((p) => ({ chave: seq++, tPag: p.tPag, valor: p.valor, vencimento: p.vencimento ?? null })));
        setInfo(d.informacoesAdicionais ?? '');
      } catch (e) {
        showError(e);
      } finally {
        setCarregando(false);
      }
    })();
  }, [idRota, pedidoRota]);

  const importacao = naturezas.find((n) => n.value === naturezaId)?.importacao ?? false;
  const clienteId = cliente?.value ?? null;
  // The header's rules once per natureza/destinatário; then only the products not cached yet.
  const cabecalho = `${naturezaId ?? ''}|${clienteId ?? ''}|${importacao}`;
  const cabecalhoRef = useRef('');
  const produtosDasLinhas = useSyncExternalStore(store.ouvir, store.produtos);
  const idsFaltando = useMemo(() => {
    const ids = produtosDasLinhas ? produtosDasLinhas.split(',').map(Number) : [];
    const base = store.baseAtual();
    return base && cabecalhoRef.current === cabecalho ? ids.filter((i) => !base.produtos.has(i)) : ids;
  }, [produtosDasLinhas, store, cabecalho]);
  const chaveFaltando = idsFaltando.join(',');
  useEffect(() => {
    if (!naturezaId || !clienteId) return;
    const novoCabecalho = cabecalhoRef.current !== cabecalho;
    if (!novoCabecalho && !idsFaltando.length) return;
    let vivo = true;
    void api
      .post<ContextoTributacao>('NotasFiscais/contexto-tributacao', { naturezaId, clienteId, produtoIds: idsFaltando, ...(importacao ? { importacao } : {}) })
      .then((r) => {
        if (!vivo) return;
        const { produtos, regras, ...cab } = r.data;
        const anterior = novoCabecalho ? null : store.baseAtual();
        const mapa = new Map(anterior?.produtos);
        for (const p of produtos) mapa.set(p.id, p);
        const junta = <T extends { id: number }>(a: T[], b: T[]) => [...new Map([...a, ...b].map((x) => [x.id, x])).values()];
        // IBS/CBS: the classifications and cClassTrib of the perfis asked before stay with the new ones.
        const ibsAntes = anterior?.cabecalho.ibsCbs;
        const ibsCbs =
          cab.ibsCbs && ibsAntes
            ? {
                ...cab.ibsCbs,
                classificacoes: { ...ibsAntes.classificacoes, ...cab.ibsCbs.classificacoes },
                tabelas: { ...cab.ibsCbs.tabelas, cClassTrib: [...new Map([...ibsAntes.tabelas.cClassTrib, ...cab.ibsCbs.tabelas.cClassTrib].map((c) => [c.value, c])).values()] },
              }
            : cab.ibsCbs;
        const nova: BaseTributaria = {
          cabecalho: { ...cab, ...(ibsCbs ? { ibsCbs } : {}) },
          produtos: mapa,
          regras: anterior ? { estaduais: junta(anterior.regras.estaduais, regras.estaduais), federais: junta(anterior.regras.federais, regras.federais) } : regras,
        };
        cabecalhoRef.current = cabecalho;
        store.definirBase(nova);
      })
      .catch(() => {
        // without the rules the screen shows no taxes; the server still computes them on save
      });
    return () => {
      vivo = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [cabecalho, chaveFaltando]);


  // Every line of an import carries its DI editor's state from the start (stable keys while typing).
  useEffect(() => {
    if (importacao && store.todas().some((l) => !l.importacao)) store.definir(store.todas().map((l) => (l.importacao ? l : { ...l, importacao: novaImportacao() })));
  }, [importacao, produtosDasLinhas, store]);

  const dados = useCallback((): DadosNotaFiscal => {
    const refs = referencias.split(/\s+/).map((r) => r.replace(/\D/g, '')).filter(Boolean);
    const temVolume = volumes.quantidade || volumes.especie || volumes.pesoLiquido || volumes.pesoBruto;
    return {
      naturezaId: naturezaId as number,
      ...(pedidoId ? { pedidoId } : {}),
      clienteId: cliente?.value as number,
      ...(finalidade ? { finalidade: finalidade as 1 } : {}),
      ...(refs.length ? { referencias: refs } : {}),
      itens: store.todas().filter((l) => l.produtoId).map((l) => ({
        produtoId: l.produtoId!,
        quantidade: paraDecimal(l.quantidade, 4),
        valorUnitario: fixo(l.valorUnitario, 2),
        ...(l.valorDesconto && !dec(l.valorDesconto)?.isZero() ? { valorDesconto: fixo(l.valorDesconto, 2) } : {}),
        ...(l.valorFrete ? { valorFrete: l.valorFrete } : {}),
        ...(l.valorOutros ? { valorOutros: l.valorOutros } : {}),
        ...(importacao ? { importacao: paraApi(l.importacao ?? novaImportacao()) } : {}),
        ...(l.ajustes ? { ajustes: l.ajustes } : {}),
      })),
      ...(importacao ? { importacao: { codigoPais: exterior.codigoPais ?? '', ...(exterior.idEstrangeiro.trim() ? { idEstrangeiro: exterior.idEstrangeiro.trim() } : {}) } } : {}),
      transporte: {
        modalidade: modalidade as 9,
        ...(transportador ? { transportadorId: transportador.value } : {}),
        ...(temVolume ? { volumes: [{ ...(volumes.quantidade ? { quantidade: Number(volumes.quantidade) } : {}), ...(volumes.especie ? { especie: volumes.especie } : {}), ...(volumes.pesoLiquido ? { pesoLiquido: fixo(volumes.pesoLiquido, 3) } : {}), ...(volumes.pesoBruto ? { pesoBruto: fixo(volumes.pesoBruto, 3) } : {}) }] } : {}),
      },
      pagamentos: pagamentos.map((p) => ({ tPag: p.tPag, valor: fixo(p.valor || '0', 2), ...(p.vencimento ? { vencimento: p.vencimento } : {}) })),
      ...(info.trim() ? { informacoesAdicionais: info.trim() } : {}),
    };
  }, [naturezaId, pedidoId, cliente, finalidade, referencias, store, modalidade, transportador, volumes, pagamentos, info, importacao, exterior]);

  const salvar = useCallback(async (): Promise<number | null> => {
    setErros([]);
    const ajustesProibidos = errosDosAjustes(store);
    if (ajustesProibidos.length) {
      setErros(ajustesProibidos);
      return null;
    }
    try {
      const corpo = dados();
      const r = id ? await api.put<{ id: number }>(`NotasFiscais/${id}`, corpo) : await api.post<{ id: number }>('NotasFiscais', corpo);
      if (!id) {
        setId(r.data.id);
        navigate(`${vendas ? '/pages/vendas/nota-fiscal' : '/pages/nfe/emitir-nfe'}/editar/${r.data.id}`, { replace: true });
      }
      return r.data.id;
    } catch (e) {
      const info = toApiError(e);
      setErros(info.details?.length ? info.details.map((d) => ({ campo: String(d.campo ?? ''), mensagem: `${d.campo ? `${d.campo}: ` : ''}${d.mensagem}` })) : [{ mensagem: info.message }]);
      showError(e);
      return null;
    }
  }, [dados, id, navigate, vendas, store]);

  const acao = (nome: string, fn: () => Promise<void>) => async () => {
    setOcupado(nome);
    try {
      await fn();
    } finally {
      setOcupado(null);
    }
  };

  const salvarRascunho = acao('salvar', async () => {
    if (await salvar()) toast('success', 'Rascunho salvo.');
  });
  const previa = acao('previa', async () => {
    const n = await salvar();
    if (n) openInNewTab(`/api/NotasFiscais/${n}/danfe`);
  });
  const validar = acao('validar', async () => {
    const n = await salvar();
    if (!n) return;
    try {
      const v = (await api.post<{ valido: boolean; erros: { caminho: string; mensagem: string }[] }>(`NotasFiscais/${n}/validar`)).data;
      setValidacao(v);
      setTotalServidor((v as { total?: string }).total ?? null);
      if (v.valido) toast('success', 'A nota está de acordo com o leiaute oficial (XSD).');
    } catch (e) {
      const info = toApiError(e);
      setErros(info.details?.length ? info.details.map((d) => ({ campo: String(d.campo ?? ''), mensagem: d.mensagem })) : [{ mensagem: info.message }]);
      showError(e);
    }
  });
  const transmitir = acao('transmitir', async () => {
    const n = await salvar();
    if (!n) return;
    setRejeicao(null);
    try {
      const r = (await api.post<{ autorizada: boolean; nota: { numero: number; serie: number; chave: string }; rejeicao?: Rejeicao }>(`NotasFiscais/${n}/transmitir`)).data;
      if (r.autorizada) {
        toast('success', `NF-e ${r.nota.numero} (série ${r.nota.serie}) autorizada.`);
        // An NF-e of entry goes back to its list (pages/nfe/entrada), the others to notas-processadas.
        navigate(vendas ? '/pages/vendas/nota-fiscal' : naturezas.find((x) => x.value === naturezaId)?.entrada ? '/pages/nfe/entrada' : '/pages/nfe/notas-processadas');
      } else {
        setStatus('rejeitada');
        setRejeicao(r.rejeicao ?? null);
      }
    } catch (e) {
      const info = toApiError(e);
      setErros(info.details?.length ? info.details.map((d) => ({ campo: String(d.campo ?? ''), mensagem: d.mensagem })) : [{ mensagem: info.message }]);
      showError(e);
    }
  });

  const editavel = status === 'rascunho' || status === 'rejeitada';

  if (carregando) return <Spin />;
  return (
    <div>
      <PageTitle>
        Emitir NF-e {pedidoId ? <Tag color="blue">Pedido de venda</Tag> : null} {id ? <Tag>{STATUS_NOTA[status as keyof typeof STATUS_NOTA] ?? status}</Tag> : null}
      </PageTitle>
      {rejeicao ? (
        <RejeicaoSefaz rejeicao={rejeicao} testId="rejeicao" style={{ marginBottom: 16 }} />
      ) : null}
      {erros.length ? (
        <Alert data-testid="erros-nota" type="warning" showIcon style={{ marginBottom: 16 }} title="Corrija antes de transmitir" description={<ul style={{ margin: 0 }}>{erros.map((e, i) => <li key={i}>{e.mensagem}</li>)}</ul>} />
      ) : null}
      {validacao && !validacao.valido ? (
        <Alert type="warning" showIcon style={{ marginBottom: 16 }} title="Erros do leiaute (XSD)" description={<ul style={{ margin: 0 }}>{validacao.erros.map((e, i) => <li key={i}>{e.caminho}: {e.mensagem}</li>)}</ul>} />
      ) : null}
      <Card title="Cabeçalho" size="small">
        <Row gutter={12}>
          <Col span={8}>
            <div>Natureza de operação</div>
            <Select
              aria-label="Natureza de operação"
              style={{ width: '100%' }}
              options={naturezas.map(({ value, label }) => ({ value, label }))}
              value={naturezaId ?? undefined}
              onChange={(v) => {
                setNaturezaId(v);
                // An import is paid through the DI (customs), not by the note: "sem pagamento".
                if (naturezas.find((n) => n.value === v)?.importacao) setPagamentos([{ chave: seq++, tPag: '90', valor: '0', vencimento: null }]);
              }}
              disabled={!editavel}
            />
          </Col>
          <Col span={10}>
            <div>{importacao ? 'Fornecedor estrangeiro' : 'Destinatário'}</div>
            <BuscaSelect key={importacao ? 'fornecedores' : 'clientes'} ariaLabel="Destinatário" endpoint={importacao ? 'Fornecedores' : 'Clientes'} campo="nome" rotulo={(c) => `${c.nome}${c.cpfCnpj ? ` (${c.cpfCnpj})` : ''}`} value={cliente?.value} inicial={cliente} onChange={(v, x) => setCliente(v ? { value: v, label: String(x?.nome ?? v) } : null)} style={{ width: '100%' }} />
          </Col>
          <Col span={6}>
            <div>Finalidade</div>
            <Select aria-label="Finalidade" allowClear style={{ width: '100%' }} placeholder="A da natureza" options={FINALIDADE_NFE.map((f) => ({ value: f.value, label: f.label }))} value={finalidade} onChange={setFinalidade} />
          </Col>
        </Row>
        {importacao ? (
          <Row gutter={12} style={{ marginTop: 8 }}>
            <Col span={8}>
              <div>País do fornecedor</div>
              <Select aria-label="País do fornecedor" showSearch optionFilterProp="label" style={{ width: '100%' }} placeholder="Tabela de países do BACEN" options={PAISES_EXTERIOR} value={exterior.codigoPais ?? undefined} onChange={(v) => setExterior((x) => ({ ...x, codigoPais: v }))} />
            </Col>
            <Col span={8}>
              <div>Identificação do estrangeiro</div>
              <Input aria-label="Identificação do estrangeiro" placeholder="Documento do fornecedor no país dele" maxLength={20} value={exterior.idEstrangeiro} onChange={(e) => setExterior((x) => ({ ...x, idEstrangeiro: e.target.value }))} />
            </Col>
          </Row>
        ) : null}
        {finalidade && finalidade !== 1 ? (
          <div style={{ marginTop: 8 }}>
            <div>Chaves referenciadas (uma por linha)</div>
            <Input.TextArea aria-label="Chaves referenciadas" rows={2} value={referencias} onChange={(e) => setReferencias(e.target.value)} />
          </div>
        ) : null}
      </Card>
      <Card title="Itens" size="small" style={{ marginTop: 12 }} extra={<Button onClick={() => store.definir([...store.todas(), novaLinha()])}>Adicionar item</Button>}>
        <ItensNfe store={store} editavel={editavel} importacao={importacao} />
        {importacao ? (
          <div style={{ textAlign: 'right', marginTop: 8 }}>
            Total da nota (valor aduaneiro, II, IPI, PIS, COFINS, despesas, IOF e ICMS por dentro): <b data-testid="total-nota">{totalServidor ? formatBRL(totalServidor) : 'calculado ao validar'}</b>
          </div>
        ) : (
          <Totais store={store} />
        )}
      </Card>
      <Row gutter={12} style={{ marginTop: 12 }}>
        <Col span={12}>
          <Card title="Transporte" size="small">
            <div>Modalidade do frete</div>
            <Select aria-label="Modalidade do frete" style={{ width: '100%' }} options={MODALIDADE_FRETE.map((m) => ({ value: m.value, label: m.label }))} value={modalidade} onChange={setModalidade} />
            {modalidade !== 9 ? (
              <>
                <div style={{ marginTop: 8 }}>Transportador</div>
                <BuscaSelect ariaLabel="Transportador" endpoint="Transportadores" campo="nome" rotulo={(t) => t.nome} value={transportador?.value} inicial={transportador} onChange={(v, x) => setTransportador(v ? { value: v, label: String(x?.nome ?? v) } : null)} style={{ width: '100%' }} />
                <Space style={{ marginTop: 8 }} wrap>
                  <InputNumber aria-label="Quantidade de volumes" placeholder="Volumes" min={0} value={volumes.quantidade ? Number(volumes.quantidade) : null} onChange={(v) => setVolumes((x) => ({ ...x, quantidade: v == null ? '' : String(v) }))} />
                  <Input aria-label="Espécie" placeholder="Espécie" value={volumes.especie} onChange={(e) => setVolumes((x) => ({ ...x, especie: e.target.value }))} />
                  <Input aria-label="Peso líquido" placeholder="Peso líquido (kg)" value={volumes.pesoLiquido} onChange={(e) => setVolumes((x) => ({ ...x, pesoLiquido: e.target.value }))} />
                  <Input aria-label="Peso bruto" placeholder="Peso bruto (kg)" value={volumes.pesoBruto} onChange={(e) => setVolumes((x) => ({ ...x, pesoBruto: e.target.value }))} />
                </Space>
              </>
            ) : null}
          </Card>
        </Col>
        <Col span={12}>
          <Pagamentos store={store} pagamentos={pagamentos} setPagamentos={setPagamentos} />
        </Col>
      </Row>
      <Card title="Informações adicionais" size="small" style={{ marginTop: 12 }}>
        <Input.TextArea aria-label="Informações adicionais" rows={3} maxLength={2000} value={info} onChange={(e) => setInfo(e.target.value)} />
      </Card>
      <Space style={{ marginTop: 16 }}>
        <Button onClick={salvarRascunho} loading={ocupado === 'salvar'} disabled={!editavel || !!ocupado}>
          Salvar rascunho
        </Button>
        <Button onClick={previa} loading={ocupado === 'previa'} disabled={!editavel || !!ocupado}>
          Prévia do DANFE
        </Button>
        <Button onClick={validar} loading={ocupado === 'validar'} disabled={!editavel || !!ocupado}>
          Validar
        </Button>
        <Button type="primary" onClick={transmitir} loading={ocupado === 'transmitir'} disabled={!editavel || !!ocupado}>
          Transmitir
        </Button>
      </Space>
    </div>
  );
}

/** The note's totals, drawn again on every keystroke in a line (the page itself is not). */
const Totais = memo(function Totais({ store }: { store: LinhasNota }) {
  const totais = useTotais(store);
  return (
    <div style={{ textAlign: 'right', marginTop: 8 }}>
      <Space size="large" wrap style={{ justifyContent: 'flex-end' }}>
        <span>Produtos: <b data-testid="total-produtos">{formatBRL(totais.produtos.toFixed(2))}</b></span>
        <span>ICMS: <b data-testid="total-icms">{formatBRL(totais.icms.toFixed(2))}</b></span>
        <span>ICMS-ST: <b data-testid="total-st">{formatBRL(totais.st.toFixed(2))}</b></span>
        <span>IPI: <b data-testid="total-ipi">{formatBRL(totais.ipi.toFixed(2))}</b></span>
        <span>DIFAL: <b data-testid="total-difal">{formatBRL(totais.difal.toFixed(2))}</b></span>
        {totais.ibsCbs ? (
          <>
            <span>IBS: <b data-testid="total-ibs">{formatBRL(totais.ibsCbs.ibs.toFixed(2))}</b></span>
            <span>CBS: <b data-testid="total-cbs">{formatBRL(totais.ibsCbs.cbs.toFixed(2))}</b></span>
          </>
        ) : null}
        <span>Total da nota: <b data-testid="total-nota">{formatBRL(totais.nota.toFixed(2))}</b></span>
      </Space>
    </div>
  );
});

/** Payments: they follow the note's total (vNF as the lines' taxes make it) without re-rendering the page. */
const Pagamentos = memo(function Pagamentos({ store, pagamentos, setPagamentos }: { store: LinhasNota; pagamentos: Pagamento[]; setPagamentos: React.Dispatch<React.SetStateAction<Pagamento[]>> }) {
  const total = new Decimal(useTotais(store).nota.toFixed(2));
  const pago = useMemo(() => pagamentos.reduce((s, p) => s.plus(dec(p.valor || '0') ?? 0), new Decimal(0)), [pagamentos]);
  const setPag = (chave: number, p: Partial<Pagamento>) => setPagamentos((ps) => ps.map((x) => (x.chave === chave ? { ...x, ...p } : x)));
  return (
    <Card title="Pagamentos" size="small" extra={<Button onClick={() => setPagamentos((p) => [...p, { chave: seq++, tPag: '15', valor: '', vencimento: null }])}>Adicionar pagamento</Button>}>
      {pagamentos.map((p, i) => (
        <Space key={p.chave} style={{ marginBottom: 6 }} wrap>
          <Select aria-label={`Forma de pagamento ${i + 1}`} style={{ width: 200 }} options={NFE_FORMA_PAGAMENTO.map((f) => ({ value: f.value, label: f.label }))} value={p.tPag} onChange={(v) => setPag(p.chave, { tPag: v })} />
          <Input aria-label={`Valor do pagamento ${i + 1}`} placeholder={total.toFixed(2)} value={p.valor} onChange={(e) => setPag(p.chave, { valor: e.target.value })} style={{ width: 110 }} />
          <DatePicker aria-label={`Vencimento do pagamento ${i + 1}`} format="DD/MM/YYYY" value={p.vencimento ? dayjs(p.vencimento) : null} onChange={(d) => setPag(p.chave, { vencimento: d ? d.format('YYYY-MM-DD') : null })} />
          {pagamentos.length > 1 ? <Button type="link" danger onClick={() => setPagamentos((ps) => ps.filter((x) => x.chave !== p.chave))}>Remover</Button> : null}
        </Space>
      ))}
      <Descriptions size="small" column={2}>
        <Descriptions.Item label="Pago">{formatBRL(pago)}</Descriptions.Item>
        <Descriptions.Item label="Falta">{formatBRL(Decimal.max(0, total.minus(pago)))}</Descriptions.Item>
      </Descriptions>
      {pagamentos.length === 1 && !pagamentos[0].valor ? (
        <Button size="small" onClick={() => setPag(pagamentos[0].chave, { valor: total.toFixed(2) })}>
          Usar o total
        </Button>
      ) : null}
    </Card>
  );
});
