import { Alert, Button, Card, Descriptions, Input, Space, Spin, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { useEnvio } from '../../api/envio.ts';
import { toApiError } from '../../api/errors.ts';
import { toast } from '../../dialogs/dialogs.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

interface Certificado {
  titular: string;
  subject: string;
  emissor: string;
  cnpj: string | null;
  validoDesde: string;
  validoAte: string;
  diasParaVencer: number;
  vencido: boolean;
}

const data = (iso: string) => new Date(iso).toLocaleDateString('pt-BR', { timeZone: 'America/Sao_Paulo' });
const cnpj = (c: string | null) => (c ? c.replace(/^(\d{2})(\d{3})(\d{3})(\d{4})(\d{2})$/, '$1.$2.$3/$4-$5') : '—');

/**
 * pages/fiscais/certificado-digital: the selected branch's A1 (.pfx + password). The server keeps it encrypted and
 * never returns it; the screen shows holder, CNPJ and validity.
 */
export default function CertificadoDigitalPage() {
  const [atual, setAtual] = useState<Certificado | null | undefined>(undefined);
  const [arquivo, setArquivo] = useState<File | null>(null);
  const [senha, setSenha] = useState('');
  const { erro, setErro, enviando, enviar: envio } = useEnvio();
  const carregar = () => api.get<{ certificado: Certificado | null }>('CertificadosDigitais/atual').then((r) => setAtual(r.data.certificado), (e) => setErro(toApiError(e).message));
  useEffect(() => {
    void carregar();
  }, []);
  const enviar = () => {
    if (!arquivo) return setErro('Escolha o arquivo do certificado (.pfx ou .p12).');
    return envio(async () => {
      const base64 = btoa(String.fromCharCode(...new Uint8Array(await arquivo.arrayBuffer())));
      const r = await api.post<{ certificado: Certificado }>('CertificadosDigitais', { arquivo: base64, senha });
      setAtual(r.data.certificado);
      setArquivo(null);
      setSenha('');
      toast('success', 'Certificado digital salvo.');
    });
  };
  return (
    <div>
      <PageTitle>Certificado digital</PageTitle>
      {atual === undefined && !erro ? (
        <Spin />
      ) : atual ? (
        <Card size="small" title="Certificado em uso">
          {atual.vencido ? <Alert type="error" showIcon title="Este certificado está vencido: envie o novo para continuar emitindo." style={{ marginBottom: 8 }} /> : atual.diasParaVencer <= 30 ? <Alert type="warning" showIcon title={`Vence em ${atual.diasParaVencer} dias.`} style={{ marginBottom: 8 }} /> : null}
          <Descriptions size="small" column={1} bordered>
            <Descriptions.Item label="Titular">
              <span data-testid="certificado-titular">{atual.titular}</span>
            </Descriptions.Item>
            <Descriptions.Item label="CNPJ">{cnpj(atual.cnpj)}</Descriptions.Item>
            <Descriptions.Item label="Validade">
              <span data-testid="certificado-validade">
                {data(atual.validoDesde)} a {data(atual.validoAte)}
              </span>
            </Descriptions.Item>
            <Descriptions.Item label="Emissor">{atual.emissor}</Descriptions.Item>
          </Descriptions>
        </Card>
      ) : (
        <Alert type="info" showIcon title="A filial ainda não tem certificado digital: envie o arquivo A1 para emitir notas." />
      )}
      <Card size="small" title={atual ? 'Trocar o certificado' : 'Enviar o certificado'} style={{ marginTop: 12 }}>
        <Space direction="vertical">
          <Upload accept=".pfx,.p12" maxCount={1} beforeUpload={(f) => (setArquivo(f), false)} onRemove={() => setArquivo(null)} fileList={arquivo ? [{ uid: '1', name: arquivo.name, status: 'done' }] : []}>
            <Button>Escolher arquivo (.pfx)</Button>
          </Upload>
          <Input.Password aria-label="Senha do certificado" placeholder="Senha do certificado" value={senha} onChange={(e) => setSenha(e.target.value)} style={{ width: 280 }} />
          {erro ? <Alert data-testid="erro-certificado" type="error" showIcon title={erro} /> : null}
          <Button type="primary" onClick={enviar} loading={enviando}>
            Salvar certificado
          </Button>
        </Space>
      </Card>
    </div>
  );
}
