import { Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';

/** A saved label layout's sample row as PDF, under its form; the full view is pages/estoque/etiqueta/visualizar/:id. */
export default function EtiquetaAmostra({ id }: { id: number }) {
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
  return (
    <div>
      <Typography.Paragraph type="secondary">
        Amostra do modelo salvo. <Link to={`/pages/estoque/etiqueta/visualizar/${id}`}>Visualizar</Link>
      </Typography.Paragraph>
      {erro ? <Typography.Text type="danger">{erro}</Typography.Text> : pdf ? <iframe title="Amostra" src={pdf} style={{ width: '100%', height: 420, border: 0 }} /> : <Spin />}
    </div>
  );
}
