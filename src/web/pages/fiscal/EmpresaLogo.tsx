import { Button, Empty, Space, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';

/** The branch's logo for the DANFE: PNG or JPEG up to 512 KB, kept in the file storage (PUT Empresas/{id}/logo). */
export default function EmpresaLogo({ id }: { id: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [versao, setVersao] = useState(0);
  const [enviando, setEnviando] = useState(false);

  useEffect(() => {
    let url: string | null = null;
    let alive = true;
    api
      .get<Blob>(`Empresas/${id}/logo`, { responseType: 'blob' })
      .then((r) => {
        if (!alive) return;
        url = URL.createObjectURL(r.data);
        setSrc(url);
      })
      .catch(() => alive && setSrc(null));
    return () => {
      alive = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [id, versao]);

  const enviar = (file: File) => {
    const reader = new FileReader();
    reader.onload = async () => {
      setEnviando(true);
      try {
        await api.put(`Empresas/${id}/logo`, { arquivo: reader.result });
        toast('success', 'Logo salvo com sucesso.');
        setVersao((v) => v + 1);
      } catch (err) {
        showError(err);
      } finally {
        setEnviando(false);
      }
    };
    reader.readAsDataURL(file);
    return false;
  };

  const remover = async () => {
    try {
      await api.delete(`Empresas/${id}/logo`);
      setVersao((v) => v + 1);
    } catch (err) {
      showError(err);
    }
  };

  return (
    <div data-testid="empresa-logo">
      {src ? <img src={src} alt="Logo do DANFE" style={{ maxHeight: 120, maxWidth: 320, display: 'block', marginBottom: 16 }} /> : <Empty description="Nenhum logo: o DANFE sai só com os dados da empresa." />}
      <Space>
        <Upload accept="image/png,image/jpeg" showUploadList={false} beforeUpload={enviar}>
          <Button loading={enviando}>{src ? 'Trocar logo' : 'Enviar logo'}</Button>
        </Upload>
        {src && (
          <Button danger onClick={remover}>
            Remover logo
          </Button>
        )}
      </Space>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        PNG ou JPEG de até 512 KB; aparece no canto do DANFE das notas desta filial.
      </Typography.Paragraph>
    </div>
  );
}
