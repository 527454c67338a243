import { BarcodeOutlined } from '@ant-design/icons';
import { Input } from 'antd';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { showError } from '../../dialogs/dialogs.tsx';
import { newItem, toTyped, type EditItem } from '../documentos/ItemsTable.tsx';
import { rememberName } from '../documentos/related-names.ts';

interface Lida {
  produtoId: number;
  descricao: string;
  quantidade: string;
  precoUnitario: string;
}

/**
 * The sales order's scanner input for the scale's labels (EAN-13 with prefix 2): the server reads the label
 * with the branch's layout (the same reader as the PDV, src/shared/etiqueta-balanca.ts) and the line comes in
 * with the product of that PLU and the weight (or what the label's price buys).
 */
export function LeitorEtiquetaBalanca({ setItens }: { setItens: (fn: (prev: EditItem[]) => EditItem[]) => void }) {
  const [codigo, setCodigo] = useState('');
  const [lendo, setLendo] = useState(false);
  const ler = async () => {
    const c = codigo.trim();
    if (!c) return;
    setLendo(true);
    try {
      const r = await api.get<Lida>('EtiquetasBalanca/ler', { params: { codigo: c } });
      rememberName('produto', r.data.produtoId, r.data.descricao);
      const linha = newItem({ produtoId: r.data.produtoId, quantidade: toTyped(r.data.quantidade), precoUnitario: toTyped(r.data.precoUnitario) });
      // The empty line a new order starts with gives way to the first scanned one.
      setItens((prev) => [...prev.filter((it) => it.produtoId || it.servicoId || it.quantidade), linha]);
      setCodigo('');
    } catch (e) {
      showError(e);
    } finally {
      setLendo(false);
    }
  };
  return (
    <Input
      aria-label="Etiqueta da balança"
      prefix={<BarcodeOutlined />}
      placeholder="Etiqueta da balança: leia o código e tecle Enter"
      style={{ maxWidth: 420, marginBottom: 8 }}
      value={codigo}
      disabled={lendo}
      onChange={(e) => setCodigo(e.target.value)}
      onPressEnter={ler}
    />
  );
}
