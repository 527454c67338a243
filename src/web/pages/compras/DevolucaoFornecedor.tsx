import { RollbackOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatQuantity } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { useEnvio } from '../../api/envio.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { RowsTable } from '../../ui/ListTable.tsx';

type Row = Record<string, any>;
const qtd = formatQuantity;

/**
 * "Devolver ao fornecedor" on a posted purchase entry: the lines with what may still go back, the quantities to
 * return, and the return NF-e (finalidade 4, the entry's key referenced) issued through the NF-e service; the stock
 * leaves only when SEFAZ authorises it, and a rejection is shown with SEFAZ's reason.
 */
export function DevolucaoFornecedorButton({ entrada }: { entrada: Row }) {
  const navigate = useNavigate();
  const [aberto, setAberto] = useState(false);
  const [linhas, setLinhas] = useState<Row[]>([]);
  const [qtds, setQtds] = useState<Record<number, string>>({});
  const { erro, setErro, enviando, enviar } = useEnvio();
  const abrir = async () => {
    try {
      const r = await api.get<{ linhas: Row[] }>(`EntradasNota/${entrada.id}/devolucoes`);
      setLinhas(r.data.linhas);
      setQtds({});
      setErro(null);
      setAberto(true);
    } catch (e) {
      showError(e);
    }
  };
  const emitir = async () => {
    const itens = Object.entries(qtds).filter(([, v]) => v.trim() && Number(v.replace(',', '.')) > 0).map(([linha, v]) => ({ linha: Number(linha), quantidade: v.replace(',', '.') }));
    if (!itens.length) return setErro('Informe a quantidade a devolver de ao menos uma linha.');
    return enviar(async () => {
      const r = await api.post<{ nota: Row }>(`EntradasNota/${entrada.id}/devolver-nfe`, { itens });
      toast('success', `NF-e de devolução nº ${r.data.nota.numero} autorizada; a mercadoria saiu do estoque.`);
      setAberto(false);
      navigate('/pages/nfe/notas-processadas');
    });
  };
  return (
    <>
      <Button icon={<RollbackOutlined />} onClick={() => void abrir()}>
        Devolver ao fornecedor
      </Button>
      <Modal open={aberto} title={`Devolução ao fornecedor: entrada nº ${entrada.numero}`} okText="Emitir NF-e de devolução" cancelText="Cancelar" onOk={() => void emitir()} confirmLoading={enviando} onCancel={() => setAberto(false)} width={760} destroyOnHidden>
        <Typography.Paragraph type="secondary">A NF-e de devolução (finalidade 4) referencia a chave da nota do fornecedor; o estoque só sai quando a SEFAZ autoriza.</Typography.Paragraph>
        {erro ? <Alert type="error" showIcon message={erro} style={{ marginBottom: 12 }} data-testid="erro-devolucao" /> : null}
        <RowsTable<Row>
          rowKey="linha"
          dataSource={linhas}
          columns={[
            { title: 'Linha', dataIndex: 'linha' },
            { title: 'Produto', dataIndex: 'descricao' },
            { title: 'Entrou', dataIndex: 'entrou', render: qtd },
            { title: 'Já devolvido', dataIndex: 'devolvido', render: qtd },
            { title: 'Pode devolver', dataIndex: 'disponivel', render: qtd },
            { title: 'Devolver', render: (_, l) => <Input aria-label={`Quantidade a devolver da linha ${l.linha}`} style={{ width: 100 }} value={qtds[l.linha] ?? ''} onChange={(e) => setQtds((s) => ({ ...s, [l.linha]: e.target.value }))} /> },
          ]}
        />
      </Modal>
    </>
  );
}
