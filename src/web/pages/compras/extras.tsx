import { DownloadOutlined, ImportOutlined, MailOutlined, PrinterOutlined } from '@ant-design/icons';
import { Button, Input } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { confirmDialog, showError, toast } from '../../dialogs/dialogs.tsx';
import { DevolucaoFornecedorButton } from './DevolucaoFornecedor.tsx';

type Row = Record<string, any>;

async function abrirArquivo(url: string, nome: string, tipo: string): Promise<void> {
  try {
    const r = await api.get<Blob>(url, { responseType: 'blob' });
    const href = URL.createObjectURL(new Blob([r.data], { type: tipo }));
    if (tipo === 'application/pdf') window.open(href, '_blank');
    else {
      const a = document.createElement('a');
      a.href = href;
      a.download = nome;
      a.click();
    }
    setTimeout(() => URL.revokeObjectURL(href), 60_000);
  } catch (err) {
    showError(err);
  }
}

function ImportarXmlButton() {
  const navigate = useNavigate();
  return (
    <Button icon={<ImportOutlined />} onClick={() => navigate('/pages/compras/entrada-nota-fiscal/importar-xml')}>
      Importar XML
    </Button>
  );
}

async function enviarPedido(data: Row): Promise<void> {
  let email = '';
  const ok = await confirmDialog({
    title: `Enviar o pedido nº ${data.numero} por e-mail?`,
    content: <Input aria-label="E-mail do fornecedor" placeholder="E-mail do fornecedor (vazio: o do cadastro)" onChange={(e) => (email = e.target.value)} />,
    okText: 'Enviar',
  });
  if (!ok) return;
  try {
    const r = await api.post<Row>(`PedidosCompra/${data.id}/enviar`, email.trim() ? { email: email.trim() } : {});
    toast('success', `Pedido de compra ${data.numero} enviado para ${r.data.para}.`);
  } catch (err) {
    showError(err);
  }
}

/** Buttons beside "Cadastrar" on a document list, by document type. */
export const DOCUMENT_LIST_ACTIONS: Record<string, () => ReactNode> = {
  entradaNota: () => <ImportarXmlButton />,
};

/** Buttons beside the transitions of an opened document, by document type. */
export const DOCUMENT_FORM_ACTIONS: Record<string, (data: Row) => ReactNode> = {
  pedidoCompra: (data) => (
    <>
      <Button icon={<PrinterOutlined />} onClick={() => void abrirArquivo(`PedidosCompra/${data.id}/pdf`, `pedido-compra-${data.numero}.pdf`, 'application/pdf')}>
        Imprimir
      </Button>
      {data.estado !== 'cancelado' ? (
        <Button icon={<MailOutlined />} onClick={() => void enviarPedido(data)}>
          Enviar por e-mail
        </Button>
      ) : null}
    </>
  ),
  entradaNota: (data) => (
    <>
      {data.xmlArquivo ? (
        <Button icon={<DownloadOutlined />} onClick={() => void abrirArquivo(`EntradasNota/${data.id}/xml`, `${data.chaveAcesso}-nfe.xml`, 'application/xml')}>
          Baixar XML
        </Button>
      ) : null}
      {data.estado === 'efetivada' && data.chaveAcesso ? <DevolucaoFornecedorButton entrada={data} /> : null}
    </>
  ),
};
