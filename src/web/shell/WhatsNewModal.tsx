import { Button, Modal, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router-dom';

/** SPEC 2.11 / 9: the version marker stored per configuration id once the modal was shown. */
export const WHATS_NEW_VERSION = '1';
export const whatsNewKey = (configId: string | number) => `novidades:${configId}`;

export const WHATS_NEW_SLIDES = [
  { titulo: 'Altere o status do boleto manualmente', texto: 'Agora você pode marcar um boleto pendente como pago (baixar) ou cancelá-lo direto na lista de boletos, sem esperar o retorno do banco.', link: 'pages/pagamentos/boletos' },
  { titulo: 'Notificações de boletos', texto: 'Receba um aviso no sino de notificações quando um boleto for pago, vencer ou for cancelado.' },
  { titulo: 'Divida o boleto em parcelas', texto: 'Parcele um boleto informando a quantidade, o dia fixo ou o intervalo entre as parcelas, ou defina datas e valores personalizados.', link: 'pages/pagamentos/boletos' },
] as readonly { titulo: string; texto: string; link?: string }[];

export function whatsNewSeen(configId: string | number): boolean {
  return localStorage.getItem(whatsNewKey(configId)) === WHATS_NEW_VERSION;
}

/** Previous/next with wrap-around from the last slide to the first and back. */
export const wrapSlide = (i: number, step: number, n = WHATS_NEW_SLIDES.length) => (((i + step) % n) + n) % n;

/**
 * The what's-new modal: large, centred, static backdrop, three slides, shown once per configuration id
 * (the marker is stored as soon as it opens, so a reload does not show it again).
 */
export function WhatsNewModal({ configId, eligible }: { configId: string | number | undefined; eligible: boolean }) {
  const [open, setOpen] = useState(false);
  const [slide, setSlide] = useState(0);
  const navigate = useNavigate();
  useEffect(() => {
    if (!eligible || configId === undefined || whatsNewSeen(configId)) return;
    localStorage.setItem(whatsNewKey(configId), WHATS_NEW_VERSION);
    setOpen(true);
  }, [configId, eligible]);
  const s = WHATS_NEW_SLIDES[slide];
  return (
    <Modal
      open={open}
      centered
      width={760}
      maskClosable={false}
      keyboard={false}
      closable={false}
      title="Olá! Temos novidades para você"
      onCancel={() => setOpen(false)}
      footer={[
        <Button key="a" onClick={() => setSlide((i) => wrapSlide(i, -1))}>Anterior</Button>,
        <Button key="p" onClick={() => setSlide((i) => wrapSlide(i, 1))}>Próximo</Button>,
        <Button key="f" type="primary" onClick={() => setOpen(false)}>Finalizar</Button>,
      ]}
    >
      <div data-slide={slide} style={{ minHeight: 160, padding: '16px 8px' }}>
        <Typography.Title level={4}>{s.titulo}</Typography.Title>
        <Typography.Paragraph>{s.texto}</Typography.Paragraph>
        {s.link && (
          <Typography.Paragraph>
            <Button type="link" style={{ padding: 0 }} onClick={() => (setOpen(false), navigate(`/${s.link}`))}>Ver em Boletos</Button>
          </Typography.Paragraph>
        )}
        <Typography.Text type="secondary">{`${slide + 1} de ${WHATS_NEW_SLIDES.length}`}</Typography.Text>
      </div>
    </Modal>
  );
}
