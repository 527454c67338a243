import { Alert, Button } from 'antd';
import { useState } from 'react';
import { api } from '../api/client.ts';
import { clearSession, saveSession } from '../api/session.ts';
import { origemSuporte, sairDoSuporte } from './suporte.ts';

/** While a brand admin is inside a customer account for support, this stays on screen with the way back. */
export function SuporteBanner() {
  const [origem] = useState(origemSuporte);
  if (!origem) return null;
  const voltar = async () => {
    await api.post('Usuarios/logout', {}).catch(() => undefined);
    const o = sairDoSuporte();
    clearSession();
    if (o?.token) saveSession(o.token, o.user ?? ({} as never));
    window.location.hash = '#/administrador/configuracoes/contas';
    window.location.reload();
  };
  return (
    <Alert
      className="suporte-banner"
      type="warning"
      banner
      showIcon
      message={`Você está na conta ${origem.conta} como suporte da marca. Este acesso foi registrado.`}
      action={
        <Button size="small" onClick={voltar}>
          Sair da conta do cliente
        </Button>
      }
    />
  );
}
