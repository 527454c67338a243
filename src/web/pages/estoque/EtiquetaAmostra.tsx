import { Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';

/** A saved label layout's sample sheet (one row) as PDF, as the printer gets it. */
export function AmostraPdf({ id, height }: { id: number | string; height: number }) {
  const [pdf, setPdf] = useState<string | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  useEffect(() => {
    let url: string | null = null;
    api
      .get<Blob>(`Etiquetas/${id}/amostra`, { responseType: 'blob' })
      .then((r) => setPdf((url = URL.createObjectURL(r.data))))
      .catch(async (e) => {
        const d = e?.response?.data;
        setErro(d instanceof Blob ? (JSON.parse(await d.text())?.error?.message ?? 'Não foi possível gerar a amostra.') : toApiError(e).message);
      });
    return () => void (url && URL.revokeObjectURL(url));
  }, [id]);
  return erro ? <Typography.Text type="danger">{erro}</Typography.Text> : pdf ? <iframe title="Amostra" src={pdf} style={{ width: '100%', height, border: 0 }} /> : <Spin />;
}

/** The sample under a saved layout's form; the full view is pages/estoque/etiqueta/visualizar/:id. */
export default function EtiquetaAmostra({ id }: { id: number }) {
  return (
    <div>
      <Typography.Paragraph type="secondary">
        Amostra do modelo salvo. <Link to={`/pages/estoque/etiqueta/visualizar/${id}`}>Visualizar</Link>
      </Typography.Paragraph>
      <AmostraPdf id={id} height={420} />
    </div>
  );
}
