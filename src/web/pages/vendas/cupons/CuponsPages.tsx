import { CloseCircleOutlined, FileTextOutlined, StopOutlined, MailOutlined, PrinterOutlined, RedoOutlined, SendOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import type { ReactNode } from 'react';
import { useSWRConfig } from 'swr';
import { api } from '../../../api/client.ts';
import { getUser, may } from '../../../api/session.ts';
import { useSomenteLeitura } from '../../../assinatura/assinatura.ts';
import { useBrandDoc } from '../../../brand/brand-overlay.ts';
import { confirmDialog, showError, textInputDialog, toast } from '../../../dialogs/dialogs.tsx';
import { SchemaGrid } from '../../../renderer/SchemaGrid.tsx';
import { resourceByName } from '../../../catalog/registry.ts';
import type { ResourceDoc } from '../../../../../generated/schema-types.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';

type Row = Record<string, unknown> & { id: number };

/**
 * One of the PDV's read-only lists (cupom fiscal, cupons com erro, solicitações de reenvio): its title above the
 * grid, as ResourceListPage draws the other lists, no create/edit/delete, the actions of each row.
 */
function ListaPdv({ recurso, alsoFields, rowActions }: { recurso: string; alsoFields?: string[]; rowActions: (row: Row) => ReactNode }) {
  const doc = useBrandDoc(resourceByName(recurso) as ResourceDoc);
  return (
    <div>
      <PageTitle>{doc.title}</PageTitle>
      <SchemaGrid doc={doc} canCreate={false} canEdit={false} canDelete={false} alsoFields={alsoFields} rowActions={rowActions as (row: Record<string, unknown>) => ReactNode} />
    </div>
  );
}
const ALSO = ['chaveAcesso', 'situacao', 'numero', 'serie', 'motivo'];

/** Why a denied NFC-e has no cancel and no retransmit (the server refuses both): the title of its row's marker. */
export const motivoCupomDenegado = (row: Row) =>
  `Uso denegado pela SEFAZ${row.motivo ? ` (${String(row.motivo)})` : ''}: a NFC-e não pode ser cancelada nem retransmitida, e o número foi consumido.`;

type Recarregar = () => Promise<unknown>;
/** Reloads the PDV's lists (in the cache the page is drawn from) after an action changed a row. */
function useRecarregar(): Recarregar {
  const { mutate } = useSWRConfig();
  return () => mutate((key) => typeof key === 'string' && /"(CuponsFiscais|CuponsErro|SolicitacoesReenvio)"/.test(key), undefined, { revalidate: true });
}

async function abrir(url: string, tipo: string) {
  try {
    const r = await api.get<Blob>(url, { responseType: 'blob' });
    const link = URL.createObjectURL(new Blob([r.data], { type: tipo }));
    window.open(link, '_blank');
  } catch (err) {
    showError(err);
  }
}

async function baixarXml(row: Row) {
  try {
    const r = await api.get<Blob>(`Pdv/cupons/${row.id}/xml`, { responseType: 'blob' });
    const a = document.createElement('a');
    a.href = URL.createObjectURL(r.data);
    a.download = `${String(row.chaveAcesso)}.xml`;
    a.click();
  } catch (err) {
    showError(err);
  }
}

async function cancelar(row: Row, recarregar: Recarregar) {
  const justificativa = await textInputDialog({ title: `Cancelar a NFC-e ${String(row.numero)}? O cancelamento é enviado à SEFAZ e não pode ser desfeito.`, label: 'Justificativa (de 15 a 255 caracteres)', min: 15, max: 255 });
  if (!justificativa) return;
  try {
    await api.post(`Pdv/cupons/${row.id}/cancelar`, { justificativa });
    toast('success', `NFC-e ${String(row.numero)} cancelada.`);
    await recarregar();
  } catch (err) {
    showError(err);
  }
}

async function enviarEmail(row: Row) {
  const email = await textInputDialog({ title: 'Enviar a NFC-e por e-mail', label: 'E-mail do consumidor', min: 5, max: 120 });
  if (!email) return;
  try {
    await api.post(`Pdv/cupons/${row.id}/reenviar-email`, { email });
    toast('success', `NFC-e enviada para ${email}.`);
  } catch (err) {
    showError(err);
  }
}

async function retransmitir(row: Row, recarregar: Recarregar) {
  if (!(await confirmDialog({ title: 'Retransmitir o cupom?', content: 'A NFC-e desta venda será emitida de novo na SEFAZ.' }))) return;
  try {
    const r = await api.post<{ situacao: string; numero: number | null; motivo?: string }>(`Pdv/cupons/${row.id}/retransmitir`, {});
    if (r.data.situacao === 'autorizada') toast('success', `NFC-e ${r.data.numero} autorizada.`);
    else toast('warning', `A NFC-e não foi autorizada: ${r.data.motivo ?? r.data.situacao}`);
    await recarregar();
  } catch (err) {
    showError(err);
  }
}

async function reenviar(row: Row, recarregar: Recarregar) {
  try {
    const r = await api.post<{ estado: string; resultado: string | null; cupom: { numero: number | null; serie: number | null } }>(`Pdv/solicitacoes-reenvio/${row.id}/reenviar`, {});
    const nota = `NFC-e ${r.data.cupom.numero}/${r.data.cupom.serie}`;
    if (r.data.estado === 'autorizada') toast('success', `${nota} autorizada.`);
    else if (r.data.estado === 'erro') toast('error', `${nota} rejeitada: ${r.data.resultado ?? ''}`);
    else toast('warning', `${nota} continua pendente: ${r.data.resultado ?? 'SEFAZ indisponível'}`);
  } catch (err) {
    showError(err);
  }
  await recarregar();
}

/** pages/vendas/cupom-fiscal: every NFC-e of the PDV with its state; reprint, e-mail, XML and cancel from its row. */
export function CupomFiscalPage() {
  const recarregar = useRecarregar();
  const user = useSomenteLeitura() ? null : getUser();
  const podeCancelar = may(user, 'app.saida', 'full');
  return (
    <ListaPdv
      recurso="cupomFiscal"
      alsoFields={ALSO}
      rowActions={(row) => {
        const emitida = row.situacao === 'autorizada' || row.situacao === 'contingencia' || row.situacao === 'cancelada';
        return (
          <Space size={0}>
            {emitida && <Button size="small" type="text" icon={<PrinterOutlined />} aria-label="Reimprimir" title="Reimprimir DANFCE" onClick={() => abrir(`Pdv/vendas/${row.id}/danfce`, 'application/pdf')} />}
            {emitida && <Button size="small" type="text" icon={<FileTextOutlined />} aria-label="Baixar XML" title="Baixar XML" onClick={() => baixarXml(row)} />}
            {emitida && <Button size="small" type="text" icon={<MailOutlined />} aria-label="Enviar por e-mail" title="Enviar por e-mail" onClick={() => enviarEmail(row)} />}
            {row.situacao === 'autorizada' && podeCancelar && <Button size="small" type="text" danger icon={<CloseCircleOutlined />} aria-label="Cancelar" title="Cancelar NFC-e" onClick={() => cancelar(row, recarregar)} />}
            {row.situacao === 'erro' && <Button size="small" type="text" icon={<RedoOutlined />} aria-label="Retransmitir" title="Retransmitir" onClick={() => retransmitir(row, recarregar)} />}
            {row.situacao === 'denegada' && <Button size="small" type="text" icon={<FileTextOutlined />} aria-label="Baixar XML" title="Baixar XML da NFC-e denegada" onClick={() => baixarXml(row)} />}
            {row.situacao === 'denegada' && <Button size="small" type="text" disabled icon={<StopOutlined />} aria-label="Cancelar ou retransmitir: indisponível" title={motivoCupomDenegado(row)} />}
          </Space>
        );
      }}
    />
  );
}

/** pages/vendas/cupom-erro: sales whose NFC-e failed, with the reason; retry from the row. */
export function CupomErroPage() {
  const recarregar = useRecarregar();
  const pode = may(useSomenteLeitura() ? null : getUser(), 'app.cupomerro', 'change');
  return (
    <ListaPdv
      recurso="cupomErro"
      alsoFields={ALSO}
      rowActions={(row) =>
        pode ? (
          <Button size="small" type="link" icon={<RedoOutlined />} onClick={() => retransmitir(row, recarregar)}>
            Retransmitir
          </Button>
        ) : null
      }
    />
  );
}

/**
 * pages/configuracoes/solicitacao-reenvios: the contingency NFC-e waiting for SEFAZ (one request per note, its
 * state, SEFAZ's last answer and the attempts); a pending or failed one is sent now from its row, and the list
 * shows its new state.
 */
export function SolicitacoesReenvioPage() {
  const recarregar = useRecarregar();
  const pode = may(useSomenteLeitura() ? null : getUser(), 'app.cupomerro', 'change');
  return (
    <ListaPdv
      recurso="solicitacaoReenvio"
      rowActions={(row) =>
        pode && row.estado !== 'autorizada' ? (
          <Button size="small" type="link" icon={<SendOutlined />} onClick={() => reenviar(row, recarregar)}>
            Reenviar agora
          </Button>
        ) : null
      }
    />
  );
}
