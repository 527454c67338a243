import { Button, Card, Descriptions, Space, Spin, Typography } from 'antd';
import { Link, useParams } from 'react-router-dom';
import { useRecord } from '../../api/hooks.ts';
import { toApiError } from '../../api/errors.ts';
import { AmostraPdf } from './EtiquetaAmostra.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

const mm = (v: unknown) => `${String(v ?? '').replace(/\.?0+$/, '').replace('.', ',')} mm`;

/** pages/estoque/etiqueta/visualizar/:id: a label layout's measures and a sample sheet (one row) as the printer gets it. */
export default function EtiquetaVisualizarPage() {
  const { id } = useParams();
  const rec = useRecord<Record<string, any>>('Etiquetas', id, { revalidateOnFocus: false });
  if (rec.error) return <Typography.Text type="danger">{toApiError(rec.error).message}</Typography.Text>;
  if (!rec.data) return <Spin />;
  const e = rec.data;
  return (
    <div data-page="etiqueta-visualizar">
      <PageTitle>Etiqueta: {e.descricao}</PageTitle>
      <Card size="small">
        <Descriptions size="small" column={{ xs: 1, md: 3 }}>
          <Descriptions.Item label="Tipo">{e.tipo === 'rolo' ? 'Rolo térmico' : 'Folha (A4 / Carta)'}</Descriptions.Item>
          <Descriptions.Item label="Página">{`${mm(e.larguraPagina)} × ${mm(e.alturaPagina)}`}</Descriptions.Item>
          <Descriptions.Item label="Etiqueta">{`${mm(e.largura)} × ${mm(e.altura)}`}</Descriptions.Item>
          <Descriptions.Item label="Colunas × linhas">{`${e.colunas} × ${e.linhas}`}</Descriptions.Item>
          <Descriptions.Item label="Margens">{`${mm(e.margemSuperior)} (superior), ${mm(e.margemEsquerda)} (esquerda)`}</Descriptions.Item>
          <Descriptions.Item label="Código de barras">{e.codigoBarras === 'ean13' ? 'EAN-13 (GTIN)' : e.codigoBarras === 'code128' ? 'Code-128 (código)' : 'Nenhum'}</Descriptions.Item>
        </Descriptions>
        <Space>
          <Link to={`/pages/estoque/etiqueta/editar/${id}`}>
            <Button>Editar</Button>
          </Link>
          <Link to="/pages/estoque/etiqueta/imprimir">
            <Button type="primary">Imprimir etiquetas</Button>
          </Link>
        </Space>
      </Card>
      <Card size="small" title="Amostra" style={{ marginTop: 16 }}>
        <AmostraPdf id={id!} height={500} />
      </Card>
    </div>
  );
}
