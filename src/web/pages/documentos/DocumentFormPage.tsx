import { Button, Card, Descriptions, Space, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, type ComponentType, type LazyExoticComponent, type ReactNode } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { mutate } from 'swr';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { useRecord } from '../../api/hooks.ts';
import { useSocketEvent } from '../../api/realtime.ts';
import { fieldMessages, toApiError } from '../../api/errors.ts';
import { confirmDialog, showError, toast } from '../../dialogs/dialogs.tsx';
import { SchemaForm } from '../../renderer/SchemaForm.tsx';
import { choicesEndpoint, headerAsResource, stateOf, type DocumentDoc } from './document-docs.ts';
import { ItemsTable, newItem, toTyped, type EditItem } from './ItemsTable.tsx';
import { loadNames, nameOf } from './related-names.ts';
import { totaisNaTela, typedDecimal, usePrecos, type TotaisMostrados } from './totais.ts';
import { TotaisDocumento } from './TotaisDocumento.tsx';
import { createPortal } from 'react-dom';
import type { DocumentExtrasProps } from './document-extras.ts';
import { DOCUMENT_FORM_ACTIONS } from '../compras/extras.tsx';
import { LeitorEtiquetaBalanca } from '../vendas/LeitorEtiquetaBalanca.tsx';

type Row = Record<string, unknown>;

/** A header value as read: money and dates the pt-BR way, switches as Sim/Não, lists (instalments) one per part. */
function mostrar(p: { format?: string; items?: unknown }, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (Array.isArray(v)) return v.map((x) => (x && typeof x === 'object' ? Object.entries(x as Row).map(([k, y]) => (k === 'numero' ? `${String(y)}ª` : /^\d{4}-\d{2}-\d{2}$/.test(String(y)) ? formatDate(String(y)) : k === 'valor' ? formatBRL(String(y)) : String(y))).join(' ') : String(x))).join('; ');
  if (typeof v === 'boolean') return v ? 'Sim' : 'Não';
  if (p.format === 'money') return formatBRL(String(v));
  if (p.format === 'date') return formatDate(String(v));
  return String(v);
}

/** Buttons a document type adds beside its transitions, loaded when its form opens. */
const DOCUMENT_EXTRAS: Record<string, LazyExoticComponent<ComponentType<DocumentExtrasProps>>> = {
  pedidoVenda: lazy(() => import('../vendas/PedidoVendaAcoes.tsx')),
  caixaPdv: lazy(() => import('../vendas/caixas/FecharCaixaAcoes.tsx')),
};
/** Transitions a type's extras offer in a form of their own (a caixa's closing takes the counted amounts). */
const TRANSITIONS_IN_EXTRAS: Record<string, string[]> = { caixaPdv: ['fechar'] };

export { typedDecimal };

/** Items as the API wants them: typed quantities back to decimal strings, empty cells left out. */
function itemsPayload(doc: DocumentDoc, itens: EditItem[]): Row[] {
  return itens.map(({ key: _k, linha: _l, ...it }) => {
    const out: Row = {};
    for (const [f, v] of Object.entries(it)) {
      if (v === undefined || v === null || v === '') continue;
      const p = doc.items.properties[f];
      if (p?.readOnly) continue;
      out[f] = (p?.format === 'quantity' || p?.format === 'money' || p?.format === 'percent') && typeof v === 'string' ? typedDecimal(v) : v;
    }
    return out;
  });
}

/** Documents whose lines and totals the screen prices as the person types (the server's own functions). */
const PRICED = new Set(['pedidoVenda']);

/** The totals a saved document holds (shown when it can no longer be edited). */
const totaisSalvos = (d: Row): TotaisMostrados => ({
  totalProdutos: String(d.totalProdutos ?? '0'),
  totalDesconto: String(d.totalDesconto ?? '0'),
  frete: String(d.frete ?? '0'),
  outrasDespesas: String(d.outrasDespesas ?? '0'),
  valorTotal: String(d.valorTotal ?? '0'),
  parcelas: (d.planoParcelas as TotaisMostrados['parcelas'] | null) ?? [],
});

/**
 * Whether faturar issues an NF-e, said on the order: the natureza de operação decides (its "Emite NF-e"); a
 * service order goes to the NFS-e.
 */
function useNfeAoFaturar(doc: DocumentDoc | null, cabecalho: Row): string | null {
  const id = cabecalho.naturezaId;
  const [natureza, setNatureza] = useState<{ id: number; descricao: string; emiteNfe: boolean } | null>(null);
  useEffect(() => {
    if (!doc || typeof id !== 'number') return setNatureza(null);
    let vivo = true;
    api
      .get<Row>(`${choicesEndpoint(doc, 'naturezaId')}/${id}`)
      .then((r) => vivo && setNatureza({ id, descricao: String(r.data.descricao ?? ''), emiteNfe: r.data.emiteNfe === true }))
      .catch(() => vivo && setNatureza(null));
    return () => {
      vivo = false;
    };
  }, [doc, id]);
  if (!doc) return null;
  if (cabecalho.servico === true) return 'Faturar: pedido de serviço, a nota é a NFS-e (Vendas > Notas de serviço).';
  if (typeof id !== 'number') return 'Faturar: sem natureza de operação, o pedido é faturado sem NF-e.';
  if (!natureza || natureza.id !== id) return null;
  return natureza.emiteNfe ? `Faturar emite a NF-e (a natureza de operação “${natureza.descricao}” emite nota).` : `Faturar não emite NF-e (a natureza de operação “${natureza.descricao}” não emite nota).`;
}

/**
 * pages/<module>/<document>/cadastrar | editar/:id: the header as an RJSF form (from the header schema),
 * the items in an antd table, the number and state, and the transitions as buttons.
 */
type DocumentFormProps = { doc: DocumentDoc; mode: 'cadastrar' | 'editar'; actions?: (data: Row) => ReactNode; initial?: Row };

/**
 * Every arrival on a document's form is a fresh form: a new one (each navigation to cadastrar) never shows the
 * previous order's header or lines, and moving from one record to another does not carry the first one's state.
 * (Leaving a new order by Salvar and coming back to cadastrar fast enough — before the editar screen was drawn —
 * used to reuse the same component and show the previous order's frete and due date.)
 */
export default function DocumentFormPage(props: DocumentFormProps) {
  const location = useLocation();
  const { id } = useParams();
  return <DocumentForm key={props.mode === 'cadastrar' ? `novo-${location.key}` : `editar-${id}`} {...props} />;
}

function DocumentForm({ doc, mode, actions = DOCUMENT_FORM_ACTIONS[doc.name], initial }: DocumentFormProps) {
  const { id } = useParams();
  const navigate = useNavigate();
  const header = useMemo(() => headerAsResource(doc), [doc]);
  const record = useRecord<Row>(doc.endpoint, mode === 'editar' ? id : null, { revalidateOnFocus: false, keepPreviousData: false });
  // A sales order's NF-e answered after faturar did (SEFAZ slower than the wait): the server tells by the socket.
  useSocketEvent<{ pedidoId: number; nota: { status: string; numero: number | null; rejeicao?: { cStat: string; xMotivo: string; ajuda?: { comoCorrigir?: string } } | null } }>('pedido-nfe', (p) => {
    if (doc.name !== 'pedidoVenda' || mode !== 'editar' || p.pedidoId !== Number(id)) return;
    if (p.nota.status === 'autorizada') toast('success', `NF-e ${p.nota.numero} autorizada.`);
    else if (p.nota.status === 'rejeitada' && p.nota.rejeicao) toast('error', `A SEFAZ rejeitou a NF-e: ${p.nota.rejeicao.cStat} - ${p.nota.rejeicao.xMotivo}. O faturamento foi estornado.`, p.nota.rejeicao.ajuda?.comoCorrigir);
    else if (p.nota.status === 'denegada' && p.nota.rejeicao) toast('error', `A SEFAZ denegou o uso da NF-e ${p.nota.numero ?? ''}: ${p.nota.rejeicao.cStat} - ${p.nota.rejeicao.xMotivo}. O faturamento foi estornado e o número foi consumido.`, p.nota.rejeicao.ajuda?.comoCorrigir);
    void mutate((key) => typeof key === 'string' && key.includes(`"${doc.endpoint}"`), undefined, { revalidate: true });
  });
  // The same for a service order's NFS-e (the Sefin Nacional slower than the wait, or the recovery settling it).
  useSocketEvent<{ pedidoId: number; nota: { situacao: string; numero: number | null; rejeicao?: { codigo: string; descricao: string }[] | null } }>('pedido-nfse', (p) => {
    if (doc.name !== 'pedidoVenda' || mode !== 'editar' || p.pedidoId !== Number(id)) return;
    if (p.nota.situacao === 'autorizada') toast('success', `NFS-e ${p.nota.numero} autorizada.`);
    else if (p.nota.situacao === 'rejeitada' && p.nota.rejeicao) toast('error', `NFS-e rejeitada pela Sefin Nacional: ${p.nota.rejeicao.map((e) => `${e.codigo} - ${e.descricao}`).join('; ')}. O faturamento foi estornado.`);
    void mutate((key) => typeof key === 'string' && key.includes(`"${doc.endpoint}"`), undefined, { revalidate: true });
  });
  const [itens, setItens] = useState<EditItem[] | null>(mode === 'cadastrar' ? [newItem()] : null);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const [patch, setPatch] = useState<Row>();
  const Extras = DOCUMENT_EXTRAS[doc.name];
  const [namesReady, setNamesReady] = useState(mode === 'cadastrar');
  const data = record.data;
  // A keystroke in a line changes only the items: the save callback reads them from a ref and the table gets a
  // stable setter, so neither the header form (RJSF, slow to render) nor the table's columns are rebuilt.
  const itensRef = useRef(itens);
  itensRef.current = itens;
  const setItensTabela = useCallback((fn: (prev: EditItem[]) => EditItem[]) => setItens((prev) => fn(prev ?? [])), []);

  useEffect(() => {
    if (!data) return;
    const rows = (data.itens as Row[]) ?? [];
    const typed = (k: string) => { const p = doc.items.properties[k]; return !p?.readOnly && (p?.format === 'quantity' || p?.format === 'money' || p?.format === 'percent'); };
    setItens(rows.map((r) => newItem(Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typed(k) ? toTyped(v) : v])))));
    const loads: Promise<void>[] = [];
    for (const s of [doc.items, doc.header]) {
      for (const [f, p] of Object.entries(s.properties)) {
        if (!p.resource) continue;
        const ids = (s === doc.items ? rows : [data]).map((r) => r[f]).filter((v): v is number => typeof v === 'number');
        loads.push(loadNames(p.resource, ids, p.choices ? choicesEndpoint(doc, f) : undefined));
      }
    }
    Promise.all(loads).finally(() => setNamesReady(true));
  }, [data, doc]);

  const estado = stateOf(doc, data?.estado);
  const editable = mode === 'cadastrar' || !!estado?.editable;
  // The header as it is being typed (the totals and the item columns follow it without re-rendering the form).
  const [cabecalho, setCabecalho] = useState<Row>(() => data ?? initial ?? {});
  useEffect(() => {
    if (data) setCabecalho(data);
  }, [data]);
  // The items go inside the header's form, after its fields and before its buttons (a slot the form keeps).
  const [slot, setSlot] = useState<HTMLDivElement | null>(null);
  const priced = PRICED.has(doc.name);
  const precos = usePrecos(priced && editable ? doc.endpoint : null, itens);
  const naTela = useMemo(() => (priced && editable ? totaisNaTela(itens ?? [], cabecalho, precos) : null), [priced, editable, itens, cabecalho, precos]);
  const nfe = useNfeAoFaturar(priced ? doc : null, cabecalho);

  const save = useCallback(
    async (payload: Row) => {
      setSaving(true);
      setServerErrors(undefined);
      try {
        const body = { ...payload, itens: itemsPayload(doc, itensRef.current ?? []) };
        const r = mode === 'editar' ? await api.put<Row>(`${doc.endpoint}/${id}`, body) : await api.post<Row>(doc.endpoint, body);
        toast('success', `${doc.singular} ${r.data.numero} salv${doc.genero === 'f' ? 'a' : 'o'} com sucesso.`);
        await mutate((key) => typeof key === 'string' && key.includes(`"${doc.endpoint}"`), undefined, { revalidate: true });
        if (mode === 'cadastrar') navigate(`/${doc.route}/editar/${r.data.id}`, { replace: true });
      } catch (err) {
        setServerErrors(fieldMessages(toApiError(err)));
        showError(err);
      } finally {
        setSaving(false);
      }
    },
    [doc, id, mode, navigate],
  );
  const voltar = useCallback(() => navigate(`/${doc.route}`), [doc, navigate]);
  const formKey = `${mode}-${id ?? 'novo'}-${data?.updatedAt ?? ''}`;
  const headerForm = useMemo(
    () => (
      <SchemaForm key={formKey} doc={header} initialData={data ?? initial ?? {}} patch={patch} serverErrors={serverErrors} saving={saving} onSubmit={save} onCancel={voltar} cancelText="Voltar" onDataChange={setCabecalho}>
        <div ref={setSlot} />
      </SchemaForm>
    ),
    [formKey, header, data, initial, patch, serverErrors, saving, save, voltar],
  );

  const run = async (t: DocumentDoc['transitions'][number]) => {
    if (t.confirm && !(await confirmDialog({ title: `${t.label}?`, content: t.confirm, danger: t.danger }))) return;
    try {
      const r = await api.post<Row>(`${doc.endpoint}/${id}/${t.name}`);
      toast('success', `${doc.singular} ${data?.numero}: ${t.label.toLowerCase()} concluído.`);
      await mutate((key) => typeof key === 'string' && key.includes(`"${doc.endpoint}"`), undefined, { revalidate: true });
      // A transition that answers with another document (an order generated from a quote) opens it.
      if (typeof r.data?.id === 'number' && r.data.id !== Number(id)) navigate(`/${doc.route}/editar/${r.data.id}`);
    } catch (err) {
      showError(err);
    }
  };

  if (record.error) return <Typography.Text type="danger">{toApiError(record.error).message}</Typography.Text>;
  if (mode === 'editar' && (!data || !itens || !namesReady)) return <Spin />;
  const transitions = mode === 'editar' ? doc.transitions.filter((t) => (data?.transicoes as string[] | undefined)?.includes(t.name) && !TRANSITIONS_IN_EXTRAS[doc.name]?.includes(t.name)) : [];
  // 'Cancelar' on a document is its cancel transition: leaving the form is 'Voltar' (one meaning per screen).
  const itensCard = (
    <Card title="Itens" size="small" style={{ marginBottom: 16 }} data-testid="itens-documento">
      {doc.name === 'pedidoVenda' && editable ? <LeitorEtiquetaBalanca setItens={setItensTabela} /> : null}
      <ItemsTable doc={doc} itens={itens ?? []} setItens={setItensTabela} editable={editable} cabecalho={cabecalho} linhas={naTela?.linhas} />
    </Card>
  );
  const totais = naTela ?? (priced && data ? totaisSalvos(data) : null);
  return (
    // Enter in a field never saves the document (a date typed, a quantity): only the Salvar button does.
    <div onKeyDown={(e) => e.key === 'Enter' && (e.target as HTMLElement).tagName === 'INPUT' && e.preventDefault()}>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Space align="center">
          <Typography.Title level={3} style={{ margin: 0 }}>
            {mode === 'cadastrar' ? `Cadastrar ${doc.singular.toLowerCase()}` : `${doc.singular} nº ${data!.numero}`}
          </Typography.Title>
          {estado ? <Tag color={estado.color} data-testid="estado-documento">{estado.label}</Tag> : null}
        </Space>
        <Space>
          {mode === 'editar' && data && actions ? actions(data) : null}
          {transitions.map((t) => (
            <Button key={t.name} type={t.danger ? 'default' : 'primary'} danger={t.danger} title={t.description} onClick={() => run(t)}>
              {t.label}
            </Button>
          ))}
          {Extras ? (
            <Suspense fallback={null}>
              <Extras id={mode === 'editar' ? Number(id) : null} data={data} editable={editable} setPatch={setPatch} />
            </Suspense>
          ) : null}
          <Button onClick={() => navigate(`/${doc.route}`)}>Voltar</Button>
        </Space>
      </Space>
      {transitions.some((t) => t.description) ? (
        <ul className="transicoes-ajuda" aria-label="O que cada ação faz" style={{ margin: '0 0 12px', paddingLeft: 18, color: 'rgba(0,0,0,0.65)', fontSize: 13 }}>
          {transitions.filter((t) => t.description).map((t) => (
            <li key={t.name}>
              <strong>{t.label}</strong>: {t.description}
            </li>
          ))}
        </ul>
      ) : null}
      {editable ? (
        <>
          {headerForm}
          {slot ? createPortal(itensCard, slot) : null}
        </>
      ) : (
        <>
          <Descriptions bordered size="small" column={2} style={{ marginBottom: 16 }}>
            {Object.entries(doc.header.properties).filter(([, p]) => !p.apiOnly).map(([f, p]) => (
              <Descriptions.Item key={f} label={p.title}>
                {p.resource ? nameOf(p.resource, data?.[f]) : mostrar(p, data?.[f])}
              </Descriptions.Item>
            ))}
          </Descriptions>
          {itensCard}
        </>
      )}
      {totais ? <TotaisDocumento totais={totais} nfe={nfe} /> : null}
    </div>
  );
}
