import { QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Drawer, Typography } from 'antd';
import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import useSWR from 'swr';
import { api } from '../api/client.ts';

interface Artigo {
  titulo: string;
  conteudo: string;
}

/**
 * The '?' of each page header (SPEC 2.8 ajuda): shown when the brand wrote an article for the current screen,
 * it opens the article beside the page.
 */
export function AjudaButton({ enabled = true }: { enabled?: boolean }) {
  const { pathname } = useLocation();
  const rota = pathname.replace(/^\//, '');
  const { data } = useSWR(enabled ? ['Ajuda', rota] : null, async () => (await api.get<{ artigo: Artigo | null }>('Ajuda', { params: { rota } })).data, { revalidateOnFocus: false });
  const [open, setOpen] = useState(false);
  const artigo = data?.artigo;
  if (!enabled || !artigo) return null;
  return (
    <>
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: '8px 24px 0' }}>
        <Button shape="circle" size="small" aria-label="Ajuda desta tela" icon={<QuestionCircleOutlined />} onClick={() => setOpen(true)} />
      </div>
      <Drawer open={open} onClose={() => setOpen(false)} title={artigo.titulo} width={420} className="ajuda-drawer">
        {artigo.conteudo.split(/\n{2,}/).map((p, i) => (
          <Typography.Paragraph key={i} style={{ whiteSpace: 'pre-wrap' }}>
            {p}
          </Typography.Paragraph>
        ))}
      </Drawer>
    </>
  );
}
