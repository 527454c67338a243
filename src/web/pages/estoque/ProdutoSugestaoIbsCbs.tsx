import { Alert, Descriptions, Spin, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import type { ResultadoSugestao, SugestaoIbsCbs } from '../../../shared/fiscal/ibscbs-sugestao.ts';

interface Resposta extends ResultadoSugestao {
  data: string;
  atual: { perfil: string | null; cst: string | null; cClassTrib: string; cIndOp: string | null } | null;
  atualSugerida: boolean | null;
}

/**
 * The product's (or service's) IBS/CBS classification as the published tables scope it (GET
 * /api/Tributacao/sugestao-ibscbs): the suggested CST/cClassTrib (and cIndOp of a service), and whether the perfil
 * tributário's classification is among them. Advisory: the perfil is still validated when saved and when issuing.
 */
export default function ProdutoSugestaoIbsCbs({ id }: { id: number }) {
  const [r, setR] = useState<Resposta | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  useEffect(() => {
    let vivo = true;
    api.get<Resposta>(`Tributacao/sugestao-ibscbs?produtoId=${id}`).then((x) => vivo && setR(x.data), (e) => vivo && setErro(toApiError(e).message));
    return () => { vivo = false; };
  }, [id]);
  if (erro) return <Alert type="error" showIcon message={erro} />;
  if (!r) return <Spin />;
  return (
    <div data-sugestao-ibscbs>
      <Descriptions size="small" column={1} items={[
        { key: 'fonte', label: 'Fonte', children: r.fonte },
        {
          key: 'atual', label: 'Classificação do perfil tributário',
          children: r.atual
            ? <span>{r.atual.perfil}: CST {r.atual.cst} / cClassTrib {r.atual.cClassTrib}{r.atual.cIndOp ? ` / cIndOp ${r.atual.cIndOp}` : ''}{' '}
                {r.sugestoes.length > 0 && (r.atualSugerida ? <Tag color="green">entre as sugeridas</Tag> : <Tag color="orange">fora das sugeridas: confira</Tag>)}</span>
            : 'O perfil tributário não tem CST/cClassTrib do IBS/CBS (informe-os no perfil tributário).',
        },
      ]} />
      {r.sugestoes.length > 0 && (
        <Table<SugestaoIbsCbs>
          size="small"
          pagination={false}
          rowKey={(s) => `${s.cClassTrib}|${s.cIndOp ?? ''}`}
          dataSource={r.sugestoes}
          columns={[
            { title: 'CST', dataIndex: 'cst', width: 70 },
            { title: 'cClassTrib', dataIndex: 'descricao' },
            { title: 'cIndOp', dataIndex: 'descricaoCIndOp', render: (v: string | undefined, s) => v ?? s.cIndOp ?? '—' },
            { title: 'NBS do item', dataIndex: 'nbs', width: 100, align: 'right' },
          ]}
        />
      )}
    </div>
  );
}
