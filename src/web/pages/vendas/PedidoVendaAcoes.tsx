import { Button, Form, Input, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { COR_STATUS_NOTA, STATUS_NOTA } from '../../../shared/fiscal/nota-fiscal.ts';
import { api, openInNewTab } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { useSocketEvent } from '../../api/realtime.ts';
import { showError, textInputDialog, toast } from '../../dialogs/dialogs.tsx';
import type { DocumentExtrasProps } from '../documentos/document-extras.ts';

type Row = Record<string, unknown>;

/** Quick create of a cliente from the order: name, CPF/CNPJ, e-mail and phone; the order gets the new id. */
function NovoCliente({ onCreated }: { onCreated: (id: number) => void }) {
  const [open, setOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm();
  const salvar = async () => {
    const v = await form.validateFields();
    setSaving(true);
    try {
      const body = Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined && x !== ''));
      const r = await api.post<Row>('Clientes', body);
      toast('success', `Cliente ${String(r.data.nome)} cadastrado.`);
      onCreated(r.data.id as number);
      setOpen(false);
      form.resetFields();
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <>
      <Button onClick={() => setOpen(true)}>Novo cliente</Button>
      <Modal title="Novo cliente" open={open} onOk={salvar} okText="Salvar" cancelText="Cancelar" confirmLoading={saving} onCancel={() => setOpen(false)} destroyOnHidden>
        <Form form={form} layout="vertical">
          <Form.Item name="nome" label="Nome" rules={[{ required: true, message: 'Informe o nome!' }, { min: 2, message: 'Mínimo 2 caracteres!' }]}>
            <Input autoFocus aria-label="Nome do novo cliente" />
          </Form.Item>
          <Form.Item name="cpfCnpj" label="CPF/CNPJ">
            <Input inputMode="numeric" />
          </Form.Item>
          <Form.Item name="email" label="E-mail">
            <Input type="email" />
          </Form.Item>
          <Form.Item name="telefone" label="Telefone">
            <Input inputMode="tel" />
          </Form.Item>
        </Form>
      </Modal>
    </>
  );
}


/** The order's latest NF-e (kept fresh by the realtime socket 'pedido-nfe'); `pedidoId` null: none asked. */
function useNotaDoPedido(pedidoId: number | null) {
  const notas = useList<{ id: number; numero: number | null; status: string }>(pedidoId ? 'NotasFiscais' : null, { where: { pedidoId, status: { inq: ['transmitindo', 'autorizada', 'contingencia', 'cancelada'] } }, order: 'id DESC', limit: 1 }, { shouldRetryOnError: false });
  useSocketEvent<{ pedidoId: number }>('pedido-nfe', (p) => {
    if (pedidoId && p.pedidoId === pedidoId) void notas.mutate();
  });
  return notas.data?.[0];
}

/** A note in these states is the order's: "Emitir NF-e" would issue a second one for the same sale. */
const NOTA_EM_CURSO = ['transmitindo', 'contingencia', 'autorizada'];

/**
 * The NF-e of a faturado order and its state: 'Transmitindo' while SEFAZ has not answered (faturar answered first),
 * then what SEFAZ said, told by the realtime socket ('pedido-nfe') without a reload.
 */
function NfeDoPedido({ n }: { n: { numero: number | null; status: string } | undefined }) {
  if (!n) return null;
  return (
    <Tag color={COR_STATUS_NOTA[n.status as keyof typeof COR_STATUS_NOTA]} data-testid="nfe-do-pedido">
      NF-e {n.numero ?? ''}: {STATUS_NOTA[n.status as keyof typeof STATUS_NOTA] ?? n.status}
    </Tag>
  );
}

/** The sales order's own buttons: quick cliente while typing; print, e-mail and copy once saved. */
export default function PedidoVendaAcoes({ id, data, editable, setPatch }: DocumentExtrasProps) {
  const navigate = useNavigate();
  const nota = useNotaDoPedido(id && data?.estado === 'faturado' ? Number(id) : null);
  const imprimir = async () => {
    try {
      const r = await api.get<Blob>(`PedidosVenda/${id}/pdf`, { responseType: 'blob' });
      window.open(URL.createObjectURL(r.data), '_blank');
    } catch (err) {
      showError(err);
    }
  };
  const email = async () => {
    const para = await textInputDialog({ title: 'Enviar pedido por e-mail', label: 'E-mail do destinatário', initial: '', min: 5, max: 120 });
    if (para === null) return;
    try {
      const r = await api.post<{ para: string }>(`PedidosVenda/${id}/email`, { para });
      toast('success', `Pedido enviado para ${r.data.para}.`);
    } catch (err) {
      showError(err);
    }
  };
  const copiar = async () => {
    try {
      const r = await api.post<Row>(`PedidosVenda/${id}/copiar`);
      toast('success', `Pedido ${String(r.data.numero)} criado a partir do pedido ${String(data?.numero ?? '')}.`);
      navigate(`/pages/vendas/pedido-vendas/editar/${String(r.data.id)}`);
    } catch (err) {
      showError(err);
    }
  };
  return (
    <>
      {editable ? <NovoCliente onCreated={(clienteId) => setPatch({ clienteId })} /> : null}
      {id ? (
        <>
          <Button onClick={imprimir}>Imprimir</Button>
          <Button onClick={email}>Enviar por e-mail</Button>
          <Button onClick={copiar}>Copiar</Button>
          {data?.estado === 'faturado' ? <NfeDoPedido n={nota} /> : null}
          {data?.estado === 'faturado' && data?.nfeNumero ? (
            <Button onClick={() => openInNewTab(`/api/NotasFiscais/${String(data.nfeId)}/danfe`)}>DANFE da NF-e {String(data.nfeNumero)}</Button>
          ) : null}
          {data?.estado === 'faturado' && !data?.nfeNumero && !(nota && NOTA_EM_CURSO.includes(nota.status)) ? <Button onClick={() => navigate(`/pages/vendas/nota-fiscal/cadastrar?pedido=${id}`)}>Emitir NF-e</Button> : null}
        </>
      ) : null}
    </>
  );
}
