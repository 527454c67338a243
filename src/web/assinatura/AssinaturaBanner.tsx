import { Alert, Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { MENSAGENS_PLANO, somenteLeitura } from '../../shared/assinatura.ts';
import { ASSINATURA_PAGE, useAssinatura } from './assinatura.ts';

/**
 * SPEC 4 plan state above every page: the days left of a trial, and for a blocked account (trial expired,
 * delinquent) that the system only reads, with the way to pay.
 */
export function AssinaturaBanner({ enabled = true }: { enabled?: boolean }) {
  const navigate = useNavigate();
  const { data } = useAssinatura(enabled);
  if (!enabled || !data || data.estado === 'ativo') return null;
  if (data.estado === 'trial') {
    return (
      <Alert
        className="assinatura-banner"
        data-estado="trial"
        type="info"
        showIcon
        banner
        message={MENSAGENS_PLANO.trial(data.diasRestantes)}
        action={<Button size="small" onClick={() => navigate(ASSINATURA_PAGE)}>Contratar plano</Button>}
      />
    );
  }
  const bloqueada = somenteLeitura(data.estado);
  return (
    <Alert
      className="assinatura-banner"
      data-estado={data.estado}
      type={bloqueada ? 'error' : 'warning'}
      showIcon
      banner
      message={data.estado === 'trialExpirado' ? MENSAGENS_PLANO.trialExpirado : MENSAGENS_PLANO.inadimplente}
      action={
        <Button size="small" type="primary" onClick={() => navigate(ASSINATURA_PAGE)}>
          {data.estado === 'trialExpirado' ? 'Contratar plano' : 'Regularizar pagamento'}
        </Button>
      }
    />
  );
}
